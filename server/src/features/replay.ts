/**
 * The replay of a deck: the data the replay view draws, built by the deck's game (each game's
 * features folder has its replay model). Transport-free: the language server serves it as
 * `deckSim/replay`, `deckSim/replayFrames` and `deckSim/replayTarget`.
 */
import type { Position } from '../core/problem';
import type { ReplayFrame, ReplayResponse, ReplayTarget } from '../protocol/replay';
import type { AnalyzedDeck, ReplayOptions } from './gameService';
import { skippedReason } from './summary';

export interface ReplaySource {
  uri: string;
  version: number;
}

/** The last path segment of a URI, decoded when it can be (`100%.mjdeck` stays as it is). */
export function fileName(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The replay of an analysed deck, or why there is none; its `pictures` are empty unless asked
 * for (a client that draws no `data:` images reads the tile and card names).
 */
export function buildReplay(deck: AnalyzedDeck, source: ReplaySource, options: ReplayOptions): ReplayResponse {
  const { uri, version } = source;
  const model = deck.replay();
  if (!model) return { kind: 'unavailable', uri, version, reason: skippedReason(deck.problems) };
  return model.data({ uri, version, title: `${fileName(uri)}: ${deck.outcome()}` }, options);
}

/** Frames `from` to `from + count - 1` (clipped to the game); empty for a deck with errors. */
export function replayFrames(deck: AnalyzedDeck, from: number, count: number): ReplayFrame[] {
  const model = deck.replay();
  if (!model) return [];
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(model.stepCount, start + Math.max(0, Math.floor(count)));
  return start < end ? model.frames(start, end) : [];
}

/** Where the cursor at `position` leads; null off tiles and cards, or for a deck with errors. */
export function replayTarget(deck: AnalyzedDeck, position: Position): ReplayTarget | null {
  return deck.replay()?.target(position) ?? null;
}
