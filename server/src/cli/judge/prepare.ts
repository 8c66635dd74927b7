/** A deck made ready to judge a solution on: its analysis, reference transcript and input. */
import { analyze, likelyMistakesOf, type DeckAnalysis } from '../gameFormats';
import type { Mistake } from '../../core/catalogue/types';
import { formatProblems } from '../outputFormat';
import type { Io } from '../processIo';
import { readDeck, refuseFolder, type DeckSource } from '../deckSource';
import type { DeckFormat } from '../gameFormats';

export interface JudgedDeck {
  name: string;
  analysis: DeckAnalysis;
  /** The reference transcript. */
  expected: string;
  /** What the solution reads. */
  input: string;
  /** The catalogue's mistakes that print exactly `output` on this deck. */
  likely(output: string): Mistake[];
}

/** The deck, or undefined when it has errors; `problems` are its formatted problem lines either way. */
export function prepareDeck(source: DeckSource): { deck?: JudgedDeck; problems: string } {
  const analysis = analyze(source.format, source.text);
  const problems = formatProblems(source.name, analysis.problems);
  const expected = analysis.transcript();
  const input = analysis.judgeInput();
  if (expected === undefined || input === undefined) return { problems };
  const likely = (output: string) => likelyMistakesOf(source.format, source.text, output);
  return { deck: { name: source.name, analysis, expected, input, likely }, problems };
}

/**
 * Reads and prepares one deck (for `command`, which takes one deck, not a folder), printing
 * why it cannot be judged (and its warnings) to stderr.
 */
export function loadJudgedDeck(
  command: string, file: string, format: DeckFormat | undefined, io: Io,
): JudgedDeck | undefined {
  refuseFolder(command, file);
  const source = readDeck(file, format, io);
  if (!source) return undefined;
  const { deck, problems } = prepareDeck(source);
  io.stderr(problems);
  return deck;
}
