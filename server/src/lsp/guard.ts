import type { Connection } from 'vscode-languageserver';

/**
 * Runs work the server starts on its own (timers, notifications), where an exception would
 * otherwise end the process: it is logged to the client's output instead.
 */
export async function guarded(connection: Connection, what: string, work: () => unknown): Promise<void> {
  try {
    await work();
  } catch (error) {
    const detail = error instanceof Error ? error.stack ?? error.message : String(error);
    connection.console.error(`deck-sim: ${what} failed: ${detail}`);
  }
}
