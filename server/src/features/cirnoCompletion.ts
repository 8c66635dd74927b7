import type { Position } from '../core/common/problem';
import type { CirnoAnalysis } from '../core/cirno';
import type { DeckCompletion } from './completion';

/** Filled in with the Cirno language. */
export function cirnoCompletions(_analysis: CirnoAnalysis, _lineText: string, _position: Position): DeckCompletion[] {
  return [];
}
