/**
 * Decks built on purpose to take a rule branch or catch a mistake: the hands are set up through
 * the deal order and the first wall tiles so that the rare situation happens in the first turns,
 * then the rest is filled (see DeckPlan). A few arrangements are tried per seed, and the first
 * one that hits its target is kept.
 */
import { seededRandom, shuffle } from '../../seededRandom';
import { simulateMahjong } from '../simulate';
import { renderMahjongTranscript } from '../transcript';
import {
  DECK_SIZE, DOUBLE, FIRST_SPECIAL, HAND_SIZE, PASS, REVERSE, kindOf, type Player, type TileKind,
} from '../tiles';
import { DeckPlan, pick, type Random } from './deckPlan';
import { MISTAKE_RULES } from './mistakes';
import { countRuleHits } from './rules';
import { playVariant } from './variantEngine';

const A: Player = 0;
const B: Player = 1;
const C: Player = 2;
const D: Player = 3;

const kind = (name: string): TileKind => kindOf(name)!;

/** A kind of circles or bamboos (so that lower kinds are left for the thrower's draw) at a rank in [low, high]. */
function suitedAt(random: Random, low: number, high: number): TileKind {
  return 9 * (1 + pick(random, 2)) + low - 1 + pick(random, high - low + 1);
}

/** A hand that pongs `t`: two of it, two triplets, a pair and three lone tiles (the pong lowers its distance). */
function pongs(plan: DeckPlan, player: Player, t: TileKind, special?: TileKind): void {
  plan.give(player, t, t).reserve(t).triplets(player, 2);
  const pair = plan.lone(2);
  if (pair !== undefined) plan.give(player, pair, pair);
  if (special !== undefined) plan.give(player, special);
  while (plan.hands[player].length < HAND_SIZE) {
    const single = plan.lone(1);
    if (single === undefined) break;
    plan.give(player, single);
  }
}

/** A hand that holds `t` three times and declines its pong: the pong would not lower its distance. */
function declinesPong(plan: DeckPlan, player: Player, t: TileKind): void {
  plan.give(player, t, t, t).triplets(player, 3);
  const single = plan.lone(1);
  if (single !== undefined) plan.give(player, single);
}

/** A hand that chows with `a` and `b`: two triplets, a pair and three lone tiles besides. */
function chows(plan: DeckPlan, player: Player, ...options: [TileKind, TileKind][]): void {
  for (const [a, b] of options) plan.give(player, a, b);
  plan.triplets(player, 2);
  const pair = plan.lone(2);
  if (pair !== undefined) plan.give(player, pair, pair);
  while (plan.hands[player].length < HAND_SIZE) {
    const single = plan.lone(1);
    if (single === undefined) break;
    plan.give(player, single);
  }
}

type Recipe = (plan: DeckPlan) => void;

/** A recipe that finds no tiles for its roles gives this arrangement up. */
function noRoom(): never {
  throw new RangeError('no room for the recipe');
}

/** A deck from a recipe, or undefined when the recipe found no room. */
function fromRecipe(recipe: Recipe): (random: Random) => TileKind[] | undefined {
  return (random) => {
    const plan = new DeckPlan(random);
    try {
      recipe(plan);
      return plan.build();
    } catch {
      return undefined;
    }
  };
}

const holding = (player: Player, ...specials: TileKind[]): Recipe => (plan) => {
  plan.give(player, ...specials);
};

/** A discarded t (thrown by A) that B and C both win on: B, the first asked, takes it. */
const intercepted: Recipe = (plan) => {
  const t = plan.lone(4, 9, 26);
  if (t === undefined || !plan.throws(A, t)) noRoom();
  plan.waitsOn(B, t).waitsOn(C, t);
};

const pongTaken = (ponger: Player): Recipe => (plan) => {
  const t = plan.lone(4, 9, FIRST_SPECIAL - 1);
  if (t === undefined || !plan.throws(A, t)) noRoom();
  pongs(plan, ponger, t);
  plan.reserve(t);
};

const pongDeclined: Recipe = (plan) => {
  const t = plan.lone(4, 9, FIRST_SPECIAL - 1);
  if (t === undefined || !plan.throws(A, t)) noRoom();
  declinesPong(plan, C, t);
};

/** A throws t, B may chow it with each option given as rank offsets from t. */
const chowOf = (low: number, high: number, ...offsets: [number, number][]): Recipe => (plan) => {
  const t = suitedAt(plan.random, low, high);
  if (!plan.throws(A, t)) noRoom();
  chows(plan, B, ...offsets.map(([x, y]) => [t + x, t + y] as [TileKind, TileKind]));
  plan.reserve(t);
};

/**
 * Hands that never change: every player holds three triplets and two pairs of honours, each pair
 * kind shared with another player (its four copies dealt) and the suited kinds three ranks
 * apart, so every drawn tile is thrown (a suited tile next to a triplet does not tie with it) and
 * nobody wins or claims: the game ends in a DRAW. `last` ends the wall.
 */
function lockedDeck(random: Random, last?: TileKind): TileKind[] {
  const suited: TileKind[] = [];
  for (let suit = 0; suit < 3; suit++) {
    for (let rank = pick(random, 3); rank < 9; rank += 3) suited.push(9 * suit + rank);
  }
  const honours = shuffle([27, 28, 29, 30, 31, 32, 33], random);
  const pairs = honours.slice(0, 4);
  const triplets = shuffle([...suited, ...honours.slice(4)], random);
  const plan = new DeckPlan(random);
  for (let player = 0; player < 4; player++) {
    for (let i = 0; i < 3; i++) {
      const t = triplets[3 * player + i];
      plan.give(player as Player, t, t, t);
    }
    plan.give(player as Player, pairs[player], pairs[player], pairs[(player + 1) % 4], pairs[(player + 1) % 4]);
  }
  if (last !== undefined) plan.last(last);
  return plan.build(false);
}

/**
 * A deck where everybody throws every tile drawn until the last one, which wins for its drawer X:
 * X holds 1M 1M 1M 3M and three triplets (waiting on 2M and 3M), the other three copies of 2M and
 * of 3M are triplets of two other players, and the others hold three triplets and two honour
 * pairs shared around, as in lockedDeck. Who draws the last tile depends only on where the
 * specials lie, found by playing a locked deck with the same ones.
 */
function lastTileWin(random: Random): TileKind[] | undefined {
  const skeleton = lockedDeck(random);
  if (skeleton[DECK_SIZE - 1] >= FIRST_SPECIAL) return undefined;
  let drawer = -1;
  for (const event of simulateMahjong(skeleton).events) {
    if (event.type === 'draw' && event.tile === DECK_SIZE - 1) drawer = event.player;
  }
  if (drawer < 0) return undefined;
  const [oneM, twoM, threeM] = [0, 1, 2];
  const honours = shuffle([27, 28, 29, 30, 31, 32, 33], random);
  const [h1, h2, h3] = honours;
  const others: TileKind[] = [...honours.slice(3)];
  for (let suit = 1; suit < 3; suit++) {
    for (let rank = pick(random, 3); rank < 9; rank += 3) others.push(9 * suit + rank);
  }
  const triplets = shuffle(others, random);
  const [y, z, w] = [1, 2, 3].map((step) => ((drawer + step) % 4) as Player);
  const plan = new DeckPlan(random);
  const tripletsOf = (player: Player, ...list: TileKind[]) => {
    for (const t of list) plan.give(player, t, t, t);
  };
  tripletsOf(drawer as Player, oneM, ...triplets.slice(0, 3));
  plan.give(drawer as Player, threeM);
  tripletsOf(y, twoM, ...triplets.slice(3, 5));
  plan.give(y, h1, h1, h2, h2);
  tripletsOf(z, threeM, ...triplets.slice(5, 7));
  plan.give(z, h2, h2, h3, h3);
  tripletsOf(w, ...triplets.slice(7, 10));
  plan.give(w, h3, h3, h1, h1);
  plan.last(twoM);
  const deck = plan.build(false);
  // The specials where the skeleton had them, so that the same player draws the last tile.
  const wall = deck.slice(4 * HAND_SIZE, DECK_SIZE - 1).filter((k) => k < FIRST_SPECIAL);
  for (let i = 4 * HAND_SIZE; i < DECK_SIZE - 1; i++) {
    deck[i] = skeleton[i] >= FIRST_SPECIAL ? skeleton[i] : wall.pop()!;
  }
  return deck;
}

/**
 * A throws its own fourth Z and pongs it back: with four Z and four of a lower honour the cap
 * keeps either from the pair, and the meld frees it (melded tiles do not count toward the cap).
 */
const selfPong: Recipe = (plan) => {
  const z = kind('Z');
  const lower = plan.lone(4, 27, z - 1);
  if (lower === undefined) noRoom();
  plan.used.add(z);
  plan.give(A, z, z, z, lower, lower, lower, lower).triplets(A, 2);
  plan.draw(z);
};

/** Builders per target: rule branch ids and mistake ids. */
export const BUILDERS: Readonly<Record<string, (random: Random) => TileKind[] | undefined>> = {
  'pass-thrown': fromRecipe(holding(A, PASS)),
  'pass-after-reverse': fromRecipe((plan) => {
    plan.give(A, REVERSE).give(D, PASS);
  }),
  'reverse-thrown': fromRecipe(holding(A, REVERSE)),
  'reverse-back': fromRecipe((plan) => {
    plan.give(A, REVERSE).give(D, REVERSE);
  }),
  'double-thrown': fromRecipe(holding(A, DOUBLE)),
  'double-on-empty-wall': (random) => lockedDeck(random, DOUBLE),
  'special-order-choice': fromRecipe(holding(A, PASS, DOUBLE)),
  'specials-in-a-row': fromRecipe((plan) => {
    const first = plan.lone(1);
    if (first === undefined) noRoom();
    plan.give(A, DOUBLE).draw(first, PASS);
  }),
  'special-after-claim': fromRecipe((plan) => {
    const t = plan.lone(4, 9, FIRST_SPECIAL - 1);
    if (t === undefined || !plan.throws(A, t)) noRoom();
    pongs(plan, C, t, PASS);
  }),
  selfdrawn: fromRecipe((plan) => {
    const w = plan.lone(2);
    if (w === undefined) noRoom();
    plan.waitsOn(A, w).draw(w);
  }),
  'selfdrawn-after-double': fromRecipe((plan) => {
    const x = plan.lone(3);
    if (x === undefined) noRoom();
    plan.give(A, DOUBLE, x).triplets(A, 3);
    const pair = plan.lone(2);
    if (pair === undefined) noRoom();
    plan.give(A, pair, pair).draw(x, x);
  }),
  'selfdrawn-last-tile': lastTileWin,
  'discard-unique-best': plainDeck,
  'discard-tie': plainDeck,
  'ron-single': fromRecipe((plan) => {
    const t = plan.lone(3, 9, 26);
    if (t === undefined || !plan.throws(A, t)) noRoom();
    plan.waitsOn(C, t);
  }),
  'ron-intercepted': fromRecipe(intercepted),
  'ron-reversed': fromRecipe(reversedRon),
  'pong-taken': fromRecipe(pongTaken(C)),
  'pong-by-discarder': fromRecipe(selfPong),
  'pong-declined': fromRecipe(pongDeclined),
  'pong-over-chow': fromRecipe(pongOverChow),
  'chow-upper': fromRecipe(chowOf(1, 7, [1, 2])),
  'chow-middle': fromRecipe(chowOf(2, 8, [-1, 1])),
  'chow-lower': fromRecipe(chowOf(3, 9, [-2, -1])),
  'chow-later-option': fromRecipe(firstOptionDeclined),
  'chow-suit-edge': fromRecipe(chowOf(1, 1, [1, 2])),
  'chow-declined': plainDeck,
  'claim-after-claim': plainDeck,
  'no-claim': plainDeck,
  'draw-game': (random) => lockedDeck(random),

  'deal-in-blocks': plainDeck,
  'draw-on-last-tile': (random) => lockedDeck(random),
  'specials-by-index': fromRecipe(holding(A, PASS, DOUBLE)),
  'pass-ignores-direction': fromRecipe((plan) => {
    plan.give(A, REVERSE).give(D, PASS);
  }),
  'reverse-old-direction': fromRecipe(holding(A, REVERSE)),
  'double-no-extra-draw': fromRecipe(holding(A, DOUBLE)),
  'seven-pairs-win': fromRecipe((plan) => {
    for (let i = 0; i < 6; i++) {
      const pair = plan.lone(2);
      if (pair === undefined) noRoom();
      plan.give(A, pair, pair);
    }
    const x = plan.lone(2);
    if (x === undefined) noRoom();
    plan.give(A, x).draw(x);
  }),
  'discard-ties-lowest': plainDeck,
  'ron-fixed-order': fromRecipe(fixedOrderRon),
  'ron-ignores-direction': fromRecipe(reversedRon),
  'ron-last-asked-wins': fromRecipe(intercepted),
  'ron-with-specials': fromRecipe(specialHolderShape),
  'pong-before-ron': fromRecipe((plan) => {
    const t = plan.lone(4, 9, 26);
    if (t === undefined || !plan.throws(A, t)) noRoom();
    plan.waitsOn(B, t);
    pongs(plan, C, t);
  }),
  'no-self-pong': fromRecipe(selfPong),
  'pong-always': fromRecipe(pongDeclined),
  'claimant-draws': fromRecipe(pongTaken(C)),
  'claimant-keeps-special': fromRecipe((plan) => {
    const t = plan.lone(4, 9, FIRST_SPECIAL - 1);
    if (t === undefined || !plan.throws(A, t)) noRoom();
    pongs(plan, C, t, PASS);
  }),
  'turn-after-turn-owner': fromRecipe(pongTaken(C)),
  'chow-before-pong': fromRecipe(pongOverChow),
  'chow-by-anyone': fromRecipe((plan) => {
    const t = suitedAt(plan.random, 1, 7);
    if (!plan.throws(A, t)) noRoom();
    chows(plan, C, [t + 1, t + 2]);
    plan.reserve(t);
  }),
  'chow-options-reversed': fromRecipe(chowOf(3, 7, [1, 2], [-2, -1])),
  'chow-first-option-only': fromRecipe(firstOptionDeclined),
  'chow-across-suits': fromRecipe((plan) => {
    const t = 9 * (1 + pick(plan.random, 2));
    if (!plan.throws(A, t)) noRoom();
    chows(plan, B, [t - 2, t - 1]);
    plan.reserve(t, t + 1, t + 2);
  }),
  'chow-of-honours': fromRecipe((plan) => {
    const t = 28 + pick(plan.random, 5);
    if (!plan.throws(A, t)) noRoom();
    chows(plan, B, [t - 1, t + 1]);
    plan.reserve(t);
  }),
  'claim-when-not-worse': fromRecipe(pongDeclined),
};

/** A plain shuffled deck: enough for the branches most games take. */
function plainDeck(random: Random): TileKind[] {
  const deck: TileKind[] = [];
  for (let k = 0; k < DECK_SIZE; k++) deck.push(k % 37);
  return shuffle(deck, random);
}

/** A REVERSE from A, then D throws t that C (asked first in the reversed order) and A win on. */
function reversedRon(plan: DeckPlan): void {
  const t = plan.lone(4, 9, 26);
  if (t === undefined) noRoom();
  plan.give(A, REVERSE).triplets(A, 4).draw(t).reserve(t);
  if (!plan.throws(D, t)) noRoom();
  plan.waitsOn(C, t);
}

/** A throws a tile above t and keeps waiting on t; B throws t, which C (asked first) and A win on. */
function fixedOrderRon(plan: DeckPlan): void {
  const t = plan.lone(4, 9, 26);
  if (t === undefined) noRoom();
  plan.used.add(t);
  const above = plan.lone(1, t + 1);
  if (above === undefined) noRoom();
  plan.waitsOn(A, t).draw(above);
  if (!plan.throws(B, t)) noRoom();
  plan.waitsOn(C, t);
}

/**
 * A throws t; B holds PASS, DOUBLE, three triplets, a lone tile and t+1: with t, every ordinary
 * tile of B fits one arrangement two tiles (its two specials) short of a full hand.
 */
function specialHolderShape(plan: DeckPlan): void {
  const t = suitedAt(plan.random, 1, 7);
  if (!plan.throws(A, t)) noRoom();
  plan.used.add(t + 1).add(t + 2);
  plan.give(B, PASS, DOUBLE, t + 1).triplets(B, 3);
  const single = plan.lone(1);
  if (single === undefined) noRoom();
  plan.give(B, single).reserve(t, t + 2);
}

/** A throws t; C pongs it although B could chow it. */
function pongOverChow(plan: DeckPlan): void {
  const t = suitedAt(plan.random, 1, 7);
  if (!plan.throws(A, t)) noRoom();
  chows(plan, B, [t + 1, t + 2]);
  pongs(plan, C, t);
}

/**
 * A throws t; B holds the run t+1 t+2 t+3 (the first option, which would break it) and t-2 t-1
 * (the last, which lowers its distance).
 */
function firstOptionDeclined(plan: DeckPlan): void {
  const t = suitedAt(plan.random, 3, 6);
  if (!plan.throws(A, t)) noRoom();
  plan.give(B, t + 1, t + 2, t + 3, t - 2, t - 1).triplets(B, 2).reserve(t);
  for (let i = 0; i < 2; i++) {
    const single = plan.lone(1);
    if (single === undefined) noRoom();
    plan.give(B, single);
  }
}

/** How many arrangements a seed tries before it gives the last one up. */
const ATTEMPTS = 12;

/** Whether the deck takes the rule branch or catches the mistake. */
export function hits(target: string, deck: TileKind[]): boolean {
  const game = simulateMahjong(deck);
  const rules = MISTAKE_RULES.get(target);
  if (rules) {
    const transcript = playVariant(deck, rules);
    return transcript !== undefined && transcript !== renderMahjongTranscript(game.events);
  }
  return countRuleHits(game).has(target);
}

/** A deck built to take `target` (a rule branch or a mistake id); undefined when no builder has it. */
export function targetedMahjongDeck(target: string, seed: number): TileKind[] | undefined {
  const build = BUILDERS[target];
  if (!build) return undefined;
  const random = seededRandom(seed);
  let kept: TileKind[] | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const deck = build(random);
    if (!deck) continue;
    kept = deck;
    if (hits(target, deck)) return deck;
  }
  return kept ?? plainDeck(random);
}
