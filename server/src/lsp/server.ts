/** The language server's entry: wiring only; each feature lives in its own module. */
import { PassThrough } from 'node:stream';
import {
  CodeLensRefreshRequest, ProposedFeatures, StreamMessageReader, StreamMessageWriter, TextDocumentSyncKind,
  TextDocuments, createConnection, type Connection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analyses';
import { registerCodeActions } from './codeActions';
import { registerCodeLens } from './codeLens';
import { registerCompletion } from './completion';
import { DIAGNOSTICS_DELAY_MS, registerDiagnostics } from './diagnostics';
import { listenToDocuments } from './documents';
import { FramingCheck } from './framing';
import { registerEditorRequests } from './editorRequests';
import { registerFormatting } from './formatting';
import { registerHover } from './hover';
import { registerInlayHints } from './inlayHints';
import { registerOutline } from './outline';
import { registerRename } from './rename';
import { registerReplay } from './replay';
import { SettingsCache } from './settings';
import { registerSimulation } from './simulation';

/**
 * Over stdio a client can break the message framing (a bad Content-Length, junk bytes); the
 * reader cannot find the next message after that, so the server says why and exits non-zero,
 * for the client to start a new one, rather than live on deaf. Other transports frame for us.
 */
function stdioConnection(): Connection {
  const giveUp = (why: string) => {
    const next = 'exiting for the client to restart the server';
    process.stderr.write(`deck-sim: broken message framing from the client (${why}); ${next}\n`);
    process.exit(FRAMING_ERROR_EXIT_CODE);
  };
  const framing = new FramingCheck();
  const checked = new PassThrough();
  process.stdin.on('data', (chunk: Buffer) => {
    const fault = framing.add(chunk);
    if (fault === undefined) checked.write(chunk);
    else giveUp(fault);
  });
  process.stdin.on('end', () => checked.end());
  const reader = new StreamMessageReader(checked);
  // A body that is not JSON (a Content-Length too short or too long) fails in the reader.
  reader.onError((error) => giveUp(error.message.split('\n')[0]));
  return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
}

/** The exit code after a framing error. */
export const FRAMING_ERROR_EXIT_CODE = 3;

export function startServer(): void {
  const connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
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
        documentSymbolProvider: { label: 'Deck' },
        foldingRangeProvider: true,
        documentHighlightProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentFormattingProvider: true,
      },
      serverInfo: { name: 'deck-sim' },
    };
  });

  registerDiagnostics(connection, documents, analyses, () => diagnosticsDelay);
  registerCodeActions(connection, analyses);
  registerHover(connection, analyses, settings);
  registerCompletion(connection, analyses, settings);
  registerInlayHints(connection, analyses, settings);
  registerCodeLens(connection, analyses, settings);
  registerReplay(connection, analyses);
  registerOutline(connection, analyses);
  registerRename(connection, analyses);
  registerFormatting(connection, analyses);
  registerEditorRequests(connection, analyses);
  registerSimulation(connection, documents, analyses, settings);

  listenToDocuments(connection, documents);
  connection.listen();
}

if (require.main === module) startServer();
