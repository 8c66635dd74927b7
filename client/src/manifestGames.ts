/**
 * The games as the manifest names them: the game id the server and the CLI take, the language
 * id of the manifest, and that language's file ending. The core's registry
 * (server/src/core/gameRegistry.ts) is the authority, but the client imports nothing of core
 * (ESLint: it would bundle the engines the registry loads), so test/unit/client-manifest.test.ts
 * checks this table against the registry and package.json. Commands that need the games at run
 * time ask the server.
 */
export interface ManifestGame {
  game: string;
  label: string;
  languageId: string;
  /** The ending of the game's deck files (its manifest language's extension). */
  extension: string;
}

export const MANIFEST_GAMES: readonly ManifestGame[] = [
  { game: 'mahjong', label: 'Mahjong', languageId: 'mjdeck', extension: '.mjdeck' },
  { game: 'cirno', label: '⑨ (Cirno)', languageId: 'cirnodeck', extension: '.cirnodeck' },
];

export const DECK_LANGUAGES: readonly string[] = MANIFEST_GAMES.map((g) => g.languageId);
