/**
 * The input validator a problem package ships: bundled with the core into one file, so it
 * reads decks exactly as the simulator does. `node validate.js < case.in` exits 42 when the
 * input is exactly the judge's input of a valid deck, 43 with the first problem on stderr
 * otherwise (the format's convention). The package appends the call that names its game.
 */
import { exactInputProblem } from '../../core/exactInput';
import { gameById } from '../../core/gameRegistry';
import { MAX_DECK_BYTES, readCapped } from '../fileInput';

export const VALID = 42;
export const INVALID = 43;

/** Reads stdin, checks it as a deck of `gameId`, and ends the process with the verdict. */
export function runValidator(gameId: string): never {
  const game = gameById(gameId);
  if (!game) {
    process.stderr.write(`validate.js: unknown game '${gameId}'\n`);
    process.exit(1);
  }
  const input = readCapped(0, MAX_DECK_BYTES);
  if (input.tooLarge) {
    process.stderr.write(`the input is larger than a deck can be (${MAX_DECK_BYTES / (1024 * 1024)} MB)\n`);
    process.exit(INVALID);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input.bytes);
  } catch {
    process.stderr.write('the input is not valid UTF-8\n');
    process.exit(INVALID);
  }
  const problem = exactInputProblem(game, text);
  if (problem === undefined) process.exit(VALID);
  const { line, character } = problem.range.start;
  process.stderr.write(`line ${line + 1}, column ${character + 1}: ${problem.message}\n`);
  process.exit(INVALID);
}
