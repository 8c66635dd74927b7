import {
  MAX_PROBLEMS_PER_CODE, ProblemList, replaceFix, type Problem, type Range, type Severity,
} from '../problem';
import { suggestNames } from '../nameSuggestions';
import { quote } from '../deckText';
import { CIRNO_CARDS } from './cards';
import { LIMITS } from './limits';
import { inBounds, plural, type CirnoDeck } from './parse';
import type { CirnoCard } from './pile';

/** Past this many unknown (or wrongly-cased) cards, one summary stands for the rest. */
export const MAX_CARD_PROBLEMS = MAX_PROBLEMS_PER_CODE;

/** Checks that need the whole deck: card spelling, unique names, the pile size. */
export function validateCirno(deck: CirnoDeck): Problem[] {
  const problems: Problem[] = [];
  checkCards(deck, problems);
  checkNames(deck, problems);
  checkPileSize(deck, problems);
  return problems;
}

function checkCards(deck: CirnoDeck, problems: Problem[]): void {
  const list = new ProblemList();
  const unknown = (card: CirnoCard): Problem => unknownCard(card);
  const miscased = (card: CirnoCard): Problem => ({
    range: card.range,
    severity: 'warning',
    code: 'lowercase-card',
    message: `Card names are uppercase: ${quote(card.text)} is read as ${card.card}.`,
    fixes: [replaceFix(card.range, card.card!, true)],
  });
  const { pile } = deck;
  const hands = deck.players.flatMap((player) => player.hand);
  // Only the pile cards not spelled exactly as a card can need a word. Past the listed ones,
  // a junk pile is counted without making an object per card.
  type Report = (code: string, severity: Severity, isUnknown: boolean, problem: (card: CirnoCard) => Problem) => void;
  const report: Report = (code, severity, isUnknown, problem) => {
    let hidden: Range | undefined;
    const visit = (card: CirnoCard): void => {
      if (list.accepts(code)) list.add(problem(card));
      else list.count(code, (hidden ??= card.range), severity);
    };
    for (const card of hands) if ((card.card === undefined) === isUnknown && card.card !== card.text) visit(card);
    const odd = isUnknown ? pile.unknown : pile.miscased;
    odd.first.forEach(visit);
    for (let i = odd.first.length; i < odd.count; i++) list.count(code, hidden!, severity);
  };
  report('unknown-card', 'error', true, unknown);
  report('lowercase-card', 'warning', false, miscased);
  problems.push(...list.finish((code) => (code === 'unknown-card' ? 'unknown cards' : 'cards not in uppercase')));
}

function unknownCard(card: CirnoCard): Problem {
  const { names, differs } = suggestNames(card.text, CIRNO_CARDS);
  const hint = names.length > 0
    ? `Did you mean ${names.join(', ')}?`
    : `Cards are ${CIRNO_CARDS.slice(0, -1).join(', ')} and DOUBLE.`;
  return {
    range: card.range,
    severity: 'error',
    code: 'unknown-card',
    message: `Unknown card ${quote(card.text)}${differs ? `: ${differs}` : ''}. ${hint}`,
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
  const count = deck.pile.written;
  // An invalid k is already reported; comparing against it would only add noise.
  if (k?.value === undefined || !inBounds(k.value, LIMITS.k) || count === k.value) return;
  const pileSize = (where: Range, message: string, fix = false): void => {
    problems.push({
      range: where,
      severity: 'error',
      code: 'pile-size',
      message,
      ...(fix
        ? { fixes: [{ title: `Change k to ${count}`, edits: [{ range: k.range, newText: String(count) }] }] }
        : {}),
    });
  };
  const announced = `The header announces ${plural(k.value, 'pile card')} but the pile holds ${count}.`;
  pileSize(k.range, announced, inBounds(count, LIMITS.k));
  if (count < k.value) {
    const missing = k.value - count;
    const more = `${missing} more ${missing === 1 ? 'is' : 'are'}`;
    pileSize(deck.end, `The pile ends after ${plural(count, 'card')}: ${more} needed to make k = ${k.value}.`);
  } else {
    const extra = plural(count - k.value, 'card');
    const past = `past the k = ${k.value} the header announces`;
    const message = `This is pile card ${k.value + 1}, ${past} (${extra} too many).`;
    pileSize(deck.pile.range(k.value), message);
  }
}

