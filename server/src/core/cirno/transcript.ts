import { CIRNO_CARDS } from './cards';
import type { CirnoGame } from './game';
import { PLAY_END, cardPiece, lostLine, roundLine, usedPiece } from './lines';
import { A_AT, C_AT, LOSE, PLAY, PLAYER_AT, ROUND_START, STRIDE } from './log';

const utf8 = new TextEncoder();

/** Bytes per chunk of `renderCirnoTranscriptChunks`, unless a single line is longer. */
export const CIRNO_CHUNK_BYTES = 1 << 16;

/**
 * The judge's transcript as UTF-8 chunks, in order: `Round i:`, one line per play and per
 * loss, `\n` ends. Each chunk holds whole lines and is a fresh array the caller may keep (for
 * an asynchronous stream). A full game is some 300,000 lines: they are written from pieces
 * encoded once (per player, per card), with no string per line.
 */
export function renderCirnoTranscriptChunks(game: CirnoGame, write: (bytes: Uint8Array) => void, chunkBytes = CIRNO_CHUNK_BYTES): void {
  const { players, kinds, log } = game;
  const used = players.map((name) => utf8.encode(usedPiece(name)));
  const lost = players.map((name) => utf8.encode(`${lostLine(name)}\n`));
  const cards = CIRNO_CARDS.map((card) => utf8.encode(cardPiece(card)));
  const playEnd = utf8.encode(`${PLAY_END}\n`);
  // The longest line: a name, " used DOUBLE,now p=" and p down to -9999, then ".\n"; a chunk
  // always has room for it, so a line never needs a check of its own.
  const longest = Math.max(...used.map((bytes) => bytes.length), ...lost.map((bytes) => bytes.length)) + 32;
  const size = Math.max(chunkBytes, longest);
  let out = new Uint8Array(size);
  let at = 0;
  const put = (bytes: Uint8Array): void => {
    out.set(bytes, at);
    at += bytes.length;
  };

  const rows = log.rows;
  for (let i = 0, row = 0; i < log.count; i++, row += STRIDE) {
    const kind = rows[row] & 3;
    if (kind !== PLAY && kind !== LOSE && kind !== ROUND_START) continue;
    if (at + longest > size) {
      write(out.subarray(0, at));
      out = new Uint8Array(size);
      at = 0;
    }
    if (kind === PLAY) {
      put(used[rows[row + PLAYER_AT]]);
      put(cards[kinds[rows[row + A_AT]]]);
      at = writeInt(out, at, rows[row + C_AT]);
      put(playEnd);
    } else if (kind === LOSE) {
      put(lost[rows[row + PLAYER_AT]]);
    } else {
      put(utf8.encode(`${roundLine(log.round(i))}\n`));
    }
  }
  if (at > 0) write(out.subarray(0, at));
}

/** The judge's transcript as one string. */
export function renderCirnoTranscript(game: CirnoGame): string {
  const chunks: Uint8Array[] = [];
  renderCirnoTranscriptChunks(game, (bytes) => chunks.push(bytes));
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

/** Writes an integer in decimal at `at`; returns the position after it. */
function writeInt(out: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    out[at++] = 0x2d; // '-'
    value = -value;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = at + digits - 1; i >= at; i--) {
    out[i] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
  return at + digits;
}
