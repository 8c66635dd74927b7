import { CIRNO_CARDS } from './cards';
import type { CirnoGame } from './game';
import { PLAY_END, cardPiece, lostLine, roundLine, usedPiece } from './lines';
import { A_AT, C_AT, LOSE, PLAY, PLAYER_AT, ROUND_START, STRIDE } from './log';

const utf8 = new TextEncoder();

/**
 * The judge's transcript: `Round i:`, one line per play and per loss, `\n` ends.
 * A full game is some 300,000 lines, so the text is written as UTF-8 bytes from pieces encoded
 * once (per player, per card) and decoded in one go: no string per line for the collector.
 */
export function renderCirnoTranscript(game: CirnoGame): string {
  const { players, kinds, log } = game;
  const used = players.map((name) => utf8.encode(usedPiece(name)));
  const lost = players.map((name) => utf8.encode(`${lostLine(name)}\n`));
  const cards = CIRNO_CARDS.map((card) => utf8.encode(cardPiece(card)));
  const playEnd = utf8.encode(`${PLAY_END}\n`);
  // The longest line: a name, " used DOUBLE,now p=" and p down to -9999, then ".\n".
  const longest = Math.max(...used.map((bytes) => bytes.length), ...lost.map((bytes) => bytes.length)) + 32;
  let out = new Uint8Array(Math.max(1024, game.lineCount * 24));
  let size = 0;
  const put = (bytes: Uint8Array): void => {
    out.set(bytes, size);
    size += bytes.length;
  };

  const rows = log.rows;
  for (let i = 0, at = 0; i < log.count; i++, at += STRIDE) {
    const kind = rows[at] & 3;
    if (kind !== PLAY && kind !== LOSE && kind !== ROUND_START) continue;
    if (size + longest > out.length) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out.subarray(0, size));
      out = grown;
    }
    if (kind === PLAY) {
      put(used[rows[at + PLAYER_AT]]);
      put(cards[kinds[rows[at + A_AT]]]);
      size = writeInt(out, size, rows[at + C_AT]);
      put(playEnd);
    } else if (kind === LOSE) {
      put(lost[rows[at + PLAYER_AT]]);
    } else {
      put(utf8.encode(`${roundLine(log.round(i))}\n`));
    }
  }
  return new TextDecoder().decode(out.subarray(0, size));
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
