/**
 * The one door from the reference audit (and locate) to the mutator, so that the wiring names
 * one module and the parser's runtime loads only when mutants are asked for.
 */
import type { MutantLister } from './referenceAudit';

export function loadMutantLister(): Promise<MutantLister> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal path, which the bundler follows
  return Promise.resolve((require('./mutator') as typeof import('./mutator')).MUTATOR);
}
