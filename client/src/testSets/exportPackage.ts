/**
 * "Export Problem Package": a folder's decks as a Kattis / ICPC problem package, as
 * `deck-sim package` writes it. The server makes the files (`deckSim/problemPackage`); the
 * input validator is the extension's own dist/validator.js followed by the server's call line.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { ProblemPackageRequest, type PackageDeckText } from '../../../server/src/protocol/requests';
import { errorText } from '../errorText';
import { clientSetting } from '../settings';
import { sendRequest } from '../requests';
import { exists, folderForCommand, readFolderDecks, writeText } from './folderDecks';

/** What the package writes, and so what replacing it deletes first: anything else is kept. */
const PACKAGE_PARTS = ['problem.yaml', 'data/sample', 'data/secret', 'input_validators/deck'];

/** The files written, relative to the output folder; undefined when nothing was written. */
export async function exportProblemPackage(
  extensionUri: vscode.Uri, client: BaseLanguageClient, arg: unknown,
): Promise<string[] | undefined> {
  const folder = await folderForCommand(arg, 'Export');
  if (!folder) return undefined;
  const set = await readFolderDecks(folder, 'export');
  if (!set) return undefined;
  const out = (await vscode.window.showOpenDialog({
    canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Write the Package Here',
    title: 'The problem package\'s folder', defaultUri: folder,
  }))?.[0];
  if (!out) return undefined;
  const inside = await vscode.workspace.fs.readDirectory(out);
  if (inside.length > 0) {
    const replace = 'Replace the Package\'s Files';
    const answer = await vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(out, true)} is not empty. Replace its problem.yaml, data/ and `
        + 'input_validators/deck (other files are kept)?',
      { modal: true }, replace,
    );
    if (answer !== replace) return undefined;
  }
  const sampleNames = new Set((await vscode.window.showQuickPick(set.decks.map((d) => d.name), {
    canPickMany: true, title: 'Sample decks of the package', placeHolder: 'data/sample; the others go to data/secret',
  })) ?? []);

  const seen = new Map<string, string>();
  const samples: PackageDeckText[] = [];
  const secret: PackageDeckText[] = [];
  for (const deck of set.decks) {
    const name = deck.name.replace(/\.[^.]*$/, '');
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      void vscode.window.showErrorMessage(
        `Deck Simulator: ${earlier} and ${deck.name} would both be test case ${name}: rename one. Nothing written.`,
      );
      return undefined;
    }
    seen.set(name, deck.name);
    const descUri = vscode.Uri.joinPath(folder, `${name}.desc`);
    const description = await exists(descUri)
      ? new TextDecoder().decode(await vscode.workspace.fs.readFile(descUri)) : undefined;
    (sampleNames.has(deck.name) ? samples : secret).push({ name, text: deck.text, description });
  }

  let result;
  try {
    const packageName = out.path.slice(out.path.lastIndexOf('/') + 1);
    const version = await extensionVersion(extensionUri);
    const memoryLimitMb = Math.max(1, clientSetting('solution.memoryLimitMb', folder));
    const params = { game: set.game.game, name: packageName, version, memoryLimitMb, samples, secret };
    result = await sendRequest(client, ProblemPackageRequest, params);
  } catch (error) {
    void vscode.window.showErrorMessage(`Deck Simulator: the package could not be made: ${errorText(error)}`);
    return undefined;
  }
  if ('refused' in result) {
    const lines = result.refused.map((deck) => `${seen.get(deck.name) ?? deck.name}: ${deck.badName
      ? 'not a file name a package allows (letters, digits, _ . -)'
      : deck.duplicate ? `another deck is test case ${deck.name} too`
        : deck.problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')}`);
    void vscode.window.showErrorMessage(
      `Deck Simulator: nothing written: ${result.refused.length} of the decks cannot go into a package.`,
      { modal: true, detail: lines.join('\n') },
    );
    return undefined;
  }
  const bundle = new TextDecoder().decode(
    await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'validator.js')),
  );
  const files = [...result.files, { path: result.validator.path, text: bundle + result.validator.after }];
  for (const part of PACKAGE_PARTS) {
    const uri = vscode.Uri.joinPath(out, part);
    if (await exists(uri)) await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false });
  }
  for (const file of files) await writeText(vscode.Uri.joinPath(out, ...file.path.split('/')), file.text);
  void vscode.window.showInformationMessage(
    `Deck Simulator: ${samples.length} sample and ${secret.length} secret test cases written to `
      + `${vscode.workspace.asRelativePath(out, true)}.`,
  );
  return files.map((f) => f.path);
}

/** The extension's version, from its own package.json (read as any file, so the web build can too). */
async function extensionVersion(extensionUri: vscode.Uri): Promise<string> {
  const manifest = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'package.json'));
  return (JSON.parse(new TextDecoder().decode(manifest)) as { version: string }).version;
}
