import { CIRNO_CARDS } from './cards';
import type { CirnoGame } from './game';
import { PLAY_END, cardPiece, lostLine, roundLine, usedPiece } from './lines';
import { DRAW, LOSE, PLAY, headKind, headPlayer } from './log';

const utf8 = new TextEncoder();

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

// Room after a play's prefix for p and ".\n" (p stays above -20,000 even on the play that
// breaks the game), and for the whole 4-byte words the prefix is copied in.
const P_ROOM = 8 + 4;

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
  const { players, kinds, log } = game;
  const prefixes = new PieceTable(
    players.flatMap((name) => CIRNO_CARDS.map((card) => usedPiece(name) + cardPiece(card))),
  );
  const lost = players.map((name) => utf8.encode(`${lostLine(name)}\n`));
  const end = utf8.encode(`${PLAY_END}\n`);
  // A chunk always has room for the longest line, so a line never needs a check of its own.
  let longest = 32;
  for (let j = 0; j < prefixes.count; j++) longest = Math.max(longest, prefixes.length(j) + P_ROOM);
  for (const piece of lost) longest = Math.max(longest, piece.length);
  const size = Math.max(options.chunkBytes ?? CIRNO_CHUNK_BYTES, longest);
  let out = new Uint8Array(size);
  let view = new DataView(out.buffer);
  let at = 0;

  const { heads, rounds, playIds, playP } = log;
  const cards = CIRNO_CARDS.length;
  // Plays are stored in event order, so a counter walks them.
  let play = 0;
  for (let i = 0; i < log.count; i++) {
    const head = heads[i];
    const kind = headKind(head);
    if (kind === DRAW) continue;
    if (at + longest > size) {
      write(out.subarray(0, at));
      if (!options.reuse) {
        out = new Uint8Array(size);
        view = new DataView(out.buffer);
      }
      at = 0;
    }
    if (kind === PLAY) {
      at = prefixes.copy(view, at, headPlayer(head) * cards + kinds[playIds[play]]);
      at = writeInt(out, at, playP[play++]);
      out[at++] = end[0];
      out[at++] = end[1];
    } else if (kind === LOSE) {
      out.set(lost[headPlayer(head)], at);
      at += lost[headPlayer(head)].length;
    } else {
      const line = utf8.encode(`${roundLine(rounds[i])}\n`);
      out.set(line, at);
      at += line.length;
    }
  }
  if (at > 0) write(out.subarray(0, at));
}

/** The judge's transcript as one string. */
export function renderCirnoTranscript(game: CirnoGame): string {
  const chunks: Uint8Array[] = [];
  renderCirnoTranscriptChunks(game, (bytes) => chunks.push(bytes), { chunkBytes: 1 << 20 });
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(whole);
}

/**
 * Short texts as UTF-8 in 32-bit words, each padded to a whole word: a piece is copied a word
 * at a time (several times faster than byte by byte), writing up to 3 bytes past its end that
 * the next write covers.
 */
class PieceTable {
  private readonly words: Uint32Array;
  /** Piece j is words[starts[j]] on, lengths[j] bytes. */
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;

  constructor(texts: string[]) {
    const pieces = texts.map((text) => utf8.encode(text));
    this.starts = new Int32Array(pieces.length + 1);
    this.lengths = Int32Array.from(pieces, (piece) => piece.length);
    pieces.forEach((piece, j) => (this.starts[j + 1] = this.starts[j] + Math.ceil(piece.length / 4)));
    const bytes = new Uint8Array(4 * this.starts[pieces.length]);
    pieces.forEach((piece, j) => bytes.set(piece, 4 * this.starts[j]));
    const view = new DataView(bytes.buffer);
    this.words = Uint32Array.from({ length: bytes.length / 4 }, (_, w) => view.getUint32(4 * w, true));
  }

  get count(): number {
    return this.lengths.length;
  }

  length(piece: number): number {
    return this.lengths[piece];
  }

  /** Writes piece j at `at`; returns the position after it. */
  copy(out: DataView, at: number, piece: number): number {
    const words = this.words;
    for (let w = this.starts[piece], last = this.starts[piece + 1], to = at; w < last; w++, to += 4) {
      out.setUint32(to, words[w], true);
    }
    return at + this.lengths[piece];
  }
}

/** Writes an integer in decimal at `at`; returns the position after it. */
function writeInt(out: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    out[at++] = 0x2d; // '-'
    value = -value;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
  for (let i = at + digits - 1; i >= at; i--) {
    out[i] = 0x30 + (value % 10);
    value = (value / 10) | 0;
  }
  return at + digits;
}
