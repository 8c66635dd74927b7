/** "New Shuffled Deck" commands: ask for a seed (and n, m, k for Cirno), open the deck untitled. */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CIRNO_LIMITS } from '../../server/src/core/cirno';
import { COMMANDS } from '../../server/src/protocol/commands';
import { NewDeckRequest, type NewDeckParams } from '../../server/src/protocol/requests';
import { sendRequest } from './requests';

async function askNumber(prompt: string, value: string, max: number): Promise<number | undefined> {
  const answer = await vscode.window.showInputBox({
    prompt: `${prompt}, 1 to ${max.toLocaleString('en-US')}`,
    value,
    validateInput: (text) => {
      const n = Number(text);
      return Number.isInteger(n) && n >= 1 && n <= max ? undefined : `A whole number from 1 to ${max}`;
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

async function openDeck(client: BaseLanguageClient, params: NewDeckParams): Promise<vscode.TextDocument> {
  const { languageId, text } = await sendRequest(client, NewDeckRequest, params);
  const document = await vscode.workspace.openTextDocument({ language: languageId, content: text });
  await vscode.window.showTextDocument(document);
  return document;
}

/** Seeds can be passed as arguments (tests, keybindings); otherwise the user is asked. */
export function registerNewDeckCommands(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.newMahjongDeck, async (seed?: number) => {
      const chosen = seed ?? (await askSeed());
      return chosen === undefined ? undefined : openDeck(client, { game: 'mahjong', seed: chosen });
    }),
    vscode.commands.registerCommand(
      COMMANDS.newCirnoDeck,
      async (seed?: number, players?: number, rounds?: number, cards?: number) => {
        const chosen = seed ?? (await askSeed());
        if (chosen === undefined) return undefined;
        const n = players ?? (await askNumber('Players (n)', '3', CIRNO_LIMITS.n));
        if (n === undefined) return undefined;
        const m = rounds ?? (await askNumber('Rounds (m)', '2', CIRNO_LIMITS.m));
        if (m === undefined) return undefined;
        const k = cards ?? (await askNumber('Cards in the draw pile (k)', '60', CIRNO_LIMITS.k));
        if (k === undefined) return undefined;
        return openDeck(client, { game: 'cirno', seed: chosen, players: n, rounds: m, cards: k });
      },
    ),
  ];
}
