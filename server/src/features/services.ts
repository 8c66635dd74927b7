/**
 * One GameService per game of the core registry, by game id: a game added to core/games.ts
 * does not compile until its service is listed here.
 */
import { gameForLanguage, gameForPath, type GameId } from '../core/games';
import { cirnoService } from './cirno/service';
import { mahjongService } from './mahjong/service';
import type { GameService } from './service';

export const SERVICES: Readonly<Record<GameId, GameService>> = { mahjong: mahjongService, cirno: cirnoService };

export function serviceFor(id: GameId): GameService {
  return SERVICES[id];
}

/** The service of a document: by its language id, else by its file name. */
export function serviceForDocument(languageId: string, uri: string): GameService | undefined {
  const game = gameForLanguage(languageId) ?? gameForPath(uri);
  return Object.values(SERVICES).find((service) => service.game === game);
}
