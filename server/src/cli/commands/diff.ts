/** `deck-sim diff DECK OUTPUT`: the judge's comparison and report for an output you already have. */
import { stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import type { Io } from '../processIo';
import { loadJudgedDeck } from '../judge/prepare';
import { OUTPUT_CAP_BYTES } from '../judge/runner';
import { formatJudgement, judgeOutput, judgementJson } from '../judge/verdict';
import { cannotRead, readCapped } from '../fileInput';
import { formatOption } from '../deckSource';
import type { CommandHelp } from '../help';
import { FORMAT_HELP } from './manyDecks';

export const DIFF_OPTIONS: OptionSpec = { '--json': 'flag', '--format': 'value' };
const DIFF_HELP: CommandHelp = {
  usage: ['[--json] [--format F] DECK OUTPUT|-'],
  options: [['--json', 'the report as one JSON object'], FORMAT_HELP],
  notes: 'OUTPUT is compared with the transcript of DECK as the judge does: AC, or WA with the first differing line.',
};

export async function diff(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  if (args.positional.length !== 2) throw new UsageError('diff needs a DECK and an OUTPUT file');
  const [file, output] = args.positional;
  if (file === '-' && output === '-') throw new UsageError('diff cannot read both the DECK and the OUTPUT from stdin');
  const deck = loadJudgedDeck('diff', file, format, io);
  if (!deck) return 1;
  let actual: string;
  try {
    const read = output === '-' ? io.readStdin(OUTPUT_CAP_BYTES) : readCapped(output, OUTPUT_CAP_BYTES);
    if (typeof read !== 'string' && read.tooLarge) {
      io.stderr(`${output}: too large for a transcript (over ${OUTPUT_CAP_BYTES / (1024 * 1024)} MB)\n`);
      return 1;
    }
    actual = typeof read === 'string' ? read : read.bytes.toString('utf8');
  } catch (error) {
    io.stderr(cannotRead(output, error) + '\n');
    return 1;
  }
  const judgement = judgeOutput(deck.name, deck.analysis, deck.expected, actual, undefined, deck.likely);
  io.stdout(args.options.has('--json') ? judgementJson(judgement) : formatJudgement(judgement));
  return judgement.verdict === 'AC' ? 0 : 1;
}

export const command: Command = { options: DIFF_OPTIONS, help: DIFF_HELP, run: diff };
