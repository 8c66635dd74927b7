/** What the folder commands say, kept apart from vscode so it is tested in process. */
import { summarizeNames } from './packageKeep';

/**
 * One message for the `.in` files whose game neither their ending nor their first word tells;
 * `endings` are the games' own, which name a deck's game whatever its text.
 */
export function unknownGameMessage(
  folder: string, names: readonly string[], action: string, endings: readonly string[],
): string {
  const which = names.length === 1 ? names[0] : `${names.length} files (${summarizeNames(names)})`;
  return `Deck Simulator: nothing to ${action} in ${folder}: no game recognises the first word of ${which}. `
    + `Fix the deck, move it out, or give it a game's ending (${endings.join(' or ')}).`;
}
