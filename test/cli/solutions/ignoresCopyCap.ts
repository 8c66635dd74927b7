/**
 * A Mahjong solution whose winning distance ignores the rule that no kind appears more than 4
 * times in the winning hand (it would wait for a fifth copy). It differs at the first discard
 * or claim that distance changes.
 */
import { FIRST_SPECIAL, PLAYERS, TILE_NAMES, countKinds, mahjongDecisions } from '../../../server/src/core/mahjong';
import { bruteForceDistance } from '../../unit/mahjong-oracle';
import { divergeAt, readMahjongGame } from './common';

const { game, transcript, snapshots } = readMahjongGame();
const counts = (snapshot: number, player: number) => countKinds(snapshots[snapshot].hands[player]
  .map((tile) => game.deck[tile]));

/** The first line where this solution's game differs, and what it prints there. */
function firstDifference(): [number, string] | undefined {
  for (const [i, decision] of mahjongDecisions(game).entries()) {
    if (decision?.type !== 'discard') continue;
    const hand = counts(i - 1, decision.player);
    const melds = snapshots[i - 1].melds[decision.player].length;
    let best = Infinity;
    let chosen = -1;
    // The discard order: Z F B N W S E, then 9S down to 1M; the first of the smallest wins.
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (hand[kind] === 0) continue;
      hand[kind]--;
      const distance = bruteForceDistance(hand, melds, false);
      hand[kind]++;
      if (distance < best) [best, chosen] = [distance, kind];
    }
    if (chosen !== decision.chosen) return [i + 1, `${PLAYERS[decision.player]} OUT ${TILE_NAMES[chosen]}`];
    for (const claim of decision.claims) {
      const claimant = counts(i, claim.player);
      const claimantMelds = snapshots[i].melds[claim.player].length;
      const before = bruteForceDistance(claimant, claimantMelds, false);
      const kinds = claim.kinds.slice();
      kinds.splice(kinds.indexOf(decision.chosen), 1);
      for (const kind of kinds) claimant[kind]--;
      const taken = bruteForceDistance(claimant, claimantMelds + 1, false) < before;
      if (taken === claim.taken) continue;
      // The line after the discard would show the claim, or no longer show it.
      const tiles = claim.kinds.map((kind) => TILE_NAMES[kind]).join(' ');
      const meld = `${PLAYERS[claim.player]} ${claim.type.toUpperCase()} ${tiles}`;
      return [i + 2, taken ? meld : 'DRAW'];
    }
  }
  return undefined;
}

const difference = firstDifference();
divergeAt(transcript, difference?.[0], difference?.[1] ?? '');
