/**
 * The one-token changes of a solver's program, from the reference audit's mutator: those that
 * replace one token by another (an operator, a constant, a removed `!`), the changes a slip of
 * the keyboard or of the mind makes, and a repair undoes.
 */
import type { SourceLanguage } from '../mutation/buildPlan';
import { loadMutantLister } from '../mutation/mutantLister';
import type { TokenEdit } from './mutantTrials';

/** A token: one word or number, or one operator's characters, with nothing around them. */
const ONE_TOKEN = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d[\w.']*|[-+*/%<>=!&|^~?:]{1,3})$/;

export async function tokenEdits(source: string, language: SourceLanguage): Promise<TokenEdit[]> {
  const lister = await loadMutantLister();
  const mutants = await lister.list(source, language);
  return mutants
    .filter((mutant) => ONE_TOKEN.test(mutant.original)
      && (mutant.replacement === '' || ONE_TOKEN.test(mutant.replacement)))
    .map(({ line, start, end, original, replacement }) => ({ line, start, end, original, replacement }));
}
