import type { Connection } from 'vscode-languageserver';
import { SETTINGS_SECTION, defaultSettings, readSettings, type Settings } from '../protocol/settings';

/**
 * The `deckSim.*` settings, pulled from the client through `workspace/configuration` once and
 * again after each didChangeConfiguration, so answers do not wait for a round trip. Clients
 * that cannot be asked get the defaults.
 */
export class SettingsCache {
  private current: Promise<Settings> | undefined;

  /** `changed` runs after every settings change, e.g. to have the client ask for hints again. */
  constructor(private readonly connection: Connection, private readonly canRead: () => boolean, changed: () => void) {
    connection.onDidChangeConfiguration(() => {
      this.current = undefined;
      changed();
    });
  }

  get(): Promise<Settings> {
    if (!this.canRead()) return Promise.resolve(defaultSettings());
    this.current ??= this.connection.workspace.getConfiguration(SETTINGS_SECTION)
      .then(readSettings, () => defaultSettings());
    return this.current;
  }
}
