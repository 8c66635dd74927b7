/**
 * Why a ⑨ card was played (or a round lost), from core's decisions (cirnoDecision), never
 * recomputed: as data for the replay's Why section, and as Markdown for hovers.
 */
import type { CirnoDecision, CirnoNextTurn, CirnoRule } from '../../core/cirno';
import type { ReplayWhy } from '../../protocol/replay';

const RULES: Record<CirnoRule, string> = {
  max: 'the card giving the largest p that does not lose (ties: C, A, B, D, E)',
  'min-double': 'under DOUBLE, the card giving the smallest p that does not lose (ties: D, B, A, C, E)',
  escape: 'every normal card loses, so an escape card (PASS, then TURN, then DOUBLE)',
  'all-lose': 'every card in hand loses',
};

/** `the card giving the largest p …`: the rule that decided. */
export function ruleSentence(decision: CirnoDecision): string {
  return RULES[decision.rule];
}

/** Who plays next and why; `name` gives a player's name as it is to be shown. */
export function nextSentence(next: CirnoNextTurn, name: (player: number) => string): string {
  const mark = next.doubled ? ', carrying the DOUBLE mark' : '';
  switch (next.reason) {
    case 'seat':
      return `${name(next.player)} plays next`;
    case 'again':
      return `the DOUBLE mark is cleared and ${name(next.player)} plays again`;
    case 'pass':
      return `PASS hands the turn to ${name(next.player)}${mark}`;
    case 'turn':
      return `TURN reverses the direction: ${name(next.player)} plays next${mark}`;
    case 'double':
      return `${name(next.player)} plays next, doubled`;
  }
}

/** The Why section of the replay step of a play or loss. */
export function cirnoWhy(decision: CirnoDecision, players: readonly string[]): ReplayWhy {
  const player = players[decision.player];
  const doubled = decision.double ? ' under DOUBLE' : '';
  const summary = decision.chosen === undefined
    ? `${player} loses at p = ${decision.p}${doubled}: ${ruleSentence(decision)}.`
    : `Played by ${player}${doubled} at p = ${decision.p}: ${ruleSentence(decision)}.`;
  return {
    summary,
    table: {
      columns: ['Card', 'p after', 'Loses'],
      rows: decision.candidates.map((c, slot) => ({
        cells: [c.card, String(c.p), c.loses ? 'yes' : 'no'], ...(slot === decision.slot ? { chosen: true } : {}),
      })),
      pictureColumn: 0,
    },
    notes: decision.next ? [`Next: ${nextSentence(decision.next, (p) => players[p])}.`] : [],
  };
}

/**
 * The Markdown of why a card left a hand at transcript line `line`; names already escaped. The
 * sentence comes first and the next turn joins it, so that a hover shows the table whole. With
 * `picture`, the table's first row shows the cards (their names as the pictures' alt text).
 */
export function cirnoWhyMarkdown(
  decision: CirnoDecision, names: readonly string[], line: number, picture?: (card: string) => string,
): string {
  const player = names[decision.player];
  const doubled = decision.double ? ' under DOUBLE' : '';
  const title = decision.chosen === undefined ? `**Why ${player} lost**` : `**Why ${player} played it**`;
  const next = decision.next ? ` Next: ${nextSentence(decision.next, (p) => names[p])}.` : '';
  const rule = `at p = ${decision.p}${doubled}, ${ruleSentence(decision)}`;
  const sentence = `${title} · transcript line ${line}: ${rule}.${next}`;
  const bold = (text: string, slot: number) => (slot === decision.slot ? `**${text}**` : text);
  const card = (name: string, slot: number) => (picture ? picture(name) : bold(name, slot));
  const table = [
    `| card | ${decision.candidates.map((c, slot) => card(c.card, slot)).join(' | ')} |`,
    `| --- |${' ---: |'.repeat(decision.candidates.length)}`,
    `| p after | ${decision.candidates.map((c, slot) => bold(String(c.p), slot)).join(' | ')} |`,
    `| loses | ${decision.candidates.map((c, slot) => bold(c.loses ? 'yes' : 'no', slot)).join(' | ')} |`,
  ].join('\n');
  return `${sentence}\n\n${table}`;
}
