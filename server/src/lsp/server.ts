/** The language server's entry: wiring only; each feature lives in its own module. */
import {
  CodeLensRefreshRequest, ProposedFeatures, TextDocumentSyncKind, TextDocuments, createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analyses';
import { registerCodeActions } from './codeActions';
import { registerCodeLens } from './codeLens';
import { registerCompletion } from './completion';
import { DIAGNOSTICS_DELAY_MS, registerDiagnostics } from './diagnostics';
import { registerEditorRequests } from './editorRequests';
import { registerHover } from './hover';
import { registerInlayHints } from './inlayHints';
import { registerReplay } from './replay';
import { SettingsCache } from './settings';
import { registerSimulation } from './simulation';

export function startServer(): void {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
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

  connection.onInitialize(({ capabilities, initializationOptions }) => {
    canReadSettings = capabilities.workspace?.configuration === true;
    canRefresh = {
      inlayHints: capabilities.workspace?.inlayHint?.refreshSupport === true,
      codeLenses: capabilities.workspace?.codeLens?.refreshSupport === true,
    };
    const delay = (initializationOptions as { diagnosticsDelayMs?: unknown } | undefined)?.diagnosticsDelayMs;
    if (typeof delay === 'number' && delay >= 0) diagnosticsDelay = delay;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        completionProvider: {},
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'deck-sim' },
    };
  });

  registerDiagnostics(connection, documents, analyses, () => diagnosticsDelay);
  registerCodeActions(connection, analyses);
  registerHover(connection, analyses, settings);
  registerCompletion(connection, analyses);
  registerInlayHints(connection, analyses);
  registerCodeLens(connection, analyses);
  registerReplay(connection, analyses);
  registerEditorRequests(connection, analyses);
  registerSimulation(connection, documents, analyses, settings);

  documents.listen(connection);
  connection.listen();
}

if (require.main === module) startServer();
