/**
 * Why a Mahjong event happened, from core's decisions (mahjongDecisions), never recomputed:
 * as data for the replay's Why section, and as Markdown for hovers.
 */
import {
  PLAYERS, TILE_NAMES, type ClaimCheck, type DiscardDecision, type MahjongDecision, type RonCheck,
  type SpecialDecision, type SpecialEffect,
} from '../../core/mahjong';
import type { ReplayWhy } from '../../protocol/replay';

const DISCARD_ORDER = 'Z F B N W S E 9S … 1M';
const SPECIAL_ORDER = 'PASS before REVERSE before DOUBLE';

const capitalize = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;
const names = (kinds: readonly number[]) => kinds.map((kind) => TILE_NAMES[kind]);

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `every choice leaves distance 4 or 5; 5P, 6P and Z leave 4; Z comes first in the discard order (…).` */
function discardSentence(decision: DiscardDecision): string {
  const distances = [...new Set(decision.candidates.map((c) => c.distance))].sort((a, b) => a - b);
  const spread = distances.length === 1 ? `${distances[0]}`
    : distances.length === 2 ? `${distances[0]} or ${distances[1]}`
      : `${distances[0]} to ${distances[distances.length - 1]}`;
  const chosen = TILE_NAMES[decision.chosen];
  const tied = decision.tied.length === 1
    ? `only ${chosen} leaves ${decision.smallest}`
    : `${list(names(decision.tied))} leave ${decision.smallest}; `
      + `${chosen} comes first in the discard order (${DISCARD_ORDER})`;
  return `every choice leaves distance ${spread}; ${tied}.`;
}

function ronCheck(check: RonCheck, winner: RonCheck): string {
  return check.won
    ? `RON: ${PLAYERS[check.player]} wins on it`
    : `RON: ${PLAYERS[check.player]} could win on it too, but ${PLAYERS[winner.player]} is asked first`;
}

function claimCheck(claim: ClaimCheck): string {
  const verdict = claim.taken ? 'taken' : 'declined: it would not bring the hand closer';
  const meld = names(claim.kinds).join(' ');
  return `${PLAYERS[claim.player]}'s ${claim.type} ${meld}: distance ${claim.before} → ${claim.after}, ${verdict}`;
}

/** The RON checks, then the claims, in the order the rules made them. */
function checksAfter(decision: DiscardDecision): string[] {
  return [...decision.ron.map((check) => ronCheck(check, decision.ron[0])), ...decision.claims.map(claimCheck)];
}

function effectPhrase(player: string, effect: SpecialEffect): string {
  switch (effect.type) {
    case 'pass':
      return `${PLAYERS[effect.skipped]}'s turn is skipped`;
    case 'reverse':
      return `play turns ${effect.direction === 1 ? 'A → B → C → D' : 'D → C → B → A'}: `
        + `${PLAYERS[effect.next]} plays next`;
    case 'double':
      return effect.extraDraw ? `${player} draws again` : 'the wall is empty, so the game ends in a draw';
  }
}

function specialSentence(decision: SpecialDecision): string {
  const player = PLAYERS[decision.player];
  const held = list(names(decision.held));
  const effect = capitalize(effectPhrase(player, decision.effect));
  return `special tiles go first, ${SPECIAL_ORDER}; ${player} held ${held}. ${effect}.`;
}

/** The Why section of the replay step of an event; undefined for events that decide nothing. */
export function mahjongWhy(decision: MahjongDecision | undefined): ReplayWhy | undefined {
  if (!decision) return undefined;
  const player = PLAYERS[decision.player];
  switch (decision.type) {
    case 'discard':
      return {
        summary: `Discarded by ${player}: ${discardSentence(decision)}`,
        table: {
          columns: ['Discard', 'Distance after'],
          rows: decision.candidates.map((c) => ({
            cells: [TILE_NAMES[c.kind], String(c.distance)], ...(c.kind === decision.chosen ? { chosen: true } : {}),
          })),
          pictureColumn: 0,
        },
        notes: checksAfter(decision),
      };
    case 'special':
      return { summary: `Discarded by ${player}: ${specialSentence(decision)}`, notes: [] };
    case 'selfdrawn':
      return { summary: `${player} wins on the tile drawn: the hand is complete, with no special tile.`, notes: [] };
    case 'skippedTurn':
      return { summary: `${player}'s turn is skipped: ${PLAYERS[decision.passedBy]} discarded PASS.`, notes: [] };
  }
}

/** Each kind the discarder held, with the distance left without it; the chosen one in bold. */
function candidateTable(decision: DiscardDecision): string {
  const bold = (text: string, chosen: boolean) => (chosen ? `**${text}**` : text);
  const kinds = decision.candidates.map((c) => bold(TILE_NAMES[c.kind], c.kind === decision.chosen));
  const distances = decision.candidates.map((c) => bold(String(c.distance), c.kind === decision.chosen));
  return [
    `| discard | ${kinds.join(' | ')} |`,
    `| --- |${' ---: |'.repeat(kinds.length)}`,
    `| distance left | ${distances.join(' | ')} |`,
  ].join('\n');
}

/** The Markdown of why a tile was discarded at transcript line `line`; undefined for other decisions. */
export function discardWhy(decision: MahjongDecision | undefined, line: number): string | undefined {
  if (decision?.type === 'special') {
    const title = `**Why ${PLAYERS[decision.player]} discarded it** · transcript line ${line}`;
    return `${title}\n\n${capitalize(specialSentence(decision))}`;
  }
  if (decision?.type !== 'discard') return undefined;
  const parts = [
    `**Why ${PLAYERS[decision.player]} discarded it** · transcript line ${line}: ${discardSentence(decision)}`,
    candidateTable(decision),
  ];
  const checks = checksAfter(decision);
  if (checks.length > 0) parts.push(`Then the rules checked:\n${checks.map((check) => `- ${check}`).join('\n')}`);
  return parts.join('\n\n');
}
