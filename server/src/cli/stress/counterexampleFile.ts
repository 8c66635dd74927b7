/**
 * The stress test's `--out` file: checked before the search starts, written as soon as a
 * failing deck is found and replaced whole each time shrinking improves it, so that neither an
 * error nor Ctrl-C loses it.
 */
import { accessSync, constants, lstatSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../args';
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
  let exists = true;
  try {
    if (lstatSync(out).isDirectory()) throw new UsageError(`--out '${out}' is a folder: give a file name`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    exists = false;
  }
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

export class CannotWrite extends Error {}

/** Replaces `out` whole: the text goes to a file beside it, renamed over it, so `out` is never half written. */
export function writeCounterexample(out: string, text: string): void {
  const temporary = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, out);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The error below says what went wrong.
    }
    throw new CannotWrite(`cannot write '${out}': ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
