/**
 * What a WA report shows around a transcript line: the game state just before it and the deck
 * line of the tile or card it involves. (Cirno's state is rebuilt from the events here until
 * core offers a state API like mahjongSnapshots.)
 */
import { CIRNO_CARDS, type CirnoEvent, type CirnoGame } from '../../core/cirno';
import {
  PLAYERS, TILE_NAMES, mahjongSnapshots, type MahjongAnalysis, type MahjongEvent, type Meld,
} from '../../core/mahjong';
import type { DeckAnalysis } from '../decks';

export interface LineContext {
  /** The state before the line, a few short lines. */
  state: string[];
  /** The deck line (1-based) and token of the tile or card the line moves. */
  deckLine?: { line: number; token: string };
}

/** The context of expected transcript line `line` (1-based) of a valid deck. */
export function lineContext(analysis: DeckAnalysis, line: number): LineContext {
  const deckLine = deckLineOf(analysis, line);
  const state = analysis.language === 'mjdeck'
    ? mahjongState(analysis.mahjong, line)
    : cirnoState(analysis.cirno.game!, line);
  return deckLine ? { state, deckLine } : { state };
}

/** The deck line of the tile or card transcript line `line` moves, if it moves one. */
export function deckLineOf(analysis: DeckAnalysis, line: number): LineContext['deckLine'] {
  if (analysis.language === 'mjdeck') {
    const event: MahjongEvent | undefined = analysis.mahjong.game!.events[line - 1];
    const tile = event && movedTile(event);
    if (tile === undefined) return undefined;
    const token = analysis.mahjong.deck.tiles[tile].token;
    return { line: token.line + 1, token: token.text };
  }
  const game = analysis.cirno.game!;
  const deck = analysis.cirno.deck!;
  const event = game.events[eventIndexOfLine(game)[line - 1] ?? -1];
  if (event?.kind !== 'play') return undefined;
  const { source } = event;
  const card = source.from === 'hand' ? deck.players[source.player].hand[source.slot] : deck.pile.at(source.index)!;
  return { line: card.range.start.line + 1, token: card.text };
}

const lineEvents = new WeakMap<CirnoGame, Int32Array>();

/** For each transcript line (0-based), the index of its event. */
function eventIndexOfLine(game: CirnoGame): Int32Array {
  let index = lineEvents.get(game);
  if (!index) {
    index = new Int32Array(game.lineCount).fill(-1);
    game.events.forEach((event, i) => {
      if ('line' in event) index![event.line - 1] = i;
    });
    lineEvents.set(game, index);
  }
  return index;
}

function mahjongState(analysis: MahjongAnalysis, line: number): string[] {
  const game = analysis.game!;
  const names = (tiles: readonly number[]) =>
    tiles.map((tile) => game.deck[tile]).sort((a, b) => a - b).map((kind) => TILE_NAMES[kind]);
  const snapshots = mahjongSnapshots(game);
  const before = Math.min(line - 1, snapshots.length);
  const snapshot = before > 0 ? snapshots[before - 1] : undefined;
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

function movedTile(event: MahjongEvent): number | undefined {
  if (event.type === 'pong' || event.type === 'chow') return event.claimed;
  return 'tile' in event ? event.tile : undefined;
}

function cirnoState(game: CirnoGame, line: number): string[] {
  const n = game.players.length;
  const hands = game.players.map((_, player) => [3 * player, 3 * player + 1, 3 * player + 2]);
  let p = 0;
  let target: CirnoEvent | undefined;
  for (const event of game.events) {
    if ('line' in event && event.line === line) {
      target = event;
      break;
    }
    if (event.kind === 'roundStart') p = 0;
    else if (event.kind === 'play') {
      p = event.pAfter;
      hands[event.player] = hands[event.player].filter((id) => id !== game.cardId(event.source));
    } else if (event.kind === 'draw') hands[event.player].push(3 * n + event.pileIndex);
    else hands[event.player] = [];
  }
  const doubledTurn = (target?.kind === 'play' || target?.kind === 'lose') && target.doubled ? target : undefined;
  const doubled = doubledTurn && game.players[doubledTurn.player];
  const round = target?.round ?? game.roundsPlayed;
  const state = [`round ${round}, p = ${p}, ${doubled ? `${doubled} is doubled` : 'nobody is doubled'}`];
  game.players.forEach((name, player) => {
    state.push(`${name}: ${hands[player].map((id) => CIRNO_CARDS[game.kinds[id]]).join(' ') || '(empty)'}`);
  });
  return state;
}
