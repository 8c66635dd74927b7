/** A deck made ready to judge a solution on: its analysis, reference transcript and input. */
import { analyze, type DeckAnalysis } from '../decks';
import { formatProblem } from '../output';
import type { Io } from '../io';
import { loadDeck, refuseFolder, type DeckSource } from '../source';
import type { DeckFormat } from '../decks';

export interface JudgedDeck {
  name: string;
  analysis: DeckAnalysis;
  /** The reference transcript. */
  expected: string;
  /** What the solution reads. */
  input: string;
}

/** The deck, or undefined when it has errors; `problems` are its formatted problem lines either way. */
export function prepareDeck(source: DeckSource): { deck?: JudgedDeck; problems: string } {
  const analysis = analyze(source.format, source.text);
  const problems = analysis.problems.map((problem) => formatProblem(source.name, problem) + '\n').join('');
  const expected = analysis.transcript();
  const input = analysis.judgeInput();
  if (expected === undefined || input === undefined) return { problems };
  return { deck: { name: source.name, analysis, expected, input }, problems };
}

/**
 * Reads and prepares one deck (for `command`, which takes one deck, not a folder), printing
 * why it cannot be judged (and its warnings) to stderr.
 */
export function loadJudgedDeck(
  command: string, file: string, format: DeckFormat | undefined, io: Io,
): JudgedDeck | undefined {
  refuseFolder(command, file);
  const loaded = loadDeck(file, format, io);
  if ('error' in loaded) {
    io.stderr(loaded.error + '\n');
    return undefined;
  }
  const { deck, problems } = prepareDeck(loaded.deck);
  io.stderr(problems);
  return deck;
}
