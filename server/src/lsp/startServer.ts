/**
 * The language server on a connection, whichever entry made it: the Node entry (server.ts:
 * stdio or VS Code's IPC) and the web worker's (browser.ts: postMessage) differ only in the
 * connection. Wiring only; each feature lives in its own module.
 */
import type { Connection } from 'vscode-languageserver';
import { CodeLensRefreshRequest, TextDocumentSyncKind, TextDocuments } from './lspValues';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analyses';
import { registerCodeActions } from './codeActions';
import { registerCodeLens } from './codeLens';
import { registerCompletion } from './completion';
import { DIAGNOSTICS_DELAY_MS, registerDiagnostics } from './diagnostics';
import { listenToDocuments } from './documents';
import { LineDocument } from './lineDocument';
import { registerEditorRequests } from './editorRequests';
import { registerFormatting } from './formatting';
import { registerHover } from './hover';
import { readInitializationOptions } from '../protocol/initialization';
import { registerInlayHints } from './inlayHints';
import { registerOutline } from './outline';
import { registerRename } from './rename';
import { registerReplay } from './replay';
import { SettingsCache } from './settings';
import { registerSimulation } from './simulation';
import { registerTestSets } from './testSets';

export function startServer(connection: Connection): void {
  // Documents as blocks of lines: an incremental change costs what it touches (lineDocument.ts).
  const documents = new TextDocuments<TextDocument>({
    create: LineDocument.create,
    update: (document, changes, version) => LineDocument.update(document as LineDocument, changes, version),
  });
  const analyses = new AnalysisCache(documents);
  let canReadSettings = false;
  let canRefresh = { inlayHints: false, codeLenses: false };
  // A setting can turn hints, lenses or hover pictures on or off: have the client ask again.
  const settings = new SettingsCache(connection, () => canReadSettings, () => {
    if (canRefresh.inlayHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
    if (canRefresh.codeLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  });

  // Clients may shorten the typing pause (benchmarks and tests use 0).
  let diagnosticsDelay = DIAGNOSTICS_DELAY_MS;
  // Only a client that says it draws `data:` images gets pictures (Neovim would show base64).
  let clientShowsPictures = false;
  const showsPictures = () => clientShowsPictures;

  connection.onInitialize(({ capabilities, initializationOptions }) => {
    canReadSettings = capabilities.workspace?.configuration === true;
    canRefresh = {
      inlayHints: capabilities.workspace?.inlayHint?.refreshSupport === true,
      codeLenses: capabilities.workspace?.codeLens?.refreshSupport === true,
    };
    const options = readInitializationOptions(initializationOptions);
    clientShowsPictures = options.pictures;
    if (options.diagnosticsDelayMs !== undefined) diagnosticsDelay = options.diagnosticsDelayMs;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        completionProvider: {},
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentSymbolProvider: { label: 'Deck' },
        foldingRangeProvider: true,
        documentHighlightProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
      },
      serverInfo: { name: 'deck-sim' },
    };
  });

  registerDiagnostics(connection, documents, analyses, () => diagnosticsDelay);
  registerCodeActions(connection, analyses);
  registerHover(connection, analyses, settings, showsPictures);
  registerCompletion(connection, analyses, settings);
  registerInlayHints(connection, analyses, settings);
  registerCodeLens(connection, analyses, settings);
  registerReplay(connection, analyses, showsPictures);
  registerOutline(connection, analyses);
  registerRename(connection, analyses);
  registerFormatting(connection, analyses, settings);
  registerEditorRequests(connection, analyses);
  registerSimulation(connection, documents, analyses, settings);
  registerTestSets(connection);

  listenToDocuments(connection, documents);
  connection.listen();
}
