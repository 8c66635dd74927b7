import { ProblemList, range, type Problem } from '../problem';
import { endOfText, tokenRange } from '../deckText';
import { replaceWith, type ParsedMahjongDeck } from './parse';
import { COPIES, DECK_SIZE, KIND_COUNT, TILE_NAMES, type TileKind } from './tiles';

const MAX_REPLACEMENTS = 5;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

function ordinal(n: number): string {
  return ORDINALS[n - 1] ?? `${n}th`;
}

/**
 * How many of each kind the deck is short of; unknown tokens are ignored, and so is the tile
 * on `exceptLine` (the one a completion would replace).
 */
export function missingKinds(deck: ParsedMahjongDeck, exceptLine = -1): Map<TileKind, number> {
  const counts = [...deck.kindCounts];
  const except = exceptLine < 0 ? undefined : deck.tiles.find((tile) => tile.token.line === exceptLine);
  if (except?.kind !== undefined) counts[except.kind]--;
  const missing = new Map<TileKind, number>();
  counts.forEach((count, kind) => {
    if (count < COPIES) missing.set(kind, COPIES - count);
  });
  return missing;
}

/** Problems of the deck as a whole: each kind exactly 4 times, 148 tiles in all. */
export function validateMahjong(deck: ParsedMahjongDeck): Problem[] {
  const problems = new ProblemList();
  if (deck.tileCount === 0) {
    return [{
      // At the start: the whole file is the problem, and its end may be far below (blank lines).
      range: range(0, 0, 0),
      severity: 'error',
      code: 'empty-deck',
      message: `The deck holds no tiles at all: a Mahjong deck lists ${DECK_SIZE} tiles, one per line, top first.`,
    }];
  }
  const missing = missingKinds(deck);
  // A few missing kinds to offer in place of a surplus tile; the message lists them all.
  const replacements = [...missing.keys()].slice(0, MAX_REPLACEMENTS);
  const seen = new Array<number>(KIND_COUNT).fill(0);
  let surplus = 0;
  for (const tile of deck.tiles) {
    if (tile.kind === undefined) continue;
    const nth = ++seen[tile.kind];
    if (nth <= COPIES) continue;
    surplus++;
    if (!problems.accepts('surplus-tile')) {
      problems.count('surplus-tile', tokenRange(tile.token), 'error');
      continue;
    }
    const name = TILE_NAMES[tile.kind];
    problems.add({
      range: tokenRange(tile.token),
      severity: 'error',
      code: 'surplus-tile',
      message: `Too many ${name}: this is the ${ordinal(nth)}; a deck holds exactly ${COPIES} of each tile.`,
      fixes: replacements.map((kind) => replaceWith(tile.token, TILE_NAMES[kind])),
    });
  }

  // The surplus tiles past those kept are counted where the last tile is.
  const allSurplus = deck.kindCounts.reduce((sum, count) => sum + Math.max(0, count - COPIES), 0);
  if (allSurplus > surplus) problems.count('surplus-tile', tokenRange(deck.lastTile!), 'error', allSurplus - surplus);

  const total = deck.tileCount;
  if (total > DECK_SIZE) {
    const first = deck.tiles[DECK_SIZE].token;
    const last = deck.lastTile!;
    problems.add({
      range: { start: tokenRange(first).start, end: tokenRange(last).end },
      severity: 'error',
      code: 'too-many-tiles',
      message: `The deck has ${total} tiles, ${total - DECK_SIZE} more than ${DECK_SIZE}:`
        + ` tile ${DECK_SIZE + 1} and after are never reached.`,
    });
  }
  if (missing.size > 0) {
    const list = [...missing].map(([kind, n]) => `${TILE_NAMES[kind]} ×${n}`).join(', ');
    const short = total < DECK_SIZE ? `The deck has ${total} tiles, ${DECK_SIZE - total} short of ${DECK_SIZE}. ` : '';
    problems.add({
      range: endOfText(deck.lines),
      severity: 'error',
      code: 'missing-tiles',
      message: `${short}Missing: ${list}.`,
    });
  }
  return problems.finish(() => 'surplus tiles');
}
