/**
 * `npm run generate`: writes the help texts in docs/cli.md from deck-sim's own (the overall
 * usage, then each command's `--help`), so each is written once, beside its options.
 * test/cli/help.test.ts fails when docs/cli.md is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_NAMES, USAGE, commandHelp } from '../server/src/cli/main';
import { withBlock } from './generated-block';

/** Where the reference lives, from the repository root. */
export const CLI_REFERENCE = 'docs/cli.md';
export const BEGIN = "<!-- deck-sim's help texts, written by `npm run generate` -->";
export const END = "<!-- end of deck-sim's help texts -->";

/** The reference block: `$ deck-sim --help` and its text, then each command's. */
export function cliReference(): string {
  const texts = [['--help', USAGE], ...COMMAND_NAMES.map((name) => [`${name} --help`, commandHelp(name)!])];
  return ['```text', texts.map(([words, text]) => `$ deck-sim ${words}\n${text}`).join('\n'), '```'].join('\n');
}

/** docs/cli.md's text with the block between BEGIN and END regenerated. */
export function generatedCliReference(text: string): string {
  return withBlock(text, BEGIN, END, cliReference());
}

if (require.main === module) {
  const file = join(__dirname, '..', '..', CLI_REFERENCE);
  const before = readFileSync(file, 'utf8');
  const after = generatedCliReference(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? `${CLI_REFERENCE} is up to date` : `${CLI_REFERENCE}: deck-sim's help texts written`);
}
