import type { Connection } from 'vscode-languageserver/node';

/** The server's view of the `deckSim.*` settings that change what it answers. */
export interface ServerSettings {
  simulateOnSave: boolean;
  hoverPictures: boolean;
}

const DEFAULTS: ServerSettings = { simulateOnSave: true, hoverPictures: true };

/**
 * Pulled from the client once and again after each didChangeConfiguration, so hovers and
 * saves do not wait for a round trip. Clients that cannot be asked get the defaults.
 */
export class SettingsCache {
  private current: Promise<ServerSettings> | undefined;

  /** `changed` runs after every settings change, e.g. to have the client ask for hints again. */
  constructor(private readonly connection: Connection, private readonly canRead: () => boolean, changed: () => void) {
    connection.onDidChangeConfiguration(() => {
      this.current = undefined;
      changed();
    });
  }

  get(): Promise<ServerSettings> {
    if (!this.canRead()) return Promise.resolve(DEFAULTS);
    this.current ??= this.connection.workspace.getConfiguration('deckSim').then(
      (section: { simulateOnSave?: boolean; hover?: { pictures?: boolean } } | null) => ({
        simulateOnSave: section?.simulateOnSave ?? DEFAULTS.simulateOnSave,
        hoverPictures: section?.hover?.pictures ?? DEFAULTS.hoverPictures,
      }),
      () => DEFAULTS,
    );
    return this.current;
  }
}
