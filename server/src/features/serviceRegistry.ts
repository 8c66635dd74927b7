/**
 * One GameService per registered game, by game id: the shipped games' services are listed here
 * (a game added to core's GAMES does not compile until its service is), and a game registered at
 * run time registers its service beside it.
 */
import { GAMES, gameForFile, gameForLanguage, type BuiltInGameId, type GameId } from '../core/gameRegistry';
import type { GameService } from './gameService';

/** The module loader of both builds (tsc's CommonJS, esbuild's bundles); the web build has no Node types. */
declare function require(id: string): unknown;

// Each game's features (and so its engine) load with its first document: a server that only
// ever sees Mahjong decks never loads ⑨'s, and none load before the client's initialize.
const BUILT_IN: Readonly<Record<BuiltInGameId, () => GameService>> = {
  mahjong: () => (require('./mahjong/service') as typeof import('./mahjong/service')).mahjongService,
  cirno: () => (require('./cirno/service') as typeof import('./cirno/service')).cirnoService,
};
const loaders = new Map<GameId, () => GameService>();
const loaded = new Map<GameId, GameService>();

/** Adds the service of a game registered in core (`registerGame`); `load` runs on its first document. */
export function registerService(id: GameId, load: () => GameService): void {
  if (loaders.has(id)) throw new Error(`the game '${id}' already has a service`);
  loaders.set(id, load);
}

for (const id of Object.keys(GAMES) as BuiltInGameId[]) registerService(id, BUILT_IN[id]);

/** The service of a registered game; undefined for an id no service was registered for. */
export function serviceFor(id: BuiltInGameId): GameService;
export function serviceFor(id: GameId): GameService | undefined;
export function serviceFor(id: GameId): GameService | undefined {
  let service = loaded.get(id);
  if (!service) {
    const load = loaders.get(id);
    if (!load) return undefined;
    service = load();
    loaded.set(id, service);
  }
  return service;
}

/** The service of a document: by its language id, else by its file name, else by its text (a judge's `.in`). */
export function serviceForDocument(languageId: string, uri: string, text: string): GameService | undefined {
  const game = gameForLanguage(languageId) ?? gameForFile(uri, text);
  return game && serviceFor(game.id);
}
