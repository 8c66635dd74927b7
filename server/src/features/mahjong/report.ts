/**
 * What the CLI reports on a Mahjong transcript line: the table just before it (from core's
 * snapshots), the deck line of the tile it moves, and why (the replay's Why, as text).
 */
import {
  PLAYERS, TILE_NAMES, mahjongDecisions, mahjongExplainRecords, mahjongSnapshots, transcriptLine,
  type MahjongAnalysis, type MahjongEvent, type MahjongGame, type Meld,
} from '../../core/mahjong';
import type { ExplainedLine, LineReport } from '../gameService';
import { whyText } from '../whyText';
import { mahjongWhy } from './why';

function movedTile(event: MahjongEvent): number | undefined {
  if (event.type === 'pong' || event.type === 'chow') return event.claimed;
  return 'tile' in event ? event.tile : undefined;
}

/** The wall and every hand and meld before event `index`, tiles sorted by kind. */
function stateBefore(game: MahjongGame, index: number): string[] {
  const names = (tiles: readonly number[]) =>
    tiles.map((tile) => game.deck[tile]).sort((a, b) => a - b).map((kind) => TILE_NAMES[kind]);
  const snapshot = index > 0 ? mahjongSnapshots(game)[index - 1] : undefined;
  const direction = (snapshot?.direction ?? 1) === 1 ? 'A→B→C→D' : 'A→D→C→B';
  const state = [`wall: ${snapshot?.wall ?? game.deck.length} tiles left, direction ${direction}`];
  PLAYERS.forEach((player, i) => {
    const hand = snapshot ? names(snapshot.hands[i]).join(' ') : '';
    const meld = (m: Meld) => `${m.type.toUpperCase()} ${names(m.tiles).join(' ')}`;
    const melds = (snapshot?.melds[i] ?? []).map(meld);
    state.push(`${player}: hand ${hand || '(empty)'}${melds.length > 0 ? `; melds ${melds.join(', ')}` : ''}`);
  });
  return state;
}

function explainedLine(analysis: MahjongAnalysis, game: MahjongGame, index: number): ExplainedLine {
  const why = mahjongWhy(mahjongDecisions(game)[index]);
  const text = transcriptLine(game.events[index]);
  const line: ExplainedLine = { line: index + 1, text, why: why ? whyText(why) : [] };
  const tile = movedTile(game.events[index]);
  if (tile !== undefined) {
    const { token } = analysis.deck.tiles[tile];
    line.deckLine = { line: token.line + 1, token: token.text };
  }
  return line;
}

export function mahjongLineReport(analysis: MahjongAnalysis, line: number): LineReport | undefined {
  const { game } = analysis;
  if (!game || !Number.isInteger(line) || line < 1 || line > game.events.length) return undefined;
  const index = line - 1;
  return {
    ...explainedLine(analysis, game, index),
    state: stateBefore(game, index),
    record: mahjongExplainRecords(game)[index],
  };
}

export function* mahjongExplainedLines(analysis: MahjongAnalysis): Generator<ExplainedLine> {
  const { game } = analysis;
  for (let i = 0; i < (game?.events.length ?? 0); i++) yield explainedLine(analysis, game!, i);
}
