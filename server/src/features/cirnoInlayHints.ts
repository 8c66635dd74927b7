import type { CirnoAnalysis } from '../core/cirno';
import type { DeckInlayHint } from './inlayHints';

/** Filled in with the Cirno language. */
export function cirnoInlayHints(_analysis: CirnoAnalysis, _fromLine: number, _toLine: number): DeckInlayHint[] {
  return [];
}
