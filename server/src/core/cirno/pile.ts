import { MAX_PROBLEMS_PER_CODE, range, type Range } from '../problem';
import { tokenRange, type Token } from '../deckText';
import { CIRNO_CARDS, MISCASED, UNKNOWN_CARD, packedCard, readCardAt, type CirnoCardName } from './cards';
import { LIMITS } from './limits';
import { AsciiWindow, WordScanner, wordEnd } from './scan';

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
  const card = code === UNKNOWN_CARD ? undefined : CIRNO_CARDS[code & ~MISCASED];
  return { text: token.text, card, range: tokenRange(token) };
}

// Enough odd cards to list as many problems as validation lists, and one more.
const ODD_LISTED = MAX_PROBLEMS_PER_CODE + 1;

/** Cards of one sort (unknown, or wrongly cased): the first ODD_LISTED, and how many in all. */
export interface OddCards {
  first: CirnoCard[];
  count: number;
}

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
  /**
   * Where every MARK_EVERY-th card starts in the deck text (cards 0, 32, 64, …): a card between
   * is found by reading the few words after its mark. A mark per card took 1.2 MB for a full pile.
   */
  private marks: Int32Array;
  /** For finding the cards between marks; made on first use. */
  private words: WordScanner | undefined;
  /** The card `offset` found last, and where it starts: cards are mostly asked for in order. */
  private lastCard = -1;
  private lastOffset = 0;
  // The lines holding pile cards, in order: their numbers and where they start in the text.
  private lineNumbers = new Int32Array(16);
  private lineStarts = new Int32Array(16);
  private lines = 0;
  /** The tokens not spelled exactly as a card, past PILE_KEPT too: unknown ones, wrongly cased ones. */
  readonly unknown: OddCards = { first: [], count: 0 };
  readonly miscased: OddCards = { first: [], count: 0 };

  /** `capacity`: the cards expected (k), so a valid pile is never copied while it grows. */
  constructor(private readonly source: string, capacity: number) {
    const size = Math.max(16, Math.min(capacity, PILE_KEPT));
    this.kinds = new Uint8Array(size);
    this.marks = new Int32Array(markRoom(size));
  }

  /** The cards kept: every card of a pile that can be valid, at most PILE_KEPT. */
  get length(): number {
    return this.count;
  }

  /** Every card token of the pile, those past PILE_KEPT too. */
  get written(): number {
    return this.cardsWritten;
  }

  /**
   * Adds the scanner's current word and every word after it. Where the text is ASCII, the
   * common layout (exact cards parted by one space or one line end) is read 8 bytes at a time
   * by `addRun`; anything else, one word each, by `add`, which knows every case.
   */
  addAll(words: WordScanner): void {
    const window = new AsciiWindow(this.source);
    do {
      this.add(words);
      window.reach(words.end);
      this.addRun(words, window.bytes, window.view, window.base, window.readable);
    } while (words.next());
  }

  /**
   * Adds the exact cards after the scanner's current word, each parted from the one before by
   * a space or a `\n`, while they fit the arrays and the window's `readable` bytes (`bytes`,
   * read through `view`, start at text offset `base`); then leaves the scanner before the first
   * word that is not one. A word is read as two ints; its first byte at or below 32 ends it.
   */
  private addRun(words: WordScanner, bytes: Uint8Array, view: DataView, base: number, readable: number): void {
    const { kinds, marks } = this;
    const room = kinds.length;
    const textEnd = this.source.length - base;
    let count = this.count;
    // Where the run stands, in window offsets: `at` is the byte after the last word, on line
    // `line` from `lineStart`.
    let at = words.end - base;
    let line = words.line;
    let lineStart = words.start - words.column - base;
    // A word is read with the byte after it: 9 bytes from its start.
    while (at + 10 <= readable) {
      const before = bytes[at];
      if (before !== 32 && before !== 10) break;
      const start = at + 1;
      const lo = view.getInt32(start, true);
      // The bytes at or below 32 (no byte is above 127): only the lowest one found is exact.
      const lowEnds = (lo - 0x21212121) & ~lo & 0x80808080;
      let length: number;
      let kind: number;
      if (lowEnds !== 0) {
        length = (31 - Math.clz32(lowEnds & -lowEnds)) >> 3;
        kind = packedCard(lo & ((1 << (8 * length)) - 1), 0);
      } else {
        // Only PASS, TURN and DOUBLE (and what is no card) are read further.
        const hi = view.getInt32(start + 4, true);
        const highEnds = (hi - 0x21212121) & ~hi & 0x80808080;
        if (highEnds === 0) break;
        length = 4 + ((31 - Math.clz32(highEnds & -highEnds)) >> 3);
        kind = packedCard(lo, hi & ((1 << (8 * (length - 4))) - 1));
      }
      const end = start + length;
      const after = bytes[end];
      if (kind === UNKNOWN_CARD || count === room) break;
      if (after !== 32 && after !== 10 && end !== textEnd) break;
      if (before === 10) {
        // The first card of a line; the line table grows here, not in `add`
        // (docs/performance.md#cirno-pile-reading).
        if (this.lines === this.lineNumbers.length) this.growLines();
        line++;
        lineStart = start;
        this.lineNumbers[this.lines] = line;
        this.lineStarts[this.lines++] = start + base;
      }
      kinds[count] = kind;
      // Every card writes the mark of its group's next: the group's first card writes it last.
      marks[(count++ + MARK_EVERY - 1) >> MARK_SHIFT] = start + base;
      at = end;
    }
    this.cardsWritten += count - this.count;
    this.count = count;
    words.seek(at + base, line, lineStart + base);
  }

  /** Adds the scanner's current word. */
  private add(words: WordScanner): void {
    this.cardsWritten++;
    const code = readCardAt(words.text, words.start, words.end);
    if (code === UNKNOWN_CARD || code & MISCASED) {
      const odd = code === UNKNOWN_CARD ? this.unknown : this.miscased;
      if (odd.count++ < ODD_LISTED) odd.first.push(readCard(words.token()));
    }
    if (this.count === PILE_KEPT) return;
    if (this.count === this.kinds.length) this.grow();
    const i = this.count++;
    this.kinds[i] = code === UNKNOWN_CARD ? code : code & ~MISCASED;
    if ((i & (MARK_EVERY - 1)) === 0) this.marks[i >> MARK_SHIFT] = words.start;
    if (this.lines === 0 || this.lineNumbers[this.lines - 1] !== words.line) {
      if (this.lines === this.lineNumbers.length) this.growLines();
      this.lineNumbers[this.lines] = words.line;
      this.lineStarts[this.lines++] = words.start - words.column;
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
    const offset = this.offset(i);
    const entry = this.lineEntry(offset);
    const start = offset - this.lineStarts[entry];
    return range(this.lineNumbers[entry], start, wordEnd(this.source, offset) - this.lineStarts[entry]);
  }

  /** The token as written. */
  tokenText(i: number): string {
    const offset = this.offset(i);
    return this.source.slice(offset, wordEnd(this.source, offset));
  }

  at(i: number): CirnoCard | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return { text: this.tokenText(i), card: this.card(i), range: this.range(i) };
  }

  /** The index of the pile card at a position (its end included), or -1: O(log k), for hovers. */
  indexAt(line: number, character: number): number {
    const entry = this.firstEntryFrom(line);
    if (entry === this.lines || this.lineNumbers[entry] !== line) return -1;
    // The last card starting at or before the position, on this line.
    const found = this.firstCardFrom(this.lineStarts[entry] + character + 1) - 1;
    const nextLine = entry + 1 < this.lines ? this.lineStarts[entry + 1] : Infinity;
    const offset = found < 0 ? -1 : this.offset(found);
    if (found < 0 || offset < this.lineStarts[entry] || offset >= nextLine) return -1;
    return wordEnd(this.source, offset) >= this.lineStarts[entry] + character ? found : -1;
  }

  /** The index of the first card on `line` or after it (length when none): O(log k). */
  firstIndexFrom(line: number): number {
    const entry = this.firstEntryFrom(line);
    return entry < this.lines ? this.firstCardFrom(this.lineStarts[entry]) : this.count;
  }

  /** The 0-based line of card i. */
  lineOf(i: number): number {
    return this.lineNumbers[this.lineEntry(this.offset(i))];
  }

  *[Symbol.iterator](): Iterator<CirnoCard> {
    for (let i = 0; i < this.count; i++) yield this.at(i)!;
  }

  /** Where card i starts in the text: from its group's mark, a word at a time. */
  private offset(i: number): number {
    const skip = i & (MARK_EVERY - 1);
    if (skip === 0) return this.marks[i >> MARK_SHIFT];
    if (i === this.lastCard) return this.lastOffset;
    const words = (this.words ??= new WordScanner(this.source));
    // From the card found last when it is in the same group, before card i; else from the mark.
    const fromLast = this.lastCard >= i - skip && this.lastCard < i;
    let at = fromLast ? this.lastCard : i - skip;
    // Lines do not matter here: only offsets are read.
    words.seek(fromLast ? this.lastOffset : this.marks[i >> MARK_SHIFT], 0, 0);
    words.next();
    for (; at < i; at++) words.next();
    this.lastCard = i;
    this.lastOffset = words.start;
    return words.start;
  }

  /** The line entry holding the card at `offset`: the last line starting at or before it. */
  private lineEntry(offset: number): number {
    let low = 0;
    let high = this.lines - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The first line entry numbered `line` or more (the entry count when none). */
  private firstEntryFrom(line: number): number {
    let low = 0;
    let high = this.lines;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.lineNumbers[mid] < line) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first card starting at `offset` or after it (count when none). */
  private firstCardFrom(offset: number): number {
    // The last mark before the offset, then the cards after it, a word at a time.
    let low = 0;
    let high = markCount(this.count);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.marks[mid] < offset) low = mid + 1;
      else high = mid;
    }
    if (low === 0) return 0;
    let card = (low - 1) << MARK_SHIFT;
    const words = (this.words ??= new WordScanner(this.source));
    words.seek(this.marks[low - 1], 0, 0);
    while (card < this.count && words.next() && words.start < offset) card++;
    return card;
  }

  private growLines(): void {
    this.lineNumbers = grown(this.lineNumbers, 2 * this.lines);
    this.lineStarts = grown(this.lineStarts, 2 * this.lines);
  }

  private grow(): void {
    const size = Math.min(this.kinds.length * 2, PILE_KEPT);
    this.kinds = grown(this.kinds, size);
    this.marks = grown(this.marks, markRoom(size));
  }
}

const MARK_SHIFT = 5;
const MARK_EVERY = 1 << MARK_SHIFT;

/** The marks of `cards` cards. */
function markCount(cards: number): number {
  return (cards + MARK_EVERY - 1) >> MARK_SHIFT;
}

/** Room for the marks of `cards` cards, and the one `addRun` writes ahead. */
function markRoom(cards: number): number {
  return markCount(cards) + 1;
}

/** A copy of `array` with room for `size` elements. */
function grown<T extends Uint8Array | Int32Array>(array: T, size: number): T {
  const copy = new (array.constructor as new (size: number) => T)(size);
  copy.set(array);
  return copy;
}
