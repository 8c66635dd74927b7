import type { MahjongEvent } from './events';
import { PLAYERS, TILE_NAMES, type Player, type TileKind } from './tiles';

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

/** Per player and kind, a line with its end: built once from transcriptLine when first asked. */
type LineTable = readonly (readonly string[])[];
let inLines: LineTable | undefined;
let outLines: LineTable | undefined;

function lineTable(line: (player: Player, kind: TileKind) => string): LineTable {
  return PLAYERS.map((_, player) => TILE_NAMES.map((_, kind) => `${line(player as Player, kind)}\n`));
}

/**
 * The judge's transcript: one line per event, `\n` line ends, a final newline. Nearly every
 * line is a tile taken or thrown: those are looked up rather than formatted.
 */
export function renderMahjongTranscript(events: readonly MahjongEvent[]): string {
  inLines ??= lineTable((player, kind) => transcriptLine({ type: 'deal', player, tile: 0, kind }));
  outLines ??= lineTable((player, kind) => transcriptLine({ type: 'discard', player, tile: 0, kind }));
  let out = '';
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event.type === 'deal' || event.type === 'draw') out += inLines[event.player][event.kind];
    else if (event.type === 'discard' && event.passTarget === undefined) out += outLines[event.player][event.kind];
    else out += `${transcriptLine(event)}\n`;
  }
  return out;
}
