import type { Connection } from 'vscode-languageserver/node';
import { buildReplay, replayFrames, replayTarget } from '../features/replay';
import type { AnalysisCache } from './analyses';
import {
  REPLAY_FRAMES_REQUEST, REPLAY_REQUEST, REPLAY_TARGET_REQUEST, type ReplayFramesParams, type ReplayFramesResult,
  type ReplayParams, type ReplayResponse, type ReplayTarget, type ReplayTargetParams,
} from './protocol';

/**
 * The replay view's requests. They read the current text, saved or not, through the shared
 * analysis cache; pages and cursor targets answer only for the version the client shows.
 */
export function registerReplay(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.onRequest<ReplayResponse | null, void>(REPLAY_REQUEST, ({ uri }: ReplayParams): ReplayResponse | null => {
    const entry = analyses.forUri(uri);
    return entry ? buildReplay(entry.analysis, { uri, version: entry.version }) : null;
  });

  connection.onRequest(REPLAY_FRAMES_REQUEST, ({ uri, version, from, count }: ReplayFramesParams): ReplayFramesResult | null => {
    const entry = analyses.forUri(uri);
    if (!entry || entry.version !== version) return null;
    return { version, from, frames: replayFrames(entry.analysis, from, count) };
  });

  connection.onRequest(REPLAY_TARGET_REQUEST, ({ uri, version, position }: ReplayTargetParams): ReplayTarget | null => {
    const entry = analyses.forUri(uri);
    if (!entry || entry.version !== version) return null;
    return replayTarget(entry.analysis, position);
  });
}
