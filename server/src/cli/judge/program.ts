/** Whether a solution's program can start, checked once before any deck is run. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** PATH when the environment has none, as the C library's exec functions assume. */
const DEFAULT_PATH = '/usr/bin:/bin';

type Found = 'runnable' | 'missing' | 'folder' | 'notExecutable';

function inspect(file: string): Found {
  try {
    if (statSync(file).isDirectory()) return 'folder';
    accessSync(file, constants.X_OK);
    return 'runnable';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES' ? 'notExecutable' : 'missing';
  }
}

/**
 * Why `program` cannot be started, looked up as exec would (a name with a slash as a path, any
 * other in PATH), or undefined when it can. Whether it then runs properly is the judge's to say.
 */
export function whyNotRunnable(program: string, path = process.env.PATH ?? DEFAULT_PATH): string | undefined {
  if (process.platform === 'win32') return undefined; // PATHEXT and friends: let the spawn tell
  if (program.includes('/')) {
    const found = inspect(program);
    if (found === 'runnable') return undefined;
    return found === 'missing' ? 'no such file' : found === 'folder' ? 'it is a folder' : 'not executable';
  }
  const found = path.split(delimiter).map((dir) => inspect(join(dir || '.', program)));
  if (found.includes('runnable')) return undefined;
  return found.includes('notExecutable') ? 'not executable' : 'not found in PATH';
}
