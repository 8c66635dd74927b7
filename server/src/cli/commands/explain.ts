/**
 * `deck-sim explain FILE`: each transcript line with the deck line it moves and why it happens;
 * `--json`: core's explain records exactly, one JSON object a line. Both stream: a ⑨ game can
 * have 300,000 lines.
 */
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import { hasErrors } from '../../core/problem';
import { analyze, type DeckAnalysis, type DeckFormat } from '../gameFormats';
import { LineWriter, type Io } from '../processIo';
import { formatOption, readDeck, refuseFolder } from '../deckSource';
import { formatProblems } from '../outputFormat';
import type { ExplainedLine } from '../../features/gameService';
import type { CommandHelp } from '../help';
import { FORMAT_HELP } from './manyDecks';

export const EXPLAIN_OPTIONS: OptionSpec = { '--json': 'flag', '--format': 'value', '--line': 'value' };
const EXPLAIN_HELP: CommandHelp = {
  usage: ['[--json] [--format F] [--line N] FILE'],
  options: [
    ['--json', 'the explain records instead, one JSON object a line (schema in docs/cli.md)'],
    FORMAT_HELP,
    ['--line N', 'only transcript line N'],
  ],
};

export async function explain(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  if (args.positional.length !== 1) throw new UsageError('explain needs exactly one deck FILE');
  const file = args.positional[0];
  refuseFolder('explain', file);
  const analysis = loadAnalysis(file, format, io);
  if (!analysis) return 1;
  // Read once the deck is known, so that the message names the real bound.
  const only = integerOption(args, '--line', 1, analysis.lineCount(), 0, "the transcript's last line");
  const out = new LineWriter(io);
  const json = args.options.has('--json');
  if (json) {
    const records = only > 0 ? [analysis.lineReport(only)!.record] : analysis.explainRecords();
    for (const record of records) out.write(JSON.stringify(record) + '\n');
  } else if (only > 0) {
    out.write(explainedText(analysis.lineReport(only)!));
  } else {
    for (const line of analysis.explainedLines()) out.write(explainedText(line));
  }
  out.flush();
  return 0;
}

/** `58: C OUT Z  (deck line 60: Z)`, then the why, indented. */
function explainedText(line: ExplainedLine): string {
  const where = line.deckLine ? `  (deck line ${line.deckLine.line}: ${line.deckLine.token})` : '';
  return `${line.line}: ${line.text}${where}\n${line.why.map((text) => `    ${text}\n`).join('')}`;
}

/** The deck's analysis, or undefined when it cannot be read or has errors (its problems on stderr). */
function loadAnalysis(file: string, format: DeckFormat | undefined, io: Io): DeckAnalysis | undefined {
  const deck = readDeck(file, format, io);
  if (!deck) return undefined;
  const analysis = analyze(deck.format, deck.text);
  io.stderr(formatProblems(deck.name, analysis.problems));
  return hasErrors(analysis.problems) ? undefined : analysis;
}

export const command: Command = { options: EXPLAIN_OPTIONS, help: EXPLAIN_HELP, run: explain };
