import { MAX_PROBLEMS_PER_CODE, range, type Range } from '../common/problem';
import { tokenRange, type Token } from '../common/text';
import { CIRNO_CARDS, MISCASED, UNKNOWN_CARD, readCardAt, type CirnoCardName } from './cards';
import { LIMITS } from './limits';
import type { WordScanner } from './scan';

/**
 * A card token. `card` is the card it stands for: the exact spelling, or the uppercase form
 * of a wrongly-cased card (validation warns about those); undefined for an unknown card.
 */
export interface CirnoCard {
  text: string;
  card: CirnoCardName | undefined;
  range: Range;
}

export function readCard(token: Token): CirnoCard {
  const code = readCardAt(token.text, 0, token.text.length);
  return { text: token.text, card: code === UNKNOWN_CARD ? undefined : CIRNO_CARDS[code & ~MISCASED], range: tokenRange(token) };
}

// Enough odd cards past PILE_KEPT to list as many problems as validation lists, and one more.
const ODD_LISTED = MAX_PROBLEMS_PER_CODE + 1;

/** Past this many pile cards no k is valid: the rest are only counted (junk costs no memory). */
export const PILE_KEPT = LIMITS.k + 1;

/**
 * The draw pile, top first. A full pile is 300,000 cards, so they are kept in typed arrays
 * (an object per card made the garbage collector the main cost of reading a deck), texts stay
 * in the deck text, and `at(i)` builds the CirnoCard when someone asks.
 */
export class CirnoPile implements Iterable<CirnoCard> {
  private count = 0;
  private cardsWritten = 0;
  private kinds: Uint8Array;
  private lines: Int32Array;
  private starts: Int32Array;
  private offsets: Int32Array;
  private lengths: Int32Array;
  /** Indices of the tokens not spelled exactly as a card (unknown or wrongly cased), in order. */
  readonly oddIndices: number[] = [];
  /** Past PILE_KEPT: the unknown and the wrongly cased cards, the first ODD_LISTED of each as cards. */
  readonly past = { unknown: [] as CirnoCard[], unknownCount: 0, miscased: [] as CirnoCard[], miscasedCount: 0 };

  /** `capacity`: the cards expected (k), so a valid pile is never copied while it grows. */
  constructor(private readonly source: string, capacity: number) {
    const size = Math.max(16, Math.min(capacity, PILE_KEPT));
    this.kinds = new Uint8Array(size);
    this.lines = new Int32Array(size);
    this.starts = new Int32Array(size);
    this.offsets = new Int32Array(size);
    this.lengths = new Int32Array(size);
  }

  /** The cards kept: every card of a pile that can be valid, at most PILE_KEPT. */
  get length(): number {
    return this.count;
  }

  /** Every card token of the pile, those past PILE_KEPT too. */
  get written(): number {
    return this.cardsWritten;
  }

  /** Adds the scanner's current word. */
  add(words: WordScanner): void {
    this.cardsWritten++;
    const code = readCardAt(words.text, words.start, words.end);
    if (this.count === PILE_KEPT) {
      this.addPast(code, words);
      return;
    }
    if (this.count === this.kinds.length) this.grow();
    const i = this.count++;
    this.kinds[i] = code === UNKNOWN_CARD ? code : code & ~MISCASED;
    if (code === UNKNOWN_CARD || code & MISCASED) this.oddIndices.push(i);
    this.lines[i] = words.line;
    this.starts[i] = words.column;
    this.offsets[i] = words.start;
    this.lengths[i] = words.end - words.start;
  }

  private addPast(code: number, words: WordScanner): void {
    const past = this.past;
    if (code === UNKNOWN_CARD) {
      if (past.unknownCount++ < ODD_LISTED) past.unknown.push(readCard(words.token()));
    } else if (code & MISCASED) {
      if (past.miscasedCount++ < ODD_LISTED) past.miscased.push(readCard(words.token()));
    }
  }

  /** The card pile card i stands for, or undefined when it is unknown (or out of range). */
  card(i: number): CirnoCardName | undefined {
    return i >= 0 && i < this.count && this.kinds[i] !== UNKNOWN_CARD ? CIRNO_CARDS[this.kinds[i]] : undefined;
  }

  /** Pile card i as an index into CIRNO_CARDS, or -1 when it is unknown. */
  kind(i: number): number {
    return this.kinds[i] === UNKNOWN_CARD ? -1 : this.kinds[i];
  }

  /** The card codes of the pile, top first (UNKNOWN_CARD for an unknown card): no copy. */
  codes(): Uint8Array {
    return this.kinds.subarray(0, this.count);
  }

  range(i: number): Range {
    return range(this.lines[i], this.starts[i], this.starts[i] + this.lengths[i]);
  }

  /** The token as written. */
  tokenText(i: number): string {
    return this.source.slice(this.offsets[i], this.offsets[i] + this.lengths[i]);
  }

  at(i: number): CirnoCard | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return { text: this.tokenText(i), card: this.card(i), range: this.range(i) };
  }

  /** The index of the pile card at a position (its end included), or -1: O(log k), for hovers. */
  indexAt(line: number, character: number): number {
    let low = 0;
    let high = this.count - 1;
    let found = -1;
    // The last card starting at or before the position.
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (this.lines[mid] < line || (this.lines[mid] === line && this.starts[mid] <= character)) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    const inside = found >= 0 && this.lines[found] === line && character <= this.starts[found] + this.lengths[found];
    return inside ? found : -1;
  }

  /** The index of the first card on `line` or after it (length when none): O(log k). */
  firstIndexFrom(line: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.lines[mid] < line) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The 0-based line of card i. */
  lineOf(i: number): number {
    return this.lines[i];
  }

  *[Symbol.iterator](): Iterator<CirnoCard> {
    for (let i = 0; i < this.count; i++) yield this.at(i)!;
  }

  private grow(): void {
    const size = Math.min(this.kinds.length * 2, PILE_KEPT);
    const grown = <T extends Uint8Array | Int32Array>(array: T): T => {
      const copy = new (array.constructor as new (size: number) => T)(size);
      copy.set(array);
      return copy;
    };
    this.kinds = grown(this.kinds);
    this.lines = grown(this.lines);
    this.starts = grown(this.starts);
    this.offsets = grown(this.offsets);
    this.lengths = grown(this.lengths);
  }
}
