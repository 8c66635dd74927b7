/**
 * A plain interpreter of the ⑨ rules page whose rules are a small object of hooks, for playing
 * a mistaken reading of one rule beside the real engine. Written for reading, not for speed:
 * the plain simulation (simulate.ts) is the engine; this one is checked equal to it when no
 * hook is overridden.
 */
import { CIRNO_CARDS, DOUBLE, PASS, TURN, applyCard, cardKind, isEscape, tieRank } from '../cards';
import { SAFE_MAX } from '../choice';
import { lostLine, playLine, roundLine } from '../lines';
import type { CirnoDeck } from '../parse';
import { P_LIMIT } from '../simulate';

const D2 = cardKind('D2');

/** A card in hand: its kind (index in CIRNO_CARDS) and slot (0-2). */
export interface HeldCard {
  kind: number;
  slot: number;
}

/** What a doubled player does once her normal card has cleared her mark (rule 6). */
export type AfterDoubledCard = 'rule-5' | 'rule-6' | 'hand-on';

/** The rules, one hook per point a solver can read wrongly; CIRNO_RULES_AS_WRITTEN is the page. */
export interface CirnoVariantRules {
  /** Rule 3: p after D2. */
  halve(p: number): number;
  /** Rule 4: whether p after a normal card is safe. */
  isSafe(p: number): boolean;
  /** Rule 5: which of two safe normal cards giving the same largest p goes first (negative: a). */
  plainTie(a: HeldCard, b: HeldCard): number;
  /** Rule 6: which of two safe normal cards giving the same smallest p goes first (negative: a). */
  doubledTie(a: HeldCard, b: HeldCard): number;
  /** Rule 5: the escape cards in the order a player with no safe normal card looks for them. */
  plainEscapeOrder: readonly number[];
  /** Rule 6: the escape cards in the order a doubled player looks for them. */
  doubledEscapeOrder: readonly number[];
  /** Rule 6: a doubled player plays the safe normal card giving the smallest p (else the largest). */
  doubledPlaysSmallest: boolean;
  /** Rule 6: a doubled player looks for an escape card before a safe normal card. */
  doubledEscapeFirst: boolean;
  /** Rule 6: after a doubled player's normal card (her mark cleared), who plays and how. */
  afterDoubledCard: AfterDoubledCard;
  /** Rule 6: the marks the next player carries after a doubled player holding `marks` plays escape card `card`. */
  marksPassedOn(card: number, marks: number): number;
  /** Rule 6: whether the player after a TURN is counted in the old direction (`doubled`: played under a mark). */
  turnHandsOnInOldDirection(doubled: boolean): boolean;
  /** Rule 2: who starts a later round, from the previous round's loser and the players. */
  starter(loser: number, n: number): number;
  /** Rule 2: p at a later round's start, from p when the previous one ended. */
  startP(p: number): number;
  /** Rule 2: the direction at a later round's start, from the previous one's at its end. */
  startDirection(direction: 1 | -1): 1 | -1;
  /** Rules 2 and 8: the marks the starter of a later round carries, from the loser's at her loss. */
  startMarks(marks: number): number;
  /** Rule 8: whether the loser drops her hand and draws three new cards. */
  loserRedraws: boolean;
}

export const CIRNO_RULES_AS_WRITTEN: CirnoVariantRules = {
  halve: (p) => Math.floor(p / 2),
  isSafe: (p) => p <= SAFE_MAX,
  plainTie: (a, b) => tieRank(a.kind, false) - tieRank(b.kind, false) || a.slot - b.slot,
  doubledTie: (a, b) => tieRank(a.kind, true) - tieRank(b.kind, true) || a.slot - b.slot,
  plainEscapeOrder: [PASS, TURN, DOUBLE],
  doubledEscapeOrder: [PASS, TURN, DOUBLE],
  doubledPlaysSmallest: true,
  doubledEscapeFirst: true,
  afterDoubledCard: 'rule-5',
  marksPassedOn: () => 1,
  turnHandsOnInOldDirection: () => false,
  starter: (loser) => loser,
  startP: () => 0,
  startDirection: () => 1,
  startMarks: () => 0,
  loserRedraws: true,
};

/** p after a normal card under the rules' halving; escape cards leave it alone. */
function effect(kind: number, p: number, rules: CirnoVariantRules): number {
  if (isEscape(kind)) return p;
  return kind === D2 ? rules.halve(p) : applyCard(kind, p);
}

interface Play {
  slot: number;
  p: number;
}

/** The safe normal card a player picks: the largest p (or the smallest when `smallest`), then `tie`. */
function bestNormal(
  hand: readonly number[], p: number, rules: CirnoVariantRules, smallest: boolean,
  tie: (a: HeldCard, b: HeldCard) => number,
): Play | undefined {
  let best: (HeldCard & { p: number }) | undefined;
  hand.forEach((kind, slot) => {
    if (isEscape(kind)) return;
    const q = effect(kind, p, rules);
    if (!rules.isSafe(q)) return;
    const card = { kind, slot, p: q };
    if (!best) best = card;
    else if (q !== best.p ? (smallest ? q < best.p : q > best.p) : tie(card, best) < 0) best = card;
  });
  return best && { slot: best.slot, p: best.p };
}

/** The first escape card of `order` in the hand (the lowest slot of its copies). */
function firstEscape(hand: readonly number[], p: number, order: readonly number[]): Play | undefined {
  for (const kind of order) {
    const slot = hand.indexOf(kind);
    if (slot >= 0) return { slot, p };
  }
  return undefined;
}

/** Rules 5 and 6: the card played, or undefined when the player loses. */
function choose(hand: readonly number[], p: number, doubled: boolean, rules: CirnoVariantRules): Play | undefined {
  if (!doubled) {
    return bestNormal(hand, p, rules, false, rules.plainTie) ?? firstEscape(hand, p, rules.plainEscapeOrder);
  }
  const escape = () => firstEscape(hand, p, rules.doubledEscapeOrder);
  const normal = () => bestNormal(hand, p, rules, rules.doubledPlaysSmallest, rules.doubledTie);
  return rules.doubledEscapeFirst ? escape() ?? normal() : normal() ?? escape();
}

/** Collects transcript lines into strings of some 64 KB, joined once at the end. */
class TranscriptBuilder {
  private readonly chunks: string[] = [];
  private chunk = '';

  line(text: string): void {
    this.chunk += `${text}\n`;
    if (this.chunk.length >= 1 << 16) {
      this.chunks.push(this.chunk);
      this.chunk = '';
    }
  }

  text(): string {
    this.chunks.push(this.chunk);
    this.chunk = '';
    return this.chunks.join('');
  }
}

/**
 * The transcript of a valid deck played under `rules`, or undefined when that game is not
 * defined (the pile runs out or |p| reaches 10,000).
 */
export function variantTranscript(deck: CirnoDeck, rules: CirnoVariantRules): string | undefined {
  const names = deck.players.map((player) => player.name);
  const n = names.length;
  const m = deck.m!.value!;
  const hands = deck.players.map((player) => player.hand.map((card) => cardKind(card.card!)));
  const pile = deck.pile.codes();
  let top = 0;
  const draw = (): number | undefined => (top < pile.length ? pile[top++] : undefined);
  const seat = (player: number, direction: number) => (player + direction + n) % n;
  const out = new TranscriptBuilder();

  let starter = 0;
  let p = 0;
  let direction: 1 | -1 = 1;
  let marks = 0;
  for (let round = 1; round <= m; round++) {
    if (round > 1) {
      starter = rules.starter(starter, n);
      p = rules.startP(p);
      direction = rules.startDirection(direction);
      marks = rules.startMarks(marks);
    }
    out.line(roundLine(round));
    let player = starter;
    // Set when a doubled player's next card is chosen under rule 6 without a mark (afterDoubledCard 'rule-6').
    let chooseAsDoubled = false;
    for (;;) {
      const hand = hands[player];
      const doubled = marks > 0;
      const play = choose(hand, p, doubled || chooseAsDoubled, rules);
      chooseAsDoubled = false;
      if (!play) break;
      const kind = hand[play.slot];
      if (Math.abs(play.p) >= P_LIMIT) return undefined;
      p = play.p;
      out.line(playLine(names[player], CIRNO_CARDS[kind], p));
      let next = player;
      if (isEscape(kind)) {
        if (kind === TURN) direction = direction === 1 ? -1 : 1;
        const towards = kind === TURN && rules.turnHandsOnInOldDirection(doubled) ? -direction : direction;
        next = seat(player, towards);
        if (doubled) marks = rules.marksPassedOn(kind, marks);
        else marks = kind === DOUBLE ? 1 : 0;
      } else if (doubled) {
        marks--;
        if (marks === 0 && rules.afterDoubledCard === 'hand-on') next = seat(player, direction);
        else if (marks === 0 && rules.afterDoubledCard === 'rule-6') chooseAsDoubled = true;
      } else {
        next = seat(player, direction);
      }
      const drawn = draw();
      if (drawn === undefined) return undefined;
      hand[play.slot] = drawn;
      player = next;
    }
    out.line(lostLine(names[player]));
    if (rules.loserRedraws) {
      for (let slot = 0; slot < 3; slot++) {
        const drawn = draw();
        if (drawn === undefined) return undefined;
        hands[player][slot] = drawn;
      }
    }
    starter = player;
  }
  return out.text();
}
