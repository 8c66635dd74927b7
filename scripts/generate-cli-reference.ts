/**
 * `npm run generate`: writes the CLI reference in README.md from deck-sim's help texts (the
 * overall usage, then each command's `--help`), so each is written once, beside its options.
 * test/cli/help.test.ts fails when README.md is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_NAMES, USAGE, commandHelp } from '../server/src/cli/main';

export const BEGIN = "<!-- deck-sim's help texts, written by `npm run generate` -->";
export const END = "<!-- end of deck-sim's help texts -->";

/** The reference block: `$ deck-sim --help` and its text, then each command's. */
export function cliReference(): string {
  const texts = [['--help', USAGE], ...COMMAND_NAMES.map((name) => [`${name} --help`, commandHelp(name)!])];
  return ['```text', texts.map(([words, text]) => `$ deck-sim ${words}\n${text}`).join('\n'), '```'].join('\n');
}

/** README's text with the block between BEGIN and END regenerated; an error when the markers are missing. */
export function generatedReadme(text: string): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no ${BEGIN} … ${END} block`);
  return `${text.slice(0, begin + BEGIN.length)}\n${cliReference()}\n${text.slice(end)}`;
}

if (require.main === module) {
  const file = join(__dirname, '..', '..', 'README.md');
  const before = readFileSync(file, 'utf8');
  const after = generatedReadme(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? 'README.md is up to date' : "README.md: deck-sim's help texts written");
}
