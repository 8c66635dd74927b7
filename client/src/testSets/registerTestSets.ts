/**
 * "Audit Test Set" (a report panel and the Testing view's mistakes) and "Export Problem
 * Package" on a folder of decks. The language server does the work on the decks' texts
 * (`deckSim/audit`, `deckSim/catchingDeck`, `deckSim/problemPackage`); this module reads and
 * writes the files with vscode.workspace.fs, so both the desktop and the web extension run it.
 * The desktop extension adds the reference's mutants (a `ReferenceAuditor`, the bundled CLI):
 * the report lists the survivors, each shown as a diff against the reference or given a deck.
 */
import * as vscode from 'vscode';
import { WorkDoneProgress, type BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, REPORT_COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import {
  AuditRequest, CatchingDeckRequest, type AuditResult, type DeckText, type RequestType,
} from '../../../server/src/protocol/requests';
import { errorText } from '../errorText';
import { sendRequest } from '../requests';
import { auditHtml } from './auditHtml';
import { AuditTests, type AuditedSet } from './auditTests';
import { exportProblemPackage } from './exportPackage';
import { exists, folderForCommand, readFolderDecks, writeText } from './folderDecks';
import { killDeckName, mutatedSource, parseReferenceReport } from './referenceMutants';
import type { ReferenceAuditor } from './referenceRun';

const VIEW_TYPE = 'deckSim.audit';
/** The read-only documents of the mutants the diff view shows. */
const MUTANT_SCHEME = 'deck-sim-mutant';

/** Runs `work` under a cancellable progress notification that shows the CLI's progress lines. */
function withCliProgress<R>(
  title: string, outer: vscode.CancellationToken | undefined,
  work: (onProgress: (line: string) => void, signal: AbortSignal) => Promise<R>,
): Thenable<R> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const links = [token, outer].map((t) => t?.onCancellationRequested(() => abort.abort()));
      if (outer?.isCancellationRequested) abort.abort();
      try {
        return await work((line) => progress.report({ message: line }), abort.signal);
      } finally {
        for (const link of links) link?.dispose();
      }
    },
  );
}

let progressTickets = 0;

/** Sends a long request with a notification showing its progress and a Cancel button. */
export function withServerProgress<P extends { workDoneToken?: string | number }, R>(
  client: BaseLanguageClient, title: string, type: RequestType<P, R>, params: P,
  outer?: vscode.CancellationToken,
): Thenable<R> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const workDoneToken = `deckSim-${Date.now()}-${++progressTickets}`;
      let reported = 0;
      const listener = client.onProgress(WorkDoneProgress.type, workDoneToken, (value) => {
        if (value.kind === 'report' && value.percentage !== undefined) {
          progress.report({ increment: value.percentage - reported, message: value.message });
          reported = value.percentage;
        }
      });
      const cancel = new vscode.CancellationTokenSource();
      const links = [token, outer].map((t) => t?.onCancellationRequested(() => cancel.cancel()));
      try {
        return await sendRequest(client, type, { ...params, workDoneToken }, cancel.token);
      } finally {
        listener.dispose();
        for (const link of links) link?.dispose();
        cancel.dispose();
      }
    },
  );
}

/** `auditor`: the reference's mutants, in the desktop extension only. */
export function registerTestSets(
  context: vscode.ExtensionContext, client: BaseLanguageClient, auditor?: ReferenceAuditor,
): void {
  let panel: { folder: vscode.Uri; view: vscode.WebviewPanel } | undefined;
  const label = (folder: vscode.Uri) => vscode.workspace.asRelativePath(folder);
  /** Each folder's last audit, which the report's buttons act on. */
  const audits = new Map<string, AuditedSet>();
  const mutantTexts = new Map<string, string>(); // a mutant document's URI → its text

  /** The reference's mutants on the folder, when the settings name a reference; undefined when cancelled. */
  const auditReference = async (folder: vscode.Uri, token?: vscode.CancellationToken)
  : Promise<Pick<AuditedSet, 'reference' | 'referenceError'> | undefined> => {
    const reference = auditor?.reference(folder);
    if (!auditor || !reference) return {};
    const name = basename(reference);
    let source: string;
    try {
      source = new TextDecoder().decode(await vscode.workspace.fs.readFile(reference));
    } catch (error) {
      return { referenceError: `deckSim.audit.reference: cannot read ${reference.fsPath}: ${errorText(error)}` };
    }
    try {
      const json = await withCliProgress(`Running the mutants of ${name} on ${label(folder)}`, token,
        (onProgress, signal) => auditor.audit(folder, reference, onProgress, signal));
      return { reference: { reference, source, report: parseReferenceReport(json) } };
    } catch (error) {
      if (token?.isCancellationRequested || (error instanceof Error && error.name === 'AbortError')) return undefined;
      const message = `the mutants of ${name} did not run: ${errorText(error)}`;
      void vscode.window.showErrorMessage(`Deck Simulator: ${message}`);
      return { referenceError: message };
    }
  };

  const audit = async (folder: vscode.Uri, token?: vscode.CancellationToken): Promise<AuditedSet | undefined> => {
    const set = await readFolderDecks(client, folder, 'audit');
    if (!set) return undefined;
    let result: AuditResult;
    try {
      result = await withServerProgress(client, `Auditing ${set.decks.length} decks of ${label(folder)}`,
        AuditRequest, { game: set.game.game, decks: set.decks }, token);
    } catch (error) {
      if (!token?.isCancellationRequested) {
        void vscode.window.showErrorMessage(`Deck Simulator: the audit failed: ${errorText(error)}`);
      }
      return undefined;
    }
    const mutants = await auditReference(folder, token);
    return mutants && { result, ...mutants };
  };
  const tests = new AuditTests(audit);

  const show = (folder: vscode.Uri, audited: AuditedSet) => {
    const { result, reference, referenceError } = audited;
    audits.set(folder.toString(), audited);
    tests.show(folder, `Test set: ${label(folder)}`, audited);
    if (!panel || panel.folder.toString() !== folder.toString()) {
      panel?.view.dispose();
      const title = `Audit: ${label(folder)}`;
      const view = vscode.window.createWebviewPanel(VIEW_TYPE, title, vscode.ViewColumn.Active, {
        enableScripts: false,
        enableCommandUris: Object.values(REPORT_COMMANDS),
        localResourceRoots: [],
      });
      const opened = { folder, view };
      panel = opened;
      view.onDidDispose(() => {
        if (panel === opened) panel = undefined;
      });
    }
    panel.view.webview.html = auditHtml({
      folderLabel: label(folder), folder: folder.toString(), result, cspSource: panel.view.webview.cspSource,
      reference: reference && { file: basename(reference.reference), report: reference.report }, referenceError,
    });
    panel.view.reveal(undefined, false);
  };

  const auditAndShow = async (folder: vscode.Uri): Promise<AuditedSet | undefined> => {
    const audited = await audit(folder);
    if (audited) show(folder, audited);
    return audited;
  };

  /** Writes NAME.in, .ans and .desc into the folder (asking before it replaces one); the names, or undefined. */
  const writeDeck = async (
    folder: vscode.Uri, name: string, deck: { input: string; answer: string; description: string },
  ): Promise<string[] | undefined> => {
    const description = deck.description.endsWith('\n') ? deck.description : deck.description + '\n';
    const files: [string, string][] = [[`${name}.in`, deck.input], [`${name}.ans`, deck.answer],
      [`${name}.desc`, description]];
    const uris = files.map(([file]) => vscode.Uri.joinPath(folder, file));
    const taken = (await Promise.all(uris.map(exists))).flatMap((yes, i) => (yes ? [files[i][0]] : []));
    if (taken.length > 0) {
      const replace = 'Replace';
      const answerButton = await vscode.window.showWarningMessage(
        `${taken.join(', ')} already ${taken.length === 1 ? 'exists' : 'exist'} in ${label(folder)}. Replace?`,
        { modal: true }, replace,
      );
      if (answerButton !== replace) return undefined;
    }
    for (const [i, [, text]] of files.entries()) await writeText(uris[i], text);
    return files.map(([file]) => file);
  };

  /** The folder's last reference run and one of its mutants, or undefined after a word. */
  const mutantOf = (folderText: string, id: string) => {
    const run = audits.get(folderText)?.reference;
    const mutant = run?.report.mutants.find((m) => m.id === id);
    if (!run || !mutant) {
      void vscode.window.showWarningMessage(
        `Deck Simulator: mutant ${id} is not in the last audit: audit the set again.`,
      );
      return undefined;
    }
    return { run, mutant };
  };

  /** The diff view: the reference beside the mutant's whole text (read-only), at the mutant's line. */
  const showMutant = async (folderText: string, id: string): Promise<vscode.Uri | undefined> => {
    const found = mutantOf(folderText, id);
    if (!found) return undefined;
    const { run, mutant } = found;
    const text = mutatedSource(run.source, mutant);
    if (text === undefined) {
      void vscode.window.showWarningMessage(
        `Deck Simulator: ${basename(run.reference)} changed at line ${mutant.line} since the audit:`
        + ' audit the set again.',
      );
      return undefined;
    }
    const uri = vscode.Uri.from({
      scheme: MUTANT_SCHEME, path: run.reference.path, query: `mutant=${encodeURIComponent(id)}`,
    });
    mutantTexts.set(uri.toString(), text);
    const at = new vscode.Position(mutant.line - 1, mutant.column - 1);
    await vscode.commands.executeCommand('vscode.diff', run.reference, uri,
      `${basename(run.reference)} ↔ mutant ${id}`, { selection: new vscode.Range(at, at), preview: true });
    return uri;
  };

  /** "Write a deck that kills it": the killer search for one mutant; its deck written into the set and opened. */
  const writeKillingDeck = async (folderText: string, id: string): Promise<string[] | undefined> => {
    const found = mutantOf(folderText, id);
    if (!found || !auditor) return undefined;
    const folder = vscode.Uri.parse(folderText);
    const { run } = found;
    let killed;
    try {
      killed = await withCliProgress(`Searching a deck that kills mutant ${id}`, undefined,
        (onProgress, signal) => auditor.kill(folder, run.reference, id, onProgress, signal));
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) {
        void vscode.window.showErrorMessage(`Deck Simulator: the search failed: ${errorText(error)}`);
      }
      return undefined;
    }
    const report = parseReferenceReport(killed.json);
    const audited = audits.get(folderText);
    if (!killed.deck) {
      const now = report.mutants.find((m) => m.id === id);
      if (audited?.reference) {
        // The search's word on this mutant (likely equivalent), the rest as audited.
        const mutants = audited.reference.report.mutants.map((m) => (m.id === id && now ? now : m));
        const reference = { ...audited.reference, report: { ...audited.reference.report, mutants } };
        show(folder, { ...audited, reference });
      }
      void vscode.window.showWarningMessage(now?.status === 'likely-equivalent'
        ? `Deck Simulator: no deck tried kills mutant ${id}: it is likely equivalent to the reference.`
        : `Deck Simulator: mutant ${id} is ${now?.status ?? 'gone'}: no deck was written.`);
      return undefined;
    }
    const written = await writeDeck(folder, killDeckName(id), killed.deck);
    if (!written) return undefined;
    const deck = vscode.Uri.joinPath(folder, written[0]);
    await vscode.window.showTextDocument(deck, { viewColumn: vscode.ViewColumn.Beside });
    await auditAndShow(folder);
    return written;
  };

  const writeCatchingDeck = async (
    folderText: string, game: string, mistake: string,
  ): Promise<string[] | undefined> => {
    const folder = vscode.Uri.parse(folderText);
    const set = await readFolderDecks(client, folder, 'audit');
    if (!set) return undefined;
    const decks: DeckText[] = set.decks;
    let found;
    try {
      found = await withServerProgress(client, `Searching a deck that catches ${mistake}`,
        CatchingDeckRequest, { game, decks, mistake });
    } catch (error) {
      void vscode.window.showErrorMessage(`Deck Simulator: the search failed: ${errorText(error)}`);
      return undefined;
    }
    if (!found.deck) {
      void vscode.window.showWarningMessage(
        `Deck Simulator: no deck of ${found.tried} tried catches ${mistake}: it is possibly equivalent.`,
      );
      return undefined;
    }
    const written = await writeDeck(folder, found.deck.name, found.deck);
    if (!written) return undefined;
    await auditAndShow(folder);
    return written;
  };

  context.subscriptions.push(
    tests,
    vscode.commands.registerCommand(COMMANDS.auditTestSet, async (arg?: unknown) => {
      const folder = await folderForCommand(arg, 'Audit');
      return folder && auditAndShow(folder);
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.openDeck, async (folderText: string, deck: string) => {
      if (typeof folderText !== 'string' || typeof deck !== 'string') return;
      const uri = vscode.Uri.joinPath(vscode.Uri.parse(folderText), deck);
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside });
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.writeCatchingDeck, (...args: unknown[]) => {
      const [folder, game, mistake] = args;
      if (typeof folder !== 'string' || typeof game !== 'string' || typeof mistake !== 'string') return undefined;
      return writeCatchingDeck(folder, game, mistake);
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.showMutant, (...args: unknown[]) => {
      const [folder, id] = args;
      return typeof folder === 'string' && typeof id === 'string' ? showMutant(folder, id) : undefined;
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.writeKillingDeck, (...args: unknown[]) => {
      const [folder, id] = args;
      return typeof folder === 'string' && typeof id === 'string' ? writeKillingDeck(folder, id) : undefined;
    }),
    vscode.workspace.registerTextDocumentContentProvider(MUTANT_SCHEME, {
      provideTextDocumentContent: (uri) => mutantTexts.get(uri.toString()),
    }),
    vscode.commands.registerCommand(TEST_COMMANDS.auditState, () => tests.state()),
    vscode.commands.registerCommand(COMMANDS.exportProblemPackage, (arg?: unknown, options?: unknown) =>
      exportProblemPackage(context.extensionUri, client, arg, options)),
    { dispose: () => panel?.view.dispose() },
  );
}

/** A file's name, from its URI's path. */
function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
