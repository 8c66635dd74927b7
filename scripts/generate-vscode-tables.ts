/**
 * `npm run generate`: writes docs/vscode.md's tables of commands and settings from their one
 * source (server/src/protocol/commands.ts and settings.ts; a command's title from package.json,
 * which a test checks against the same table). test/unit/docs.test.ts fails when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, COMMAND_SUMMARIES } from '../server/src/protocol/commands';
import { SETTINGS, SETTINGS_SECTION, type SettingSpec } from '../server/src/protocol/settings';
import { withBlock } from './generated-block';

/** Where the tables live, from the repository root. */
export const VSCODE_DOC = 'docs/vscode.md';
const COMMANDS_BEGIN = '<!-- the commands, written by `npm run generate` from protocol/commands.ts -->';
const COMMANDS_END = '<!-- end of the commands -->';
const SETTINGS_BEGIN = '<!-- the settings, written by `npm run generate` from protocol/settings.ts -->';
const SETTINGS_END = '<!-- end of the settings -->';

interface ContributedCommand { command: string; title: string; category?: string }

/** A table cell: a `|` would end the cell early. */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function commandsTable(contributed: readonly ContributedCommand[]): string {
  const rows = (Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]).map((key) => {
    const entry = contributed.find((c) => c.command === COMMANDS[key]);
    if (!entry) throw new Error(`package.json does not contribute ${COMMANDS[key]}`);
    const title = entry.category ? `${entry.category}: ${entry.title}` : entry.title;
    return `| ${cell(title)} | \`${COMMANDS[key]}\` | ${cell(COMMAND_SUMMARIES[key])} |`;
  });
  return ['| Command | Id | What it does |', '| --- | --- | --- |', ...rows].join('\n');
}

function meaning(spec: SettingSpec<unknown>): string {
  const bounds = [
    spec.enum && `One of ${spec.enum.map((value) => `\`${value}\``).join(', ')}.`,
    spec.minimum !== undefined && spec.maximum !== undefined && `From ${spec.minimum} to ${spec.maximum}.`,
    spec.minimum !== undefined && spec.maximum === undefined && `At least ${spec.minimum}.`,
  ].filter(Boolean);
  return [spec.description, ...bounds].join(' ');
}

export function settingsTable(): string {
  const rows = Object.entries(SETTINGS).map(([name, spec]: [string, SettingSpec<unknown>]) => {
    const value = `\`${JSON.stringify(spec.default)}\``;
    return `| \`${SETTINGS_SECTION}.${name}\` | ${value} | ${spec.owner} | ${cell(meaning(spec))} |`;
  });
  return ['| Setting | Default | Read by | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** docs/vscode.md's text with both tables regenerated, given package.json's text. */
export function generatedVscodeDoc(text: string, manifestText: string): string {
  const manifest = JSON.parse(manifestText) as { contributes: { commands: ContributedCommand[] } };
  const withCommands = withBlock(text, COMMANDS_BEGIN, COMMANDS_END, commandsTable(manifest.contributes.commands));
  return withBlock(withCommands, SETTINGS_BEGIN, SETTINGS_END, settingsTable());
}

if (require.main === module) {
  const root = join(__dirname, '..', '..');
  const file = join(root, VSCODE_DOC);
  const before = readFileSync(file, 'utf8');
  const after = generatedVscodeDoc(before, readFileSync(join(root, 'package.json'), 'utf8'));
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? `${VSCODE_DOC} is up to date` : `${VSCODE_DOC}: commands and settings written`);
}
