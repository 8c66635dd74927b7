/**
 * The one door from the reference audit to the mutator (its parser and operators), so that the
 * audit's wiring names one module.
 */
import { UsageError } from '../args';
import type { MutantLister } from './referenceAudit';

export async function loadMutantLister(): Promise<MutantLister> {
  throw new UsageError('--reference: the mutator is not part of this build yet');
}
