/** The language server's entry: wiring only; each feature lives in its own module. */
import {
  ProposedFeatures, TextDocumentSyncKind, TextDocuments, createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analyses';
import { registerCodeActions } from './codeActions';
import { registerDiagnostics } from './diagnostics';
import { registerHover } from './hover';
import { registerSimulation } from './simulation';

export function startServer(): void {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
  const analyses = new AnalysisCache();
  let canReadSettings = false;

  connection.onInitialize(({ capabilities }) => {
    canReadSettings = capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
      },
      serverInfo: { name: 'deck-sim' },
    };
  });

  registerDiagnostics(connection, documents, analyses);
  registerCodeActions(connection, documents, analyses);
  registerHover(connection, documents, analyses);
  registerSimulation(connection, documents, analyses, () => canReadSettings);

  documents.listen(connection);
  connection.listen();
}

if (require.main === module) startServer();
