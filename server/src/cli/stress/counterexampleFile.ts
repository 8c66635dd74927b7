/**
 * The stress test's `--out` file: checked before the search starts, written as soon as a
 * failing deck is found and replaced whole each time shrinking improves it, so that neither an
 * error nor Ctrl-C loses it.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../args';
import { checkOutputFile, replaceFile } from '../outputFiles';
import { formatOfPath, type DeckFormat } from '../gameFormats';

/**
 * A usage error unless `out` can be written: a name no other game's decks take, free (or
 * `force`), in an existing, writable folder.
 */
export function checkOut(out: string, game: string, format: DeckFormat, extension: string, force: boolean): void {
  const named = formatOfPath(out);
  if (named !== undefined && named !== format) {
    throw new UsageError(
      `--out '${out}' names a ${named} deck, but --game ${game} writes ${format}: end the name in ${extension}`);
  }
  // A device or FIFO is refused even with --force: only a regular file (or a link, replaced) is.
  const exists = checkOutputFile(out, '--out') !== 'none';
  if (exists && !force) throw new UsageError(`--out '${out}' already exists: add --force to replace it`);
  const folder = dirname(out);
  try {
    if (!statSync(folder).isDirectory()) throw new UsageError(`--out '${out}': '${folder}' is not a folder`);
    accessSync(folder, constants.W_OK);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT'
      ? `--out '${out}': there is no folder '${folder}'`
      : `--out '${out}': cannot write in '${folder}' (${code})`);
  }
}

export { CannotWrite } from '../outputFiles';

/** Replaces `out` whole: the text goes to a file beside it, renamed over it, so `out` is never half written. */
export function writeCounterexample(out: string, text: string): void {
  replaceFile(out, text);
}
