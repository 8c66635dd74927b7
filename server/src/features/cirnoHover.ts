import type { Position } from '../core/common/problem';
import type { CirnoAnalysis } from '../core/cirno';

export function cirnoHover(_analysis: CirnoAnalysis, _position: Position): string | undefined {
  return undefined;
}
