import type { MahjongEvent } from './events';
import { PLAYERS, TILE_NAMES } from './tiles';

/** One event as the judge prints it. */
export function transcriptLine(event: MahjongEvent): string {
  switch (event.type) {
    case 'deal':
    case 'draw':
      return `${PLAYERS[event.player]} IN ${TILE_NAMES[event.kind]}`;
    case 'discard':
      return event.passTarget === undefined
        ? `${PLAYERS[event.player]} OUT ${TILE_NAMES[event.kind]}`
        : `${PLAYERS[event.player]} OUT PASS ${PLAYERS[event.passTarget]}`;
    case 'pong':
      return `${PLAYERS[event.player]} PONG ${Array(3).fill(TILE_NAMES[event.kind]).join(' ')}`;
    case 'chow':
      return `${PLAYERS[event.player]} CHOW ${event.kinds.map((k) => TILE_NAMES[k]).join(' ')}`;
    case 'ron':
      return `${PLAYERS[event.player]} RON`;
    case 'selfdrawn':
      return `${PLAYERS[event.player]} SELFDRAWN`;
    case 'win':
      return `${PLAYERS[event.player]} WIN`;
    case 'drawGame':
      return 'DRAW';
  }
}

/** The judge's transcript: one line per event, `\n` line ends, a final newline. */
export function renderMahjongTranscript(events: readonly MahjongEvent[]): string {
  let out = '';
  for (const event of events) out += transcriptLine(event) + '\n';
  return out;
}
