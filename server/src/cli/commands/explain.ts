/** `deck-sim explain FILE`: each transcript line with the deck line it moves and why it happens. */
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import type { Io } from '../io';
import { deckLineOf } from '../judge/context';
import { explainLine } from '../judge/explanation';
import { loadJudgedDeck } from '../judge/prepare';
import { formatOption } from '../source';

export const EXPLAIN_OPTIONS: OptionSpec = { '--json': 'flag', '--format': 'value', '--line': 'value' };

export async function explain(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  if (args.positional.length !== 1) throw new UsageError('explain needs exactly one deck FILE');
  const file = args.positional[0];
  const only = integerOption(args, '--line', 1, Number.MAX_SAFE_INTEGER, 0);
  const deck = loadJudgedDeck(file, format, io);
  if (!deck) return 1;
  const transcript = deck.expected.split('\n').slice(0, -1);
  if (only > transcript.length) {
    const length = transcript.length;
    throw new UsageError(`--line ${only} is past the end: the transcript of '${deck.name}' has ${length} lines`);
  }
  const json = args.options.has('--json');
  const lines = only > 0 ? [only] : transcript.map((_, i) => i + 1);
  for (const line of lines) {
    const deckLine = deckLineOf(deck.analysis, line);
    const explanation = explainLine(deck.analysis, line);
    if (json) {
      const record = { line, text: transcript[line - 1], deckLine: deckLine?.line, explanation: explanation?.record };
      io.stdout(JSON.stringify(record) + '\n');
      continue;
    }
    const where = deckLine ? `  (deck line ${deckLine.line}: ${deckLine.token})` : '';
    const why = (explanation?.text ?? []).map((text) => `    ${text}\n`).join('');
    io.stdout(`${line}: ${transcript[line - 1]}${where}\n${why}`);
  }
  return 0;
}
