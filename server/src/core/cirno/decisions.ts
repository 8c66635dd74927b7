import { CIRNO_CARDS, DOUBLE, PASS, TURN, applyCard, isEscape, type CirnoCardName } from './cards';
import { RULE_ALL_LOSE, SAFE_MAX, choiceRule, choiceSlot, choosePlay } from './choice';
import type { CirnoGame } from './game';
import { LOSE, PLAY, ROUND_START, unpackNext } from './log';
import { HANDS, applyEvent, checkIndex, cirnoEventLine, stateBefore } from './snapshots';

/**
 * Which rule decided a play: `max`, the safe normal card giving the largest p (ties C, A, B,
 * D, E); `min-double`, under DOUBLE the safe normal card giving the smallest p (ties D, B, A,
 * C, E); `escape`, an escape card (PASS, then TURN, then DOUBLE); `all-lose`, every play loses.
 */
export type CirnoRule = 'max' | 'min-double' | 'escape' | 'all-lose';

const RULES: readonly CirnoRule[] = ['max', 'min-double', 'escape', 'all-lose'];

/** A card in hand at a decision: the p it would give (escape cards: p unchanged) and whether it loses. */
export interface CirnoCandidate {
  card: CirnoCardName;
  p: number;
  loses: boolean;
}

/**
 * Why `next` plays after a card: `seat`, the next seat in the direction of play; `again`, a
 * doubled player's normal card clears her mark and she plays at once; `pass`, PASS hands the
 * turn on; `turn`, TURN reverses the direction; `double`, DOUBLE marks the next player. A mark
 * she carried moves on with a PASS or TURN (`doubled`).
 */
export type CirnoNextReason = 'seat' | 'again' | 'pass' | 'turn' | 'double';

export interface CirnoNextTurn {
  player: number;
  direction: 1 | -1;
  /** The next player carries the DOUBLE mark. */
  doubled: boolean;
  reason: CirnoNextReason;
}

/** The facts behind a play or a loss. */
export interface CirnoDecision {
  player: number;
  /** The player was under DOUBLE. */
  double: boolean;
  /** p before the play. */
  p: number;
  /** The hand, in slot order. */
  candidates: CirnoCandidate[];
  rule: CirnoRule;
  /** The card played, absent when every play loses. */
  chosen?: CirnoCardName;
  /** Its index in `candidates`. */
  slot?: number;
  /** Who plays next and why; absent on a loss. */
  next?: CirnoNextTurn;
}

/** The decision behind event `eventIndex` (a play or a loss), or undefined for a round start or a draw. */
export function cirnoDecision(game: CirnoGame, eventIndex: number): CirnoDecision | undefined {
  checkIndex(game, eventIndex, 0);
  const kind = game.log.kind(eventIndex);
  if (kind !== PLAY && kind !== LOSE) return undefined;
  return decide(game, stateBefore(game, eventIndex), eventIndex, true);
}

/** The decision of play or loss `i`, from the packed state before it; `next` only when asked. */
function decide(game: CirnoGame, state: Int32Array, i: number, withNext: boolean): CirnoDecision {
  const { log, kinds } = game;
  const player = log.player(i);
  const double = log.flag(i);
  const isPlay = log.kind(i) === PLAY;
  const p = isPlay ? log.pBefore(i) : log.a(i);
  const base = HANDS + 3 * player;
  const candidates: CirnoCandidate[] = [];
  for (let s = base; s < base + 3; s++) {
    const card = kinds[state[s]];
    const q = isEscape(card) ? p : applyCard(card, p);
    candidates.push({ card: CIRNO_CARDS[card], p: q, loses: !isEscape(card) && q > SAFE_MAX });
  }
  const choice = choosePlay(kinds[state[base]], kinds[state[base + 1]], kinds[state[base + 2]], p, double);
  const decision: CirnoDecision = { player, double, p, candidates, rule: RULES[choiceRule(choice)] };
  if (choiceRule(choice) === RULE_ALL_LOSE) return decision;
  const slot = choiceSlot(choice);
  const card = kinds[state[base + slot]];
  decision.chosen = CIRNO_CARDS[card];
  decision.slot = slot;
  if (isPlay && withNext) decision.next = { ...unpackNext(log.next(i)), reason: nextReason(card, double) };
  return decision;
}

function nextReason(card: number, double: boolean): CirnoNextReason {
  switch (card) {
    case PASS: return 'pass';
    case TURN: return 'turn';
    case DOUBLE: return 'double';
    default: return double ? 'again' : 'seat';
  }
}

/** A play or loss in `deck-sim explain --json`: the decision with the player's name. */
export interface CirnoExplainPlay {
  player: string;
  double: boolean;
  candidates: CirnoCandidate[];
  rule: CirnoRule;
  chosen?: CirnoCardName;
}

/** One transcript line of `deck-sim explain --json`; `play` on play and loss lines. */
export interface CirnoExplainRecord {
  /** 1-based transcript line. */
  line: number;
  text: string;
  play?: CirnoExplainPlay;
}

/** An event that prints a transcript line, with the decision behind it when it is a play or a loss. */
export interface CirnoLineEvent {
  /** Its index in the event log. */
  index: number;
  decision?: CirnoDecision;
}

/**
 * The round starts, plays and losses in order, each play and loss with its decision, from one
 * walk over the log: cirnoDecision per event would replay up to 1,024 events from a checkpoint
 * each time, and a game can have 300,000 lines. `withNext: false` leaves out who plays next,
 * which the JSON records do not show (an object less per play).
 */
export function* cirnoLineEvents(game: CirnoGame, withNext = true): Generator<CirnoLineEvent> {
  const { log } = game;
  const state = stateBefore(game, 0);
  for (let i = 0; i < log.count; i++) {
    const kind = log.kind(i);
    if (kind === ROUND_START) yield { index: i };
    else if (kind === PLAY || kind === LOSE) yield { index: i, decision: decide(game, state, i, withNext) };
    applyEvent(state, log, i, game.players.length);
  }
}

/**
 * The records of `deck-sim explain --json`, one per transcript line in order, made as they are
 * read. Keys are in the documented order.
 */
export function* cirnoExplainRecords(game: CirnoGame): Generator<CirnoExplainRecord> {
  for (const { index, decision } of cirnoLineEvents(game, false)) yield explainRecord(game, index, decision);
}

/** The explain record of event `eventIndex` alone, or undefined for a draw (it prints no line). */
export function cirnoExplainRecord(game: CirnoGame, eventIndex: number): CirnoExplainRecord | undefined {
  checkIndex(game, eventIndex, 0);
  const kind = game.log.kind(eventIndex);
  if (kind === ROUND_START) return explainRecord(game, eventIndex);
  if (kind !== PLAY && kind !== LOSE) return undefined;
  return explainRecord(game, eventIndex, decide(game, stateBefore(game, eventIndex), eventIndex, false));
}

function explainRecord(game: CirnoGame, index: number, decision?: CirnoDecision): CirnoExplainRecord {
  const line = game.log.line(index);
  const text = cirnoEventLine(game, index)!;
  if (!decision) return { line, text };
  const { player, double, candidates, rule, chosen } = decision;
  const play: CirnoExplainPlay = { player: game.players[player], double, candidates, rule };
  if (chosen !== undefined) play.chosen = chosen;
  return { line, text, play };
}
