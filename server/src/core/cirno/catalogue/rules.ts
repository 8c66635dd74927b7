/**
 * The ⑨ rule branches, in the order of the rules page, and how often a game takes each. Counted
 * from the decisions of the game (cirnoLineEvents), never on the plain simulation path.
 */
import type { RuleBranch } from '../../catalogue/types';
import { cardKind, isEscape } from '../cards';
import { cirnoLineEvents, type CirnoDecision } from '../decisions';
import type { CirnoGame } from '../game';

const branch = (id: string, description: string): RuleBranch => ({ id, description });

export const CIRNO_RULES: readonly RuleBranch[] = [
  branch('single-player', 'With n = 1 the next player is always the same player.'),
  branch('seat-wraps-clockwise', 'Clockwise, the turn goes from the last player to player 1.'),
  branch('seat-wraps-counter-clockwise', 'Counter-clockwise, the turn goes from player 1 to the last player.'),
  branch('loser-starts-round', 'A later round starts with the previous round\'s loser, here not player 1.'),
  branch('direction-reset', 'A round after one that ended counter-clockwise starts clockwise again.'),
  branch('halve-negative-odd', 'D2 on a negative odd p rounds toward −∞ (−3 becomes −2).'),
  branch('p-exactly-99', 'A normal card bringing p to exactly 99 is safe.'),
  branch('plain-largest', 'A player who is not doubled plays the safe normal card giving the largest p.'),
  branch('plain-tie-c-first', 'Not doubled, C wins a tie for the largest p against A, B, D or E.'),
  branch('plain-tie-a-first', 'Not doubled, A wins a tie for the largest p against B, D or E.'),
  branch('plain-tie-b-first', 'Not doubled, B wins a tie for the largest p against D or E.'),
  branch('plain-tie-d-first', 'Not doubled, D wins a tie for the largest p against E.'),
  branch('plain-pass', 'A player who is not doubled and has no safe normal card plays PASS.'),
  branch('plain-turn', 'A player who is not doubled, with no safe normal card and no PASS, plays TURN.'),
  branch('plain-double', 'A player who is not doubled, with no safe normal card, PASS or TURN, plays DOUBLE.'),
  branch(
    'plain-escape-order',
    'Not doubled, with no safe normal card and two kinds of escape card, the first of PASS, TURN, DOUBLE is played.',
  ),
  branch('plain-loses', 'A player who is not doubled, with no safe normal card and no escape card, loses.'),
  branch('doubled-pass', 'A doubled player plays PASS and the mark moves on to the next player.'),
  branch('doubled-turn', 'A doubled player plays TURN and the mark moves on to the player behind her.'),
  branch('doubled-double', 'A doubled player plays DOUBLE, which marks the next player once (no stacking).'),
  branch(
    'doubled-escape-order',
    'A doubled player with two kinds of escape card plays the first of PASS, TURN, DOUBLE.',
  ),
  branch(
    'doubled-escape-over-normal',
    'A doubled player with a safe normal card and an escape card plays the escape card.',
  ),
  branch(
    'doubled-smallest',
    'A doubled player without an escape card plays the safe normal card giving the smallest p.',
  ),
  branch('doubled-tie-d-first', 'Doubled, D wins a tie for the smallest p against B, A, C or E.'),
  branch('doubled-tie-b-first', 'Doubled, B wins a tie for the smallest p against A, C or E.'),
  branch('doubled-tie-a-first', 'Doubled, A wins a tie for the smallest p against C or E.'),
  branch('doubled-tie-c-first', 'Doubled, C wins a tie for the smallest p against E.'),
  branch(
    'second-play-normal',
    'After her normal card a doubled player draws and plays a normal card again under rule 5.',
  ),
  branch('second-play-escape', 'A doubled player\'s second play is an escape card, with its usual effect.'),
  branch('second-play-loses', 'A doubled player loses on her second play.'),
  branch('loser-redraws', 'The loser drops her hand and draws three new cards, which she holds in the next round.'),
  branch('round-ends-doubled', 'A round ends with a DOUBLE mark pending (the loser was doubled), which is dropped.'),
];

const isNormal = (card: string) => !isEscape(cardKind(card));

/**
 * The tie branch of a normal card chosen while another letter gives the same p (the engine's
 * tie order decided it), or undefined.
 */
function tieBranch(decision: CirnoDecision, prefix: 'plain' | 'doubled'): string | undefined {
  const chosen = decision.chosen!;
  const chosenP = decision.candidates[decision.slot!].p;
  const rivals = decision.candidates.filter(
    (candidate) => !candidate.loses && isNormal(candidate.card) && candidate.p === chosenP
      && candidate.card[0] !== chosen[0],
  );
  if (rivals.length === 0) return undefined;
  return `${prefix}-tie-${chosen[0].toLowerCase()}-first`;
}

/** How many times the game takes each rule branch (only those taken). */
export function cirnoRuleHits(game: CirnoGame): Map<string, number> {
  const hits = new Map<string, number>();
  const hit = (id: string) => hits.set(id, (hits.get(id) ?? 0) + 1);
  const n = game.players.length;
  const { log } = game;
  // The previous play's decision in this round, and the direction the last round ended in.
  let previous: CirnoDecision | undefined;
  let endedReversed = false;
  let round = 0;
  for (const { index, decision } of cirnoLineEvents(game)) {
    if (!decision) {
      round = log.round(index);
      if (round > 1) {
        const starter = log.player(index);
        if (starter !== 0) hit('loser-starts-round');
        if (endedReversed) hit('direction-reset');
      }
      previous = undefined;
      endedReversed = false;
      continue;
    }
    const second = previous?.next?.reason === 'again';
    countDecision(decision, second, n, hit);
    if (decision.rule === 'all-lose') {
      if (decision.double) hit('round-ends-doubled');
      if (round < game.rounds) hit('loser-redraws');
    } else {
      endedReversed = decision.next!.direction < 0;
    }
    previous = decision;
  }
  return hits;
}

function countDecision(decision: CirnoDecision, second: boolean, n: number, hit: (id: string) => void): void {
  const { rule, chosen, candidates, p } = decision;
  const escapes = new Set(candidates.map((candidate) => candidate.card).filter((card) => !isNormal(card)));
  if (second) {
    if (rule === 'all-lose') hit('second-play-loses');
    else hit(rule === 'escape' ? 'second-play-escape' : 'second-play-normal');
  }
  switch (rule) {
    case 'max': {
      hit('plain-largest');
      const tie = tieBranch(decision, 'plain');
      if (tie) hit(tie);
      break;
    }
    case 'min-double': {
      hit('doubled-smallest');
      const tie = tieBranch(decision, 'doubled');
      if (tie) hit(tie);
      break;
    }
    case 'escape': {
      const prefix = decision.double ? 'doubled' : 'plain';
      hit(`${prefix}-${chosen!.toLowerCase()}`);
      if (escapes.size > 1) hit(`${prefix}-escape-order`);
      if (decision.double && candidates.some((candidate) => isNormal(candidate.card) && !candidate.loses)) {
        hit('doubled-escape-over-normal');
      }
      break;
    }
    default:
      if (!decision.double) hit('plain-loses');
      return;
  }
  if (chosen === 'D2' && p < 0 && p % 2 !== 0) hit('halve-negative-odd');
  if (isNormal(chosen!) && candidates[decision.slot!].p === 99) hit('p-exactly-99');
  const next = decision.next!;
  if (next.reason === 'again') return;
  if (n === 1) hit('single-player');
  else if (next.direction > 0 && next.player < decision.player) hit('seat-wraps-clockwise');
  else if (next.direction < 0 && next.player > decision.player) hit('seat-wraps-counter-clockwise');
}
