/**
 * The one-token changes of a solver's program, from the reference audit's mutator: those that
 * replace one token by another (an operator, a constant) or remove one (a `!`, a `not`), the
 * changes a slip of the keyboard or of the mind makes, and a repair undoes. The mutator says
 * which mutants those are (a mutant's `token`), from the syntax tree.
 */
import type { SourceLanguage } from '../mutation/buildPlan';
import { loadMutantLister } from '../mutation/mutantLister';
import type { TokenEdit } from './mutantTrials';

export async function tokenEdits(source: string, language: SourceLanguage): Promise<TokenEdit[]> {
  const lister = await loadMutantLister();
  const mutants = await lister.list(source, language);
  return mutants.flatMap(({ line, token }) => (token === undefined ? [] : [{
    line, start: token.start, end: token.end, original: source.slice(token.start, token.end),
    replacement: token.replacement,
  }]));
}
