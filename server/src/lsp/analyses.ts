import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from '../core/common/problem';
import { serviceForDocument } from '../features/services';
import type { AnalyzedDeck, GameService } from '../features/service';

export interface DocumentAnalysis {
  document: TextDocument;
  version: number;
  service: GameService;
  deck: AnalyzedDeck;
}

/** Whether a position lies in the document: on one of its lines, at most at the line's end. */
export function inDocument(document: TextDocument, position: Position): boolean {
  // offsetAt clamps a position to the text, so only a position inside it comes back unchanged.
  const back = document.positionAt(document.offsetAt(position));
  return back.line === position.line && back.character === position.character;
}

/**
 * One analysis per document version, shared by every feature, so diagnostics, hovers and
 * code actions on the same text never parse or simulate it twice.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, DocumentAnalysis>();

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  /** The analysis of an open deck's current text, saved or not; undefined for anything else. */
  forUri(uri: string): DocumentAnalysis | undefined {
    const document = this.documents.get(uri);
    return document && this.get(document);
  }

  get(document: TextDocument): DocumentAnalysis | undefined {
    const cached = this.entries.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const service = serviceForDocument(document.languageId, document.uri);
    if (!service) return undefined;
    const deck = service.analyze(document.getText());
    const entry: DocumentAnalysis = { document, version: document.version, service, deck };
    this.entries.set(document.uri, entry);
    return entry;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
