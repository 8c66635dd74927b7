import { CIRNO_CARDS } from './cards';
import { SAFE_MAX } from './choice';
import type { CirnoGame } from './game';
import { PLAY_END, cardPiece, lostLine, roundLine, usedPiece } from './lines';
import { HeadLayout, LOSE, PLAY, ROUND_START } from './log';

const utf8 = new TextEncoder();
const ASCII = /^[\0-\x7f]*$/;

/** Bytes per chunk of `renderCirnoTranscriptChunks`, unless a single line is longer. */
export const CIRNO_CHUNK_BYTES = 1 << 16;

export interface CirnoChunkOptions {
  /** Bytes per chunk (at least the longest line). */
  chunkBytes?: number;
  /**
   * Hand every chunk in one array, overwritten after `write` returns: no garbage, for a writer
   * that is done with the bytes when it returns (fs.writeSync). By default each chunk is a fresh
   * array the writer may keep (an asynchronous stream).
   */
  reuse?: boolean;
}

// Room after a play's prefix for p and ".\n": 8 bytes (p stays above -20,000 even on the play
// that breaks the game; the common ones are copied as two whole words).
const P_ROOM = 8;

/**
 * The judge's transcript as UTF-8 chunks, in order: `Round i:`, one line per play and per
 * loss, `\n` ends; each chunk holds whole lines. A full game is some 300,000 lines: each is
 * copied from a piece encoded once (`NAME used CARD,now p=` per player and card) four bytes at
 * a time, and p written as digits, with no string per line.
 */
export function renderCirnoTranscriptChunks(
  game: CirnoGame,
  write: (bytes: Uint8Array) => void,
  options: CirnoChunkOptions = {},
): void {
  const lines = new LineWriter(game);
  const size = Math.max(options.chunkBytes ?? CIRNO_CHUNK_BYTES, lines.longest);
  let out = new Uint8Array(size);
  for (;;) {
    const at = lines.fill(out, new DataView(out.buffer, out.byteOffset, out.byteLength));
    if (at > 0) write(out.subarray(0, at));
    if (lines.done) return;
    if (!options.reuse) out = new Uint8Array(size);
  }
}

/** Writes the transcript's lines into buffers, as many as fit in each, from where it stopped. */
class LineWriter {
  /** The most bytes a line writes: a buffer with this much room left takes one more line. */
  readonly longest: number;
  private readonly prefixes: PieceTable;
  private readonly lost: Uint8Array[];
  private readonly ends = playEnds();
  // The next event and the next play: plays are stored in event order, so a counter walks them.
  private event = 0;
  private play = 0;

  constructor(private readonly game: CirnoGame) {
    this.prefixes = new PieceTable(
      game.players.flatMap((name) => CIRNO_CARDS.map((card) => usedPiece(name) + cardPiece(card))),
    );
    this.lost = game.players.map((name) => utf8.encode(`${lostLine(name)}\n`));
    let longest = Math.max(32, this.prefixes.room + P_ROOM);
    for (const piece of this.lost) longest = Math.max(longest, piece.length);
    this.longest = longest;
  }

  get done(): boolean {
    return this.event >= this.game.log.count;
  }

  /**
   * Writes lines into `out` (through `view`, its DataView) while a longest line fits; returns
   * the bytes written. The plays go to `writePlays` in runs that surely fit; here only round
   * lines and losses, some hundred a game.
   */
  fill(out: Uint8Array, view: DataView): number {
    const { prefixes, ends, longest, lost } = this;
    const { kinds, log } = this.game;
    const size = out.length;
    let play = this.play;
    let i = this.event;
    let at = 0;
    while (i < log.count && at + longest <= size) {
      const kind = log.kind(i);
      if (kind === PLAY) {
        const count = Math.min(log.playsEnd(log.round(i)) - play, Math.floor((size - at) / longest));
        at = writePlays(view, at, play, count, log.playHeads, kinds, log.playIds, log.playP, prefixes, ends);
        // Each play but a game's last is followed by its draw.
        i += 2 * count;
        play += count;
        continue;
      }
      let line: Uint8Array | undefined;
      if (kind === LOSE) line = lost[log.player(i)];
      else if (kind === ROUND_START) line = utf8.encode(`${roundLine(log.round(i))}\n`);
      if (line) {
        out.set(line, at);
        at += line.length;
      }
      i++;
    }
    this.event = i;
    this.play = play;
    return at;
  }
}

const CARD_COUNT = CIRNO_CARDS.length;

/**
 * Writes `count` play lines, of plays `play` on; returns the position after them. Shaped for
 * the optimizing compiler: see docs/performance.md#cirno-transcript.
 */
function writePlays(
  view: DataView, at: number, play: number, count: number,
  heads: Uint16Array, kinds: Uint8Array, playIds: Int32Array, playP: Int16Array, prefixes: PieceTable, ends: PieceTable,
): number {
  for (const last = play + count; play < last; play++) {
    // The player of the play's head, read with no call.
    const player = (heads[play] >>> HeadLayout.PLAYER_SHIFT) & HeadLayout.PLAYER_MASK;
    at = prefixes.copy(view, at, player * CARD_COUNT + kinds[playIds[play]]);
    const p = playP[play];
    at = p >= LEAST_P_END && p <= SAFE_MAX ? ends.copy(view, at, p - LEAST_P_END) : writeEnd(view, at, p);
  }
  return at;
}

/** Writes `p.\n` for a p below LEAST_P_END (or above SAFE_MAX, on a play that breaks the game). */
function writeEnd(view: DataView, at: number, p: number): number {
  const text = utf8.encode(`${p}${PLAY_END}\n`);
  for (const byte of text) view.setUint8(at++, byte);
  return at;
}

// The end of a play line, `p.\n`, for the p most plays leave: made once, on first use.
const LEAST_P_END = -999;
let endsTable: PieceTable | undefined;
function playEnds(): PieceTable {
  if (endsTable) return endsTable;
  const texts = Array.from({ length: SAFE_MAX - LEAST_P_END + 1 }, (_, i) => `${i + LEAST_P_END}${PLAY_END}\n`);
  endsTable = new PieceTable(texts);
  return endsTable;
}

// Large enough for the garbage collector's large-object space: see docs/performance.md#cirno-transcript.
const STRING_CHUNK_BYTES = 1 << 20;

/**
 * The judge's transcript as one string: each chunk decoded as soon as it is written, into one
 * reused buffer (no copy of the whole transcript as bytes).
 */
export function renderCirnoTranscript(game: CirnoGame): string {
  const decoder = new TextDecoder();
  let text = '';
  const options = { chunkBytes: STRING_CHUNK_BYTES, reuse: true };
  renderCirnoTranscriptChunks(game, (bytes) => (text += decoder.decode(bytes)), options);
  return text;
}

/**
 * Short texts as UTF-8 in 32-bit words, each in the same number of words (`stride`): a piece
 * is copied a word at a time, always as many words, by straight-line code when the stride is 2
 * or 8 (a loop, even of a fixed count, made a render three times slower). A copy writes up to
 * `room` bytes, past the piece's end: later writes cover them.
 */
class PieceTable {
  private readonly words: Uint32Array;
  private readonly lengths: Int32Array;
  /** Words per piece. */
  private readonly stride: number;

  constructor(texts: string[]) {
    // Made once per render: see docs/performance.md#cirno-transcript.
    const pieces = texts.map((text) => (ASCII.test(text) ? text : utf8.encode(text)));
    const count = pieces.length;
    this.lengths = new Int32Array(count);
    let longest = 1;
    for (let j = 0; j < count; j++) {
      this.lengths[j] = pieces[j].length;
      longest = Math.max(longest, Math.ceil(pieces[j].length / 4));
    }
    this.stride = longest <= 2 ? 2 : longest <= 8 ? 8 : longest;
    const bytes = new Uint8Array(4 * this.stride * count);
    for (let j = 0; j < count; j++) {
      const piece = pieces[j];
      const at = 4 * this.stride * j;
      if (typeof piece !== 'string') bytes.set(piece, at);
      else for (let i = 0; i < piece.length; i++) bytes[at + i] = piece.charCodeAt(i);
    }
    const view = new DataView(bytes.buffer);
    this.words = new Uint32Array(bytes.length / 4);
    for (let w = 0; w < this.words.length; w++) this.words[w] = view.getUint32(4 * w, true);
  }

  get count(): number {
    return this.lengths.length;
  }

  /** The bytes a copy may write. */
  get room(): number {
    return 4 * this.stride;
  }

  /** Writes piece j at `at`; returns the position after it. */
  copy(out: DataView, at: number, piece: number): number {
    const { words, stride } = this;
    const w = piece * stride;
    if (stride === 2) {
      out.setUint32(at, words[w], true);
      out.setUint32(at + 4, words[w + 1], true);
    } else if (stride === 8) {
      out.setUint32(at, words[w], true);
      out.setUint32(at + 4, words[w + 1], true);
      out.setUint32(at + 8, words[w + 2], true);
      out.setUint32(at + 12, words[w + 3], true);
      out.setUint32(at + 16, words[w + 4], true);
      out.setUint32(at + 20, words[w + 5], true);
      out.setUint32(at + 24, words[w + 6], true);
      out.setUint32(at + 28, words[w + 7], true);
    } else {
      for (let from = w, to = at; from < w + stride; from++, to += 4) out.setUint32(to, words[from], true);
    }
    return at + this.lengths[piece];
  }
}
