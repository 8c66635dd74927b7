/** The Mahjong deck engine: pure functions from text to problems, events and transcript. */
import { compareRanges, hasErrors, type Problem } from '../problem';
import type { MahjongGame } from './events';
import { parseMahjong, type ParsedMahjongDeck } from './parse';
import { simulateMahjong } from './simulate';
import { validateMahjong } from './validate';

export interface MahjongAnalysis {
  deck: ParsedMahjongDeck;
  /** Every problem, in document order. */
  problems: Problem[];
  /** The game played, when the deck has no errors. */
  game?: MahjongGame;
}

export function analyzeMahjong(text: string): MahjongAnalysis {
  const deck = parseMahjong(text);
  const problems = [...deck.problems, ...validateMahjong(deck)].sort((a, b) => compareRanges(a.range, b.range));
  const game = hasErrors(problems) ? undefined : simulateMahjong(deck.tiles.map((tile) => tile.kind!));
  return { deck, problems, game };
}

export * from './events';
export * from './tiles';
export { parseMahjong, type DeckTile, type ParsedMahjongDeck } from './parse';
export { validateMahjong, missingKinds } from './validate';
export { simulateMahjong } from './simulate';
export { renderMahjongTranscript, transcriptLine } from './transcript';
export { winningDistance, countKinds } from './distance';
export { tileFates, type TileFate, type TileEnd } from './fates';
export { shuffledMahjongDeck, mahjongDeckText } from './shuffle';
export { mahjongSnapshots, type MahjongSnapshot } from './snapshots';
export {
  mahjongDecisions, type MahjongDecision, type DiscardDecision, type DiscardCandidate, type RonCheck, type ClaimCheck,
  type SpecialDecision, type SpecialEffect, type SelfDrawnDecision, type SkippedTurnDecision,
} from './decisions';
export { mahjongExplainRecords, type MahjongExplainRecord } from './explain';
export { mahjongJudgeInput } from './judgeInput';
