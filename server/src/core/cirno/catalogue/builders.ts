/**
 * Decks built on purpose for each rule branch and each mistake: a few players with the hands
 * and the first pile cards that make the situation happen in the first plays, then a pile of
 * A99, which ends every round within a few plays (a hand of A99 loses as soon as p > 0).
 */
import { seededRandom } from '../../seededRandom';
import { analyzeCirno, type CirnoGame } from '..';
import { CIRNO_MISTAKES, mistakenRules } from './mistakes';
import { variantTranscript } from './variantEngine';

/** The cards a situation needs: one hand per player, the top of the pile, and the rounds. */
interface Scenario {
  hands: string[];
  pile?: string;
  rounds?: number;
}

/** Picks one of a few equivalent variants of a scenario, by seed. */
type Pick = <T>(options: readonly T[]) => T;

// Each scenario is commented with the plays that make it: p before, the hand, the card played.
// A drawn card takes the slot of the card just played.
const SCENARIOS: Record<string, (pick: Pick) => Scenario> = {
  // Two players taking turns: seat 2 hands on to seat 1.
  'two-players': () => ({ hands: ['A1 A2 A5', 'A1 A2 A5'] }),
  // 0: X plays A99 (99); Y plays B1 (98); X holds A5 and an escape card, and plays it.
  'plain-escape': (pick) => ({ hands: [`A99 ${pick(['PASS', 'TURN', 'DOUBLE'])} A99`, 'B1 B9 A1'], pile: 'A5' }),
  'plain-turn': () => ({ hands: ['A99 TURN A99', 'B1 B9 A1'], pile: 'A5' }),
  'plain-pass': () => ({ hands: ['A99 PASS A99', 'B1 B9 A1'], pile: 'A5' }),
  'plain-double': () => ({ hands: ['A99 DOUBLE A99', 'B1 B9 A1'], pile: 'A5' }),
  // n = 1: B1 or B9 takes p to an odd negative value; the drawn D2 then gives the largest p.
  'halve-negative': (pick) => ({ hands: [`${pick(['B1', 'B9'])} B19 B19`], pile: 'D2' }),
  // n = 1: A99 or E99 takes p to exactly 99; below-99 play B1 instead.
  'p-exactly-99': (pick) => ({ hands: [`${pick(['A99', 'E99'])} B1 B1`] }),
  // n = 1, p = a: A_a is played first, then A_a and C2 both give 2a and C2, held last, goes first.
  'plain-tie-c': (pick) => {
    const a = pick(['A1', 'A2', 'A5', 'A9', 'A19', 'A49']);
    return { hands: [`${a} ${a} C2`], pile: 'B1' };
  },
  // n = 1, p = 0: A49 and E49 (or A99 and E99) tie, E held first.
  'plain-tie-a': (pick) => {
    const value = pick(['49', '99']);
    return { hands: [`E${value} A${value} B1`] };
  },
  // n = 1: p = 1 (A1), then E0 and the drawn B1 both give 0; or p = 2 (A2), D2 and B1 give 1.
  'plain-tie-b': (pick) => pick([{ hands: ['E0 B9 A1'], pile: 'B1' }, { hands: ['D2 B9 A2'], pile: 'B1' }]),
  // n = 1, p = 0: E0 and D2 both give 0, E0 held first.
  'plain-tie-d': (pick) => ({ hands: [pick(['E0 D2 B1', 'E0 B1 D2'])] }),
  // n = 1: A99 (99), then A5, PASS and TURN: PASS first.
  'plain-escape-order': (pick) => ({ hands: [pick(['A99 TURN PASS', 'A99 PASS TURN', 'TURN A99 PASS'])], pile: 'A5' }),
  // The same with TURN and DOUBLE: TURN first.
  'plain-escape-order-late': (pick) => ({ hands: [pick(['A99 TURN DOUBLE', 'A99 DOUBLE TURN'])], pile: 'A5' }),
  // Round 1: X plays A99 (99), Y holds only A99 and loses; Y starts round 2 with three new
  // cards (B1), while she held A99 and p was 99 at the loss.
  'loser-starts': () => ({ hands: ['A99 A1 A1', 'A99 A99 A99'], pile: 'A99 B1 B1 B1', rounds: 2 }),
  // Round 1: X plays TURN at once, Z plays A99 (99), Y loses, counter-clockwise; round 2: Y
  // plays, then Z (clockwise), who loses at once, where X would play TURN.
  'direction-reset': () => ({ hands: ['TURN TURN TURN', 'A99 A99 A99', 'A99 A99 A99'], rounds: 2 }),
  // Y holds only DOUBLE: after X's first card (p = v), X is doubled and picks from two cards
  // tying for the smallest p: D2 and B1 at 2; B1 and C2 at −1; A_a and C2 at a; C2 and E0 at 0.
  'doubled-tie-d': () => ({ hands: ['A2 B1 D2', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99' }),
  'doubled-tie-b': () => ({ hands: ['B1 B1 B1', 'DOUBLE DOUBLE DOUBLE'], pile: 'C2' }),
  'doubled-tie-a': (pick) => {
    const a = pick(['A1', 'A2', 'A5', 'A9', 'A19', 'A49']);
    return { hands: [`${a} ${a} C2`, 'DOUBLE DOUBLE DOUBLE'], pile: 'A99' };
  },
  'doubled-tie-c': () => ({ hands: ['C2 C2 E0', 'DOUBLE DOUBLE DOUBLE'], pile: 'A1' }),
  // X plays A99 (99), Y plays DOUBLE, X doubled plays B9 (90) and draws PASS: under rule 5 she
  // then plays B1 (89), under rule 6 PASS.
  'second-play': () => ({ hands: ['A99 B1 B9', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 A99 PASS' }),
  // The same, but her second hand is PASS and two A99: an escape card; or three A99: she loses.
  'second-play-escape': () => ({ hands: ['A99 B1 A99', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 A99 PASS' }),
  'second-play-loses': () => ({ hands: ['A99 B1 A99', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 A99 A99' }),
  // X plays A1 (1), Y DOUBLE; X doubled holds an escape card and B9: PASS moves the mark on to
  // Y, who then plays DOUBLE again rather than the B1 she drew.
  'doubled-pass': () => ({ hands: ['A1 PASS B9', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 B1' }),
  // The same with DOUBLE: it marks Y, who then plays DOUBLE again rather than B1.
  'doubled-double-mark': () => ({ hands: ['A1 DOUBLE B9', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 B1' }),
  // X doubled holds two escape cards: the first of PASS, TURN, DOUBLE.
  'doubled-escape-order': (pick) => ({ hands: [`A1 ${pick(['PASS', 'TURN'])} DOUBLE`, 'DOUBLE DOUBLE DOUBLE'] }),
  'doubled-pass-turn': (pick) => ({ hands: [pick(['A1 PASS TURN', 'A1 TURN PASS']), 'DOUBLE DOUBLE DOUBLE'] }),
  // n = 3: X plays A1 (1), Y B1 (0), Z DOUBLE; X doubled plays TURN and the mark goes back to Z.
  'doubled-turn': () => ({ hands: ['A1 TURN B9', 'B1 B1 B1', 'DOUBLE DOUBLE DOUBLE'] }),
  // X plays A1 (1), Y DOUBLE (A99 is unsafe); X doubled plays DOUBLE, Y doubled DOUBLE again; X
  // doubled once plays B9 (−8) then A5 under rule 5 (−3); with stacked marks B1 (−9).
  'doubled-double': () => ({ hands: ['A1 DOUBLE B9', 'DOUBLE DOUBLE A99'], pile: 'B1 A99 A5' }),
  // X plays A99 (99), Y DOUBLE, X doubled loses; she starts round 2 with B1 PASS B9: B1
  // unmarked, PASS under a mark kept from round 1.
  'round-ends-doubled': () => ({
    hands: ['A99 A99 A99', 'DOUBLE DOUBLE DOUBLE'], pile: 'A99 A99 B1 PASS B9', rounds: 2,
  }),
};

/** The scenario of every rule branch and every mistake. */
const SCENARIO_OF: Record<string, string> = {
  'single-player': 'halve-negative',
  'seat-wraps-clockwise': 'two-players',
  'seat-wraps-counter-clockwise': 'plain-turn',
  'loser-starts-round': 'loser-starts',
  'direction-reset': 'direction-reset',
  'halve-negative-odd': 'halve-negative',
  'p-exactly-99': 'p-exactly-99',
  'plain-largest': 'two-players',
  'plain-tie-c-first': 'plain-tie-c',
  'plain-tie-a-first': 'plain-tie-a',
  'plain-tie-b-first': 'plain-tie-b',
  'plain-tie-d-first': 'plain-tie-d',
  'plain-pass': 'plain-pass',
  'plain-turn': 'plain-turn',
  'plain-double': 'plain-double',
  'plain-escape-order': 'plain-escape-order',
  'plain-loses': 'loser-starts',
  'doubled-pass': 'doubled-pass',
  'doubled-turn': 'doubled-turn',
  'doubled-double': 'doubled-double',
  'doubled-escape-order': 'doubled-escape-order',
  'doubled-escape-over-normal': 'doubled-pass',
  'doubled-smallest': 'doubled-tie-d',
  'doubled-tie-d-first': 'doubled-tie-d',
  'doubled-tie-b-first': 'doubled-tie-b',
  'doubled-tie-a-first': 'doubled-tie-a',
  'doubled-tie-c-first': 'doubled-tie-c',
  'second-play-normal': 'second-play',
  'second-play-escape': 'second-play-escape',
  'second-play-loses': 'second-play-loses',
  'loser-redraws': 'loser-starts',
  'round-ends-doubled': 'round-ends-doubled',
  'halve-toward-zero': 'halve-negative',
  'safe-below-99': 'p-exactly-99',
  'plain-ties-in-hand-order': 'plain-tie-c',
  'plain-ties-alphabetical': 'plain-tie-c',
  'doubled-ties-plain-order': 'doubled-tie-a',
  'doubled-ties-in-hand-order': 'doubled-tie-b',
  'doubled-plays-largest': 'second-play',
  'double-cancels-mark': 'doubled-double-mark',
  'turn-old-direction': 'direction-reset',
  'round-starts-after-loser': 'loser-starts',
  'plain-turn-before-pass': 'plain-escape-order',
  'doubled-double-first': 'doubled-escape-order',
  'plain-double-before-turn': 'plain-escape-order-late',
  'doubled-turn-before-pass': 'doubled-pass-turn',
  'doubled-normal-first': 'doubled-pass',
  'no-second-play': 'second-play',
  'second-play-doubled': 'second-play',
  'mark-dropped-on-escape': 'doubled-pass',
  'double-stacks': 'doubled-double',
  'doubled-turn-old-direction': 'doubled-turn',
  'rounds-start-with-player-1': 'loser-starts',
  'p-kept-across-rounds': 'loser-starts',
  'direction-kept-across-rounds': 'direction-reset',
  'mark-kept-across-rounds': 'round-ends-doubled',
  'loser-keeps-hand': 'loser-starts',
};

const NAMES = ['Cirno', 'Daiyousei', 'Rumia', 'Mystia', 'Wriggle', 'Chen', 'Lily', 'Letty', 'Reimu', 'Marisa'];
const CLOSER = 'A99';

function deckText(names: readonly string[], hands: readonly string[], pile: readonly string[], rounds: number): string {
  const lines = [`${hands.length} ${rounds} ${pile.length}`];
  hands.forEach((hand, i) => lines.push(`${names[i]} ${hand}`));
  for (let i = 0; i < pile.length; i += 20) lines.push(pile.slice(i, i + 20).join(' '));
  return `${lines.join('\n')}\n`;
}

/**
 * The deck of `target`'s scenario for `seed`: its variant and player names picked by the seed,
 * the pile closed by enough A99 for the game to end, and cut after the last card the game
 * draws (and, for a mistake, the last its variant draws).
 */
export function cirnoTargetedDeck(target: string, seed: number): string | undefined {
  const scenario = SCENARIO_OF[target];
  if (scenario === undefined) return undefined;
  const random = seededRandom(seed);
  const pick: Pick = (options) => options[Math.floor(random() * options.length)];
  const { hands, pile = '', rounds = 1 } = SCENARIOS[scenario](pick);
  const first = Math.floor(random() * NAMES.length);
  const names = hands.map((_, i) => NAMES[(first + i) % NAMES.length]);
  const top = pile.split(' ').filter((card) => card !== '');
  // Each round ends within a few plays once the hands hold A99; more when escape cards linger.
  let full: string[] = [];
  let game: CirnoGame | undefined;
  for (let closers = 3 * hands.length * rounds + 12; !game && closers < 2_000; closers *= 2) {
    full = [...top, ...Array<string>(closers).fill(CLOSER)];
    game = analyzeCirno(deckText(names, hands, full, rounds)).game;
  }
  if (!game) return undefined;
  const used = Math.max(top.length, game.cardsDrawn);
  const mistake = CIRNO_MISTAKES.find((entry) => entry.id === target);
  for (let k = used; k < full.length; k++) {
    const text = deckText(names, hands, full.slice(0, k), rounds);
    if (!mistake) return text;
    const { deck } = analyzeCirno(text);
    if (deck && variantTranscript(deck, mistakenRules(mistake)) !== undefined) return text;
  }
  return deckText(names, hands, full, rounds);
}
