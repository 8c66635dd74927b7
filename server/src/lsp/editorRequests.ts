import type { Connection } from 'vscode-languageserver';
import { SEED_LIMITS, allGames, gameIds, type GameId } from '../core/gameRegistry';
import { selectedLines } from '../features/selection';
import { serviceFor } from '../features/serviceRegistry';
import {
  NewDeckGamesRequest, NewDeckRequest, SelectionSummaryRequest,
  type NewDeckGame, type NewDeckOption, type NewDeckResult, type SelectionSummary,
} from '../protocol/requests';
import type { AnalysisCache } from './analyses';
import {
  ParamsError, array, checkParams, onCheckedRequest, integer, object, optional, range, string, textDocument, type Check,
} from './params';

/** A game id of the registry whose features are registered: a game id alone is not enough. */
export const gameId: Check<GameId> = (value, path) => {
  const id = string(value, path);
  if (serviceFor(id)) return id;
  throw new ParamsError(`${path} must be one of ${gameIds().join(', ')}, not ${JSON.stringify(id)}`);
};

const newDeckParams = object({
  game: gameId,
  seed: integer(SEED_LIMITS.min, SEED_LIMITS.max),
  players: optional(integer(0, Number.MAX_SAFE_INTEGER)),
  rounds: optional(integer(0, Number.MAX_SAFE_INTEGER)),
  cards: optional(integer(0, Number.MAX_SAFE_INTEGER)),
});

/** Selections the status bar sums up at once: more cursors than this are not a selection. */
export const MAX_SELECTION_RANGES = 1000;

const selectionParams = object({ textDocument, ranges: array(range, MAX_SELECTION_RANGES) });

/** Requests behind the client's commands and status bar: new decks and selection figures. */
export function registerEditorRequests(connection: Connection, analyses: AnalysisCache): void {
  onCheckedRequest(connection, NewDeckRequest, newDeckParams, (params): NewDeckResult => {
    const service = serviceFor(params.game)!;
    // Each option the game takes is bounded by the rules; the ones it does not take are ignored.
    const options: Partial<Record<NewDeckOption, number>> = {};
    const bounds = Object.entries(service.newDeckBounds) as [NewDeckOption, { min: number; max: number }][];
    for (const [option, bound] of bounds) {
      const value = params[option];
      const inBounds = integer(bound.min, bound.max, "(the rules' limit)");
      if (value !== undefined) options[option] = checkParams(inBounds, value, `params.${option}`);
    }
    return { languageId: service.game.languageId, text: service.newDeck(params.seed, options) };
  });

  connection.onRequest(NewDeckGamesRequest.method, (): NewDeckGame[] => allGames().flatMap((game) => {
    const service = serviceFor(game.id);
    if (!service) return [];
    return [{ game: game.id, name: game.name, languageId: game.languageId, options: service.newDeckBounds }];
  }));

  onCheckedRequest(connection, SelectionSummaryRequest, selectionParams, (params): SelectionSummary | null => {
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry) return null;
    const lastLine = entry.document.lineCount - 1;
    const line = integer(0, lastLine, "(the document's last line)");
    params.ranges.forEach((r, i) => {
      checkParams(line, r.start.line, `params.ranges[${i}].start.line`);
      checkParams(line, r.end.line, `params.ranges[${i}].end.line`);
    });
    return entry.deck.selectionSummary(selectedLines(params.ranges));
  });
}
