import { compareRanges, hasErrors, type Problem } from '../problem';
import { parseCirno, type CirnoDeck } from './parse';
import type { CirnoGame } from './game';
import { simulateCirno } from './simulate';
import { validateCirno } from './validate';

export { CIRNO_CARDS, describeCard, type CirnoCardName } from './cards';
export { LIMITS as CIRNO_LIMITS } from './limits';
export { MAX_NAME_LENGTH as CIRNO_MAX_NAME_LENGTH, cirnoNameFault, type CirnoNameFault } from './names';
export { type CirnoDeck, type CirnoHeaderNumber, type CirnoPlayer } from './parse';
export { CirnoPile, type CirnoCard } from './pile';
export {
  CirnoGame,
  type CirnoCardSource,
  type CirnoDrawEvent,
  type CirnoEvent,
  type CirnoHeldCard,
  type CirnoLoseEvent,
  type CirnoPlayEvent,
  type CirnoRoundStartEvent,
} from './game';
export { cirnoCardAt, cirnoCardFate, cirnoPlayerSummary, type CirnoCardFate, type CirnoPlayerSummary } from './queries';
export {
  CIRNO_CHUNK_BYTES, renderCirnoTranscript, renderCirnoTranscriptChunks, type CirnoChunkOptions,
} from './transcript';
export {
  cirnoDecision,
  cirnoExplainRecord,
  cirnoExplainRecords,
  cirnoLineEvents,
  type CirnoCandidate,
  type CirnoDecision,
  type CirnoExplainPlay,
  type CirnoExplainRecord,
  type CirnoLineEvent,
  type CirnoNextReason,
  type CirnoNextTurn,
  type CirnoRule,
} from './decisions';
export { CIRNO_CHECKPOINT_EVERY, cirnoEventLine, cirnoStateAt, cirnoStates, type CirnoState } from './snapshots';

export interface CirnoAnalysis {
  /** Sorted by position. */
  problems: Problem[];
  /** Present once the header gave a valid n, so players and pile could be located. */
  deck?: CirnoDeck;
  /** The played game; present only when there is no error. */
  game?: CirnoGame;
  /** When simulation stopped on an error (pile ran out, |p| reached 10,000): the game up to there. */
  partialGame?: CirnoGame;
}

/** Parses, validates and, when the deck is sound, plays a `.cirnodeck` text. Never throws. */
export function analyzeCirno(text: string): CirnoAnalysis {
  const parsed = parseCirno(text);
  const { deck } = parsed;
  if (!deck) return { problems: sorted(parsed.problems) };
  const problems = [...parsed.problems, ...validateCirno(deck)];
  if (hasErrors(problems)) return { problems: sorted(problems), deck };
  const { game, problem } = simulateCirno(deck);
  if (problem) return { problems: sorted([...problems, problem]), deck, partialGame: game };
  return { problems: sorted(problems), deck, game };
}

function sorted(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => compareRanges(a.range, b.range));
}
export { randomCirnoDeckText } from './generate';
export { cirnoJudgeInput } from './judgeInput';
