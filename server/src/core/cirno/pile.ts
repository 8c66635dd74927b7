import { range, type Range } from '../common/problem';
import { tokenRange, type Token } from '../common/text';
import { CIRNO_CARDS, cardKind, type CirnoCardName } from './cards';

/**
 * A card token. `card` is the card it stands for: the exact spelling, or the uppercase form
 * of a wrongly-cased card (validation warns about those); undefined for an unknown card.
 */
export interface CirnoCard {
  text: string;
  card: CirnoCardName | undefined;
  range: Range;
}

const UNKNOWN = 255;

/** The card a token stands for, as a kind (UNKNOWN when none), accepting any letter case. */
function readKind(text: string): number {
  const exact = cardKind(text);
  if (exact >= 0) return exact;
  const upper = cardKind(text.toUpperCase());
  return upper >= 0 ? upper : UNKNOWN;
}

export function readCard(token: Token): CirnoCard {
  const kind = readKind(token.text);
  return { text: token.text, card: kind === UNKNOWN ? undefined : CIRNO_CARDS[kind], range: tokenRange(token) };
}

/**
 * The draw pile, top first. A full pile is 300,000 cards, so they are kept in typed arrays
 * (an object per card made the garbage collector the main cost of reading a deck) and
 * `at(i)` builds the CirnoCard when someone asks.
 */
export class CirnoPile implements Iterable<CirnoCard> {
  private count = 0;
  private kinds: Uint8Array;
  private lines: Int32Array;
  private starts: Int32Array;
  private ends: Int32Array;
  /** The text of each token not spelled exactly as a card (unknown or wrongly cased), by index. */
  readonly oddTexts = new Map<number, string>();

  constructor(capacity: number) {
    const size = Math.max(16, capacity);
    this.kinds = new Uint8Array(size);
    this.lines = new Int32Array(size);
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
  }

  get length(): number {
    return this.count;
  }

  add(token: Token): void {
    if (this.count === this.kinds.length) this.grow();
    const i = this.count++;
    const kind = readKind(token.text);
    this.kinds[i] = kind;
    if (kind === UNKNOWN || CIRNO_CARDS[kind] !== token.text) this.oddTexts.set(i, token.text);
    this.lines[i] = token.line;
    this.starts[i] = token.start;
    this.ends[i] = token.end;
  }

  /** The card pile card i stands for, or undefined when it is unknown (or out of range). */
  card(i: number): CirnoCardName | undefined {
    return i >= 0 && i < this.count && this.kinds[i] !== UNKNOWN ? CIRNO_CARDS[this.kinds[i]] : undefined;
  }

  /** Pile card i as an index into CIRNO_CARDS, or -1 when it is unknown. */
  kind(i: number): number {
    return this.kinds[i] === UNKNOWN ? -1 : this.kinds[i];
  }

  range(i: number): Range {
    return range(this.lines[i], this.starts[i], this.ends[i]);
  }

  at(i: number): CirnoCard | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return { text: this.oddTexts.get(i) ?? CIRNO_CARDS[this.kinds[i]], card: this.card(i), range: this.range(i) };
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
    return found >= 0 && this.lines[found] === line && character <= this.ends[found] ? found : -1;
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
    const double = <T extends Uint8Array | Int32Array>(array: T): T => {
      const grown = new (array.constructor as new (size: number) => T)(array.length * 2);
      grown.set(array);
      return grown;
    };
    this.kinds = double(this.kinds);
    this.lines = double(this.lines);
    this.starts = double(this.starts);
    this.ends = double(this.ends);
  }
}
