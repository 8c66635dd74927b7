import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDeck, isLanguageId, languageForPath, type DeckAnalysis, type DeckLanguageId } from '../core/deck';

export interface DocumentAnalysis {
  document: TextDocument;
  version: number;
  analysis: DeckAnalysis;
}

/** The language of an open document: its language id, else its file name. */
export function documentLanguage(document: TextDocument): DeckLanguageId | undefined {
  return isLanguageId(document.languageId) ? document.languageId : languageForPath(document.uri);
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
    const language = documentLanguage(document);
    if (language === undefined) return undefined;
    const entry: DocumentAnalysis = { document, version: document.version, analysis: analyzeDeck(language, document.getText()) };
    this.entries.set(document.uri, entry);
    return entry;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
