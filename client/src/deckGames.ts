/**
 * The games as the client names them: the game id the server and the CLI take, the language id
 * of the manifest, and that language's file ending. The core's registry (server/src/core/games.ts)
 * is the authority; it is not imported here because it would bundle the whole engine into the
 * client, so test/unit/client-manifest.test.ts checks this table against it and package.json.
 */
export interface DeckGame {
  game: string;
  label: string;
  languageId: string;
  /** The ending of the game's deck files (its manifest language's extension). */
  extension: string;
}

export const DECK_GAMES: readonly DeckGame[] = [
  { game: 'mahjong', label: 'Mahjong', languageId: 'mjdeck', extension: '.mjdeck' },
  { game: 'cirno', label: '⑨ (Cirno)', languageId: 'cirnodeck', extension: '.cirnodeck' },
];

export const DECK_LANGUAGES: readonly string[] = DECK_GAMES.map((g) => g.languageId);
