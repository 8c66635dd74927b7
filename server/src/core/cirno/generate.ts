import { seededRandom } from '../seededRandom';
import { CIRNO_CARDS } from './cards';

const NAMES = [
  'Cirno', 'Reimu', 'Marisa', 'Sakuya', 'Remilia', 'Flandre', 'Patchouli', 'Meiling', 'Youmu', 'Yuyuko',
  'Alice', 'Chen', 'Ran', 'Yukari', 'Aya', 'Sanae', 'Suwako', 'Kanako', 'Koishi', 'Satori',
  'Utsuho', 'Rin', 'Nitori', 'Momiji', 'Tenshi', 'Iku', 'Mokou', 'Kaguya', 'Eirin', 'Reisen',
];
const CARDS_PER_LINE = 20;
// Relative odds per card, in CIRNO_CARDS order: big raises and few escape cards end rounds
// within a sensible number of draws.
const WEIGHTS = [4, 4, 4, 5, 5, 6, 8, 3, 3, 3, 5, 3, 2, 3, 4, 2, 2, 2];
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);

/**
 * A random deck of n players, m rounds and k pile cards, the same for the same seed. Whether
 * the pile lasts the m rounds depends on the draw: the editor says so if it does not.
 */
export function randomCirnoDeckText(seed: number, n: number, m: number, k: number, header?: string): string {
  const random = seededRandom(seed);
  const card = () => {
    let pick = random() * TOTAL_WEIGHT;
    let kind = 0;
    while (pick >= WEIGHTS[kind]) pick -= WEIGHTS[kind++];
    return CIRNO_CARDS[kind];
  };
  const lines = header === undefined ? [] : [`# ${header}`];
  lines.push(`${n} ${m} ${k}`);
  for (let i = 0; i < n; i++) {
    const name = i < NAMES.length ? NAMES[i] : `Player${i + 1}`;
    lines.push(`${name} ${card()} ${card()} ${card()}`);
  }
  for (let start = 0; start < k; start += CARDS_PER_LINE) {
    lines.push(Array.from({ length: Math.min(CARDS_PER_LINE, k - start) }, card).join(' '));
  }
  return lines.join('\n') + '\n';
}
