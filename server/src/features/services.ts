/**
 * One GameService per game of the core registry, by game id: a game added to core/games.ts
 * does not compile until its service is listed here.
 */
import { GAMES, GAME_IDS, gameForLanguage, gameForPath, type GameId } from '../core/games';
import type { GameService } from './service';

/** The module loader of both builds (tsc's CommonJS, esbuild's bundles); the web build has no Node types. */
declare function require(id: string): unknown;

// Each game's features (and so its engine) load with its first document: a server that only
// ever sees Mahjong decks never loads ⑨'s, and none load before the client's initialize.
const LOADERS: Readonly<Record<GameId, () => GameService>> = {
  mahjong: () => (require('./mahjong/service') as typeof import('./mahjong/service')).mahjongService,
  cirno: () => (require('./cirno/service') as typeof import('./cirno/service')).cirnoService,
};
const loaded: Partial<Record<GameId, GameService>> = {};

export function serviceFor(id: GameId): GameService {
  return (loaded[id] ??= LOADERS[id]());
}

/** The service of a document: by its language id, else by its file name. */
export function serviceForDocument(languageId: string, uri: string): GameService | undefined {
  const game = gameForLanguage(languageId) ?? gameForPath(uri);
  const id = GAME_IDS.find((each) => GAMES[each] === game);
  return id && serviceFor(id);
}
