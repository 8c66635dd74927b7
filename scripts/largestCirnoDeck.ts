/**
 * The largest ⑨ deck the rules allow (n = 30, m = 100, k = 300,000) that plays through, for the
 * benchmarks (bench-cirno, bench-lsp): cards that raise p are rare, so rounds are long and most
 * of the pile is drawn.
 */
import { CIRNO_CARDS, analyzeCirno, type CirnoCardName, type CirnoGame } from '../server/src/core/cirno';

/** mulberry32: a small seeded generator, so every run times the same deck. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Cards that raise p (A, C2) are rare, so rounds last ~2,700 plays and most of the pile is
// used; seeds are tried in turn until one gives a valid game (the pile must not run out).
const RAISING = 0.24;
const WEIGHTS: Record<CirnoCardName, number> = {
  A1: RAISING, A2: RAISING, A5: RAISING, A9: RAISING, A19: RAISING, A49: RAISING, A99: RAISING,
  B1: 2, B9: 2, B19: 2, C2: RAISING, D2: 2, E0: 1, E49: 1, E99: 1, PASS: 1, TURN: 1, DOUBLE: 1,
};

function largestDeck(seed: number): string {
  const random = seeded(seed);
  const total = CIRNO_CARDS.reduce((sum, card) => sum + WEIGHTS[card], 0);
  const pick = (): CirnoCardName => {
    let x = random() * total;
    for (const card of CIRNO_CARDS) if ((x -= WEIGHTS[card]) < 0) return card;
    return CIRNO_CARDS[CIRNO_CARDS.length - 1];
  };
  const lines = ['30 100 300000'];
  for (let p = 1; p <= 30; p++) lines.push(`Player${p} ${pick()} ${pick()} ${pick()}`);
  for (let row = 0; row < 300_000 / 20; row++) lines.push(Array.from({ length: 20 }, pick).join(' '));
  return `${lines.join('\n')}\n`;
}

export function validLargestDeck(): { seed: number; text: string; game: CirnoGame } {
  for (let seed = 1; ; seed++) {
    const text = largestDeck(seed);
    const { game } = analyzeCirno(text);
    if (game) return { seed, text, game };
  }
}
