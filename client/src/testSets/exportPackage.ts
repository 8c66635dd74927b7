/**
 * "Export Problem Package": a folder's decks as a Kattis / ICPC problem package, as
 * `deck-sim package --force` writes it. The server makes the files (`deckSim/problemPackage`);
 * the input validator is the extension's own dist/validator.js followed by the server's call
 * line. The package is built in a folder beside the chosen one, with a copy of every entry there
 * the package does not write (packageKeep.ts), and renamed into its place: it appears whole or
 * not at all, and nothing is deleted or written through a link. vscode.workspace.fs only, so the
 * web extension does the same.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { ProblemPackageRequest, type PackageDeckText } from '../../../server/src/protocol/requests';
import { errorText } from '../errorText';
import { clientSetting } from '../settings';
import { sendRequest } from '../requests';
import { exists, folderForCommand, readFolderDecks, writeText } from './folderDecks';
import { planKeep, summarizeNames, type EntryKind, type KeepPlan } from './packageKeep';

/**
 * What a caller (a test, a keybinding) may give instead of the dialogs: the package's folder
 * (written without the question a folder that is not empty asks) and the sample decks' names.
 */
export interface ExportOptions {
  out: vscode.Uri;
  samples?: string[];
}

function exportOptions(value: unknown): ExportOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { out, samples } = value as { out?: unknown; samples?: unknown };
  if (!(out instanceof vscode.Uri)) return undefined;
  const names = Array.isArray(samples) ? samples.filter((name): name is string => typeof name === 'string') : [];
  return { out, samples: names };
}

/** The files written, relative to the output folder; undefined when nothing was written. */
export async function exportProblemPackage(
  extensionUri: vscode.Uri, client: BaseLanguageClient, arg: unknown, optionsArg?: unknown,
): Promise<string[] | undefined> {
  const options = exportOptions(optionsArg);
  const folder = await folderForCommand(arg, 'Export');
  if (!folder) return undefined;
  const set = await readFolderDecks(client, folder, 'export');
  if (!set) return undefined;
  const out = options?.out ?? (await vscode.window.showOpenDialog({
    canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Write the Package Here',
    title: 'The problem package\'s folder', defaultUri: folder,
  }))?.[0];
  if (!out) return undefined;
  const inside = options ? [] : await vscode.workspace.fs.readDirectory(out);
  if (inside.length > 0) {
    const replace = 'Replace the Package\'s Files';
    const answer = await vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(out, true)} is not empty. Replace the files the package writes `
        + '(problem.yaml, data/sample, data/secret, input_validators/deck)? Every other file is kept.',
      { modal: true }, replace,
    );
    if (answer !== replace) return undefined;
  }
  const sampleNames = new Set(options?.samples ?? (await vscode.window.showQuickPick(set.decks.map((d) => d.name), {
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
  const where = vscode.workspace.asRelativePath(out, true);
  let plan: KeepPlan;
  try {
    plan = await writePackage(out, files);
  } catch (error) {
    void vscode.window.showErrorMessage(`Deck Simulator: nothing written to ${where}: ${errorText(error)}`);
    return undefined;
  }
  if (plan.refusal !== undefined) {
    void vscode.window.showErrorMessage(`Deck Simulator: nothing written to ${where}: ${plan.refusal}.`);
    return undefined;
  }
  const keptFiles = plan.keep.filter((entry) => entry.kind !== 'folder').map((entry) => entry.path);
  void vscode.window.showInformationMessage(
    `Deck Simulator: ${samples.length} sample and ${secret.length} secret test cases written to ${where}.`
      + (plan.replaced.length > 0 ? ` Replaced: ${summarizeNames(plan.replaced)}.` : '')
      + (keptFiles.length > 0 ? ` Kept (not written by the package): ${summarizeNames(keptFiles)}.` : ''),
  );
  return files.map((f) => f.path);
}

/** The kind of an entry, from vscode.FileType's bits (a link is a link whatever it points to). */
function entryKind(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.SymbolicLink) return 'link';
  if (type & vscode.FileType.Directory) return 'folder';
  if (type & vscode.FileType.File) return 'file';
  return 'special';
}

/** A name beside `folder` that nothing has: `.NAME.deck-sim-WHAT-RANDOM`. */
async function besideName(folder: vscode.Uri, what: string): Promise<vscode.Uri> {
  const name = folder.path.slice(folder.path.lastIndexOf('/') + 1);
  for (;;) {
    const random = Math.random().toString(36).slice(2, 10);
    const uri = vscode.Uri.joinPath(folder, '..', `.${name}.deck-sim-${what}-${random}`);
    if (!await exists(uri)) return uri;
  }
}

/**
 * Writes the package's files into `out`, keeping every other entry there: built in a staging
 * folder beside `out` (the package's files, then a copy of each kept entry), then `out` is
 * renamed aside, the staging folder renamed to `out`, and the old folder deleted. On a failure
 * the staging folder is deleted and the old `out` (or nothing) remains. The plan's refusal, when
 * it has one, means nothing was written.
 */
async function writePackage(out: vscode.Uri, files: readonly { path: string; text: string }[]): Promise<KeepPlan> {
  const fs = vscode.workspace.fs;
  let outType: vscode.FileType | undefined;
  try {
    outType = (await fs.stat(out)).type;
  } catch {
    outType = undefined;
  }
  if (outType !== undefined && entryKind(outType) !== 'folder') {
    return { keep: [], replaced: [], refusal: 'it is not a folder (a link? choose the folder it points to)' };
  }
  const list = async (relative: string) => (await fs.readDirectory(
    relative === '' ? out : vscode.Uri.joinPath(out, ...relative.split('/')),
  )).map(([name, type]) => [name, entryKind(type)] as const);
  const plan = outType === undefined ? { keep: [], replaced: [] } : await planKeep(list, files.map((f) => f.path));
  if (plan.refusal !== undefined) return plan;

  const staging = await besideName(out, 'staging');
  let old: vscode.Uri | undefined;
  const at = (root: vscode.Uri, path: string) => vscode.Uri.joinPath(root, ...path.split('/'));
  try {
    await fs.createDirectory(staging);
    for (const file of files) await writeText(at(staging, file.path), file.text);
    for (const entry of plan.keep) {
      if (entry.kind === 'folder') await fs.createDirectory(at(staging, entry.path));
      // A link is copied as a link (VS Code's copy keeps links): its target is not read.
      else await fs.copy(at(out, entry.path), at(staging, entry.path), { overwrite: false });
    }
    if (outType === undefined) {
      await fs.rename(staging, out, { overwrite: false });
    } else {
      const aside = await besideName(out, 'old');
      await fs.rename(out, aside, { overwrite: false });
      try {
        await fs.rename(staging, out, { overwrite: false });
      } catch (error) {
        await fs.rename(aside, out, { overwrite: false });
        throw error;
      }
      old = aside;
    }
  } catch (error) {
    await Promise.resolve(fs.delete(staging, { recursive: true, useTrash: false })).catch(() => undefined);
    throw error;
  }
  // The new package is in place: the old folder (the replaced files; the kept ones were copied) goes.
  if (old) await Promise.resolve(fs.delete(old, { recursive: true, useTrash: false })).catch(() => undefined);
  return plan;
}

/** The extension's version, from its own package.json (read as any file, so the web build can too). */
async function extensionVersion(extensionUri: vscode.Uri): Promise<string> {
  const manifest = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'package.json'));
  return (JSON.parse(new TextDecoder().decode(manifest)) as { version: string }).version;
}
