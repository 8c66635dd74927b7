/**
 * The one "New Shuffled Deck" command: the server lists the games and the options of their new
 * decks with bounds (`deckSim/newDeckGames`); the command asks for the game, a seed and each
 * option, then opens the deck untitled. Nothing here knows a game.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS } from '../../server/src/protocol/commands';
import {
  NewDeckGamesRequest, NewDeckRequest,
  type NewDeckGame, type NewDeckOption, type NewDeckOptionBounds, type NewDeckParams,
} from '../../server/src/protocol/requests';
import { sendRequest } from './requests';

async function askNumber({ prompt, min, max, default: value }: NewDeckOptionBounds): Promise<number | undefined> {
  const answer = await vscode.window.showInputBox({
    prompt: `${prompt}, ${min} to ${max.toLocaleString('en-US')}`,
    value: String(value),
    validateInput: (text) => {
      const n = Number(text);
      return Number.isInteger(n) && n >= min && n <= max ? undefined : `A whole number from ${min} to ${max}`;
    },
  });
  return answer === undefined ? undefined : Number(answer);
}

async function askSeed(): Promise<number | undefined> {
  const answer = await vscode.window.showInputBox({
    prompt: 'Seed for the shuffle (the same seed always makes the same deck); leave empty for a random one',
    placeHolder: 'e.g. 42',
    validateInput: (text) => (/^\d{0,9}$/.test(text) ? undefined : 'A whole number of up to 9 digits, or empty'),
  });
  if (answer === undefined) return undefined;
  return answer === '' ? Math.floor(Math.random() * 1e9) : Number(answer);
}

async function pickGame(games: readonly NewDeckGame[], id: string | undefined): Promise<NewDeckGame | undefined> {
  if (id !== undefined) return games.find((game) => game.game === id);
  const picked = await vscode.window.showQuickPick(
    games.map((game) => ({ label: game.name, description: game.languageId, game })),
    { placeHolder: 'The game of the new deck' },
  );
  return picked?.game;
}

/** The options the game takes: those given, the others asked for; undefined when the user cancels. */
async function askOptions(
  game: NewDeckGame, given: Partial<Record<NewDeckOption, number>>,
): Promise<Partial<Record<NewDeckOption, number>> | undefined> {
  const options: Partial<Record<NewDeckOption, number>> = {};
  for (const [option, bounds] of Object.entries(game.options) as [NewDeckOption, NewDeckOptionBounds][]) {
    const value = given[option] ?? (await askNumber(bounds));
    if (value === undefined) return undefined;
    options[option] = value;
  }
  return options;
}

/**
 * The game, the seed and the options can be passed as arguments (tests, keybindings:
 * `['cirno', 7, { players: 4 }]`); whatever is not is asked for.
 */
export function registerNewDeckCommand(client: BaseLanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand(
    COMMANDS.newDeck,
    async (gameId?: string, seed?: number, given: Partial<Record<NewDeckOption, number>> = {}) => {
      const game = await pickGame(await sendRequest(client, NewDeckGamesRequest, null), gameId);
      if (!game) return undefined;
      const chosen = seed ?? (await askSeed());
      if (chosen === undefined) return undefined;
      const options = await askOptions(game, given);
      if (!options) return undefined;
      const params: NewDeckParams = { game: game.game, seed: chosen, ...options };
      const { languageId, text } = await sendRequest(client, NewDeckRequest, params);
      const document = await vscode.workspace.openTextDocument({ language: languageId, content: text });
      await vscode.window.showTextDocument(document);
      return document;
    },
  );
}
