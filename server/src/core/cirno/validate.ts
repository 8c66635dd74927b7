import { MAX_PROBLEMS_PER_CODE, ProblemList, replaceFix, type Problem, type Range } from '../common/problem';
import { suggest } from '../common/suggest';
import { quote } from '../common/text';
import { CIRNO_CARDS } from './cards';
import { LIMITS, inBounds, plural, type CirnoDeck } from './parse';
import type { CirnoCard } from './pile';

/** Past this many unknown (or wrongly-cased) cards, one summary stands for the rest. */
export const MAX_CARD_PROBLEMS = MAX_PROBLEMS_PER_CODE;

// No card name is longer than 6 letters and suggest() accepts a distance of at most half the
// word, so a word longer than 13 never gets a suggestion; skipping it avoids a costly matrix.
const LONGEST_SUGGESTIBLE = 13;

/** Checks that need the whole deck: card spelling, unique names, the pile size. */
export function validateCirno(deck: CirnoDeck): Problem[] {
  const problems: Problem[] = [];
  checkCards(deck, problems);
  checkNames(deck, problems);
  checkPileSize(deck, problems);
  return problems;
}

function checkCards(deck: CirnoDeck, problems: Problem[]): void {
  const unknown: CirnoCard[] = [];
  const miscased: CirnoCard[] = [];
  const visit = (card: CirnoCard): void => {
    if (card.card === undefined) unknown.push(card);
    else if (card.card !== card.text) miscased.push(card);
  };
  for (const player of deck.players) player.hand.forEach(visit);
  // Only the pile cards not spelled exactly as a card can need a word.
  for (const i of deck.pile.oddTexts.keys()) visit(deck.pile.at(i)!);

  const list = new ProblemList();
  for (const card of unknown) {
    if (list.accepts('unknown-card')) list.add(unknownCard(card));
    else list.count('unknown-card', card.range, 'error');
  }
  for (const card of miscased) {
    const upper = card.card!;
    list.add({
      range: card.range,
      severity: 'warning',
      code: 'lowercase-card',
      message: `Card names are uppercase: ${quote(card.text)} is read as ${upper}.`,
      fixes: [replaceFix(card.range, upper, true)],
    });
  }
  problems.push(...list.finish((code) => (code === 'unknown-card' ? 'unknown cards' : 'cards not in uppercase')));
}

function unknownCard(card: CirnoCard): Problem {
  const names = card.text.length > LONGEST_SUGGESTIBLE ? [] : suggest(card.text, CIRNO_CARDS);
  const hint = names.length > 0 ? `Did you mean ${names.join(', ')}?` : `Cards are ${CIRNO_CARDS.slice(0, -1).join(', ')} and DOUBLE.`;
  return {
    range: card.range,
    severity: 'error',
    code: 'unknown-card',
    message: `Unknown card ${quote(card.text)}. ${hint}`,
    fixes: names.map((name, i) => replaceFix(card.range, name, i === 0)),
  };
}

function checkNames(deck: CirnoDeck, problems: Problem[]): void {
  const firstLine = new Map<string, number>();
  for (const player of deck.players) {
    const earlier = firstLine.get(player.name);
    if (earlier === undefined) {
      firstLine.set(player.name, player.line);
      continue;
    }
    problems.push({
      range: player.nameRange,
      severity: 'error',
      code: 'duplicate-name',
      message: `Player name ${quote(player.name)} is already used on line ${earlier + 1}.`,
    });
  }
}

function checkPileSize(deck: CirnoDeck, problems: Problem[]): void {
  const k = deck.k;
  const count = deck.pile.length;
  // An invalid k is already reported; comparing against it would only add noise.
  if (k?.value === undefined || !inBounds(k.value, LIMITS.k) || count === k.value) return;
  const pileSize = (where: Range, message: string, fix = false): void => {
    problems.push({
      range: where,
      severity: 'error',
      code: 'pile-size',
      message,
      ...(fix ? { fixes: [{ title: `Change k to ${count}`, edits: [{ range: k.range, newText: String(count) }] }] } : {}),
    });
  };
  pileSize(k.range, `The header announces ${plural(k.value, 'pile card')} but the pile holds ${count}.`, inBounds(count, LIMITS.k));
  if (count < k.value) {
    const missing = k.value - count;
    pileSize(deck.end, `The pile ends after ${plural(count, 'card')}: ${missing} more ${missing === 1 ? 'is' : 'are'} needed to make k = ${k.value}.`);
  } else {
    pileSize(deck.pile.range(k.value), `This is pile card ${k.value + 1}, past the k = ${k.value} the header announces (${plural(count - k.value, 'card')} too many).`);
  }
}

