import { CIRNO_CARDS } from './cards';
import type { CirnoDeck } from './parse';

/**
 * The judge's input of a valid deck, as a solution reads it: `n m k`, one `NAME C1 C2 C3` line
 * per player, then the pile on one line. Comments, blank lines and CRLF are gone.
 */
export function cirnoJudgeInput(deck: CirnoDeck): string {
  const lines = [`${deck.n.value} ${deck.m!.value} ${deck.k!.value}`];
  for (const player of deck.players) lines.push([player.name, ...player.hand.map((card) => card.card!)].join(' '));
  const pile: string[] = [];
  for (let i = 0; i < deck.pile.length; i++) pile.push(CIRNO_CARDS[deck.pile.kind(i)]);
  lines.push(pile.join(' '));
  return lines.join('\n') + '\n';
}
