import type { Connection } from 'vscode-languageserver';
import { buildReplay, replayFrames, replayTarget } from '../features/replay';
import {
  ReplayFramesRequest, ReplayRequest, ReplayTargetRequest, type ReplayFramesResult,
} from '../protocol/requests';
import type { ReplayResponse, ReplayTarget } from '../protocol/replay';
import type { AnalysisCache } from './analyses';
import { pause } from './cancellation';
import { MAX_UINTEGER, checkParams, onCheckedRequest, integer, object, position, textDocument } from './params';

const replayParams = object({ textDocument });
const version = integer(-MAX_UINTEGER - 1, MAX_UINTEGER);
const replayFramesParams = object({
  textDocument, version, from: integer(0, MAX_UINTEGER), count: integer(0, MAX_UINTEGER),
});
const replayTargetParams = object({ textDocument, version, position });

/**
 * The replay view's requests. They read the current text, saved or not, through the shared
 * analysis cache; pages and cursor targets answer only for the version the client shows.
 */
export function registerReplay(
  connection: Connection, analyses: AnalysisCache, clientShowsPictures: () => boolean,
): void {
  // Replays of the largest decks take a while to build: they can be cancelled before and after.
  onCheckedRequest(connection, ReplayRequest, replayParams, async (params, token): Promise<ReplayResponse | null> => {
    const { uri } = params.textDocument;
    await pause(token);
    const entry = analyses.forUri(uri);
    const options = { pictures: clientShowsPictures() };
    const replay = entry ? buildReplay(entry.deck, { uri, version: entry.version }, options) : null;
    await pause(token);
    return replay;
  });

  onCheckedRequest(connection, ReplayFramesRequest, replayFramesParams, async (params, token) => {
    await pause(token);
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry || entry.version !== params.version) return null;
    const model = entry.deck.replay();
    if (model) {
      // One page at a time: a ⑨ game has up to half a million frames.
      checkParams(integer(0, model.stepCount, '(the number of steps)'), params.from, 'params.from');
      checkParams(integer(0, model.pageSize, "(the replay's page size)"), params.count, 'params.count');
    }
    const frames = replayFrames(entry.deck, params.from, params.count);
    await pause(token);
    const page: ReplayFramesResult = { version: params.version, from: params.from, frames };
    return page;
  });

  onCheckedRequest(connection, ReplayTargetRequest, replayTargetParams, (params): ReplayTarget | null => {
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry || entry.version !== params.version) return null;
    return replayTarget(entry.deck, params.position);
  });
}
