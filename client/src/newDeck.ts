/** "New Shuffled Deck" commands: ask for a seed (and n, m, k for Cirno), open the deck untitled. */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { NEW_DECK_REQUEST, type NewDeckParams } from '../../server/src/lsp/protocol';

async function askNumber(prompt: string, value: string, min: number, max: number): Promise<number | undefined> {
  const answer = await vscode.window.showInputBox({
    prompt,
    value,
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
    validateInput: (text) => (text === '' || /^\d{1,9}$/.test(text) ? undefined : 'A whole number of up to 9 digits, or empty'),
  });
  if (answer === undefined) return undefined;
  return answer === '' ? Math.floor(Math.random() * 1e9) : Number(answer);
}

async function openDeck(client: LanguageClient, params: NewDeckParams): Promise<vscode.TextDocument | undefined> {
  const result = await client.sendRequest<{ text: string } | null>(NEW_DECK_REQUEST, params);
  if (!result) return undefined;
  const document = await vscode.workspace.openTextDocument({ language: params.language, content: result.text });
  await vscode.window.showTextDocument(document);
  return document;
}

/** Seeds can be passed as arguments (tests, keybindings); otherwise the user is asked. */
export function registerNewDeckCommands(client: LanguageClient): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('deckSim.newMahjongDeck', async (seed?: number) => {
      const chosen = seed ?? (await askSeed());
      return chosen === undefined ? undefined : openDeck(client, { language: 'mjdeck', seed: chosen });
    }),
    vscode.commands.registerCommand('deckSim.newCirnoDeck', async (seed?: number, players?: number, rounds?: number, cards?: number) => {
      const chosen = seed ?? (await askSeed());
      if (chosen === undefined) return undefined;
      const n = players ?? (await askNumber('Players (n)', '3', 1, 30));
      if (n === undefined) return undefined;
      const m = rounds ?? (await askNumber('Rounds (m)', '2', 1, 100));
      if (m === undefined) return undefined;
      const k = cards ?? (await askNumber('Cards in the draw pile (k)', '60', 1, 300_000));
      if (k === undefined) return undefined;
      return openDeck(client, { language: 'cirnodeck', seed: chosen, players: n, rounds: m, cards: k });
    }),
  ];
}
