/** The Mahjong replay: the table after every event, from core's snapshots, sent whole. */
import {
  PLAYERS, TILE_NAMES, describeKind, eventTiles, mahjongDecisions, mahjongSnapshots, tileFates, transcriptLine,
  type MahjongAnalysis, type MahjongGame,
} from '../../core/mahjong';
import type { MahjongFrame, ReplayPicture, ReplayTarget } from '../../protocol/replay';
import { svgDataUri } from '../pictures/svg';
import type { GameReplay } from '../gameService';
import { tileSvg } from './tilePictures';
import { mahjongWhy } from './why';

/** Every frame of a Mahjong game: snapshot i is the state after event i. */
export function mahjongFrames(game: MahjongGame): MahjongFrame[] {
  const snapshots = mahjongSnapshots(game);
  const decisions = mahjongDecisions(game);
  const byKind = (a: number, b: number) => game.deck[a] - game.deck[b] || a - b;
  let winner: number | undefined;
  return game.events.map((event, i) => {
    const snapshot = snapshots[i];
    if (event.type === 'ron' || event.type === 'selfdrawn' || event.type === 'win') winner = event.player;
    const fresh = event.type === 'draw' ? event.tile : undefined;
    const hands = snapshot.hands.map((hand) => {
      const sorted = hand.filter((tile) => tile !== fresh).sort(byKind);
      return sorted.length < hand.length ? [...sorted, fresh!] : sorted;
    });
    const frame: MahjongFrame = {
      caption: transcriptLine(event),
      hands,
      melds: snapshot.melds.map((melds) => melds.map((meld) => ({ ...meld, tiles: [...meld.tiles] }))),
      discards: snapshot.discards,
      wall: snapshot.wall,
      direction: snapshot.direction,
      moved: [...eventTiles(event)],
    };
    if (snapshot.actor !== undefined) frame.actor = snapshot.actor;
    if (fresh !== undefined) frame.fresh = fresh;
    if (winner !== undefined) frame.winner = winner;
    const why = mahjongWhy(decisions[i]);
    if (why) frame.why = why;
    return frame;
  });
}

/** Per document line, where the cursor on it leads: the event that deals or draws its tile. */
export function mahjongLineTargets(analysis: MahjongAnalysis, game: MahjongGame): (ReplayTarget | null)[] {
  const targets: (ReplayTarget | null)[] = analysis.deck.lines.map(() => null);
  const fates = tileFates(game);
  analysis.deck.tiles.forEach((tile, position) => {
    const fate = fates[position];
    if (!fate) return;
    targets[tile.token.line] = fate.received
      ? { step: fate.received.event, focus: position }
      : {
        focus: position,
        note: `Tile ${position + 1} (${TILE_NAMES[game.deck[position]]}) is never drawn: the game ends first.`,
      };
  });
  return targets;
}

/** The replay of a played game; a few hundred events, so one page holds them all. */
export function mahjongGameReplay(analysis: MahjongAnalysis, game: MahjongGame): GameReplay {
  let frames: MahjongFrame[] | undefined;
  let lineTargets: (ReplayTarget | null)[] | undefined;
  const allFrames = () => (frames ??= mahjongFrames(game));
  const targets = () => (lineTargets ??= mahjongLineTargets(analysis, game));
  return {
    stepCount: game.events.length,
    pageSize: Math.max(1, game.events.length),
    data: (common, options) => {
      const pictures: Record<string, ReplayPicture> = {};
      for (const kind of options.pictures ? new Set(game.deck) : []) {
        const label = `${TILE_NAMES[kind]}, ${describeKind(kind).split(':')[0]}`;
        pictures[TILE_NAMES[kind]] = { uri: svgDataUri(tileSvg(kind)), label };
      }
      return {
        kind: 'mahjong',
        ...common,
        players: [...PLAYERS],
        stepCount: game.events.length,
        pageSize: Math.max(1, game.events.length),
        pictures,
        lineTargets: targets(),
        tiles: game.deck.map((kind) => TILE_NAMES[kind]),
        frames: allFrames(),
      };
    },
    frames: (from, to) => allFrames().slice(from, to),
    target: (position) => targets()[position.line] ?? null,
  };
}
