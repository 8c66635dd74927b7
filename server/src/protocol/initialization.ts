/**
 * What a client tells the server at start, as LSP `initializationOptions`. Plain data: the
 * VS Code client sends it, and any other client may (docs/cli.md shows Neovim's and Helix's).
 */
export interface InitializationOptions {
  /**
   * The client draws `data:` images in Markdown: hovers then show tiles and cards as pictures
   * (when `deckSim.hover.pictures` is on) and replays carry them. VS Code says so; a client that
   * says nothing gets the same facts as text, since a terminal editor shows the base64 instead.
   */
  pictures?: boolean;
  /** The pause between the last edit and its diagnostics, in milliseconds (tests and benchmarks use 0). */
  diagnosticsDelayMs?: number;
}

/** The options a client sent, each missing or mistyped one at its default (no pictures, the server's pause). */
export function readInitializationOptions(value: unknown): { pictures: boolean; diagnosticsDelayMs?: number } {
  const options = typeof value === 'object' && value !== null ? value as Record<string, unknown> : {};
  const delay = options.diagnosticsDelayMs;
  return {
    pictures: options.pictures === true,
    ...(typeof delay === 'number' && delay >= 0 ? { diagnosticsDelayMs: delay } : {}),
  };
}
