import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from '../core/problem';
import { serviceForDocument } from '../features/serviceRegistry';
import type { AnalyzedDeck, GameService } from '../features/gameService';
import { unchangedLines, type LineMap } from './unchangedLines';

export interface DocumentAnalysis {
  document: TextDocument;
  version: number;
  service: GameService;
  deck: AnalyzedDeck;
}

/** An analysis to answer a request at a position from, with the position in its text. */
export interface PositionAnalysis {
  deck: AnalyzedDeck;
  position: Position;
  /** The analysis is of an older version whose line at `position` the edits since left as it was. */
  older: boolean;
}

/** The last analysis of a document, with the text and language it read, and its lines in the current text. */
interface CacheEntry extends DocumentAnalysis {
  text: string;
  /** A didOpen again with another language id (no didClose between) makes it another game's deck. */
  languageId: string;
  lineCount: number;
  /** Made once per newer version, on the first request that needs it. */
  lines?: { version: number; map: LineMap };
}

/** Whether a position lies in the document: on one of its lines, at most at the line's end. */
export function inDocument(document: TextDocument, position: Position): boolean {
  // offsetAt clamps a position to the text, so only a position inside it comes back unchanged.
  const back = document.positionAt(document.offsetAt(position));
  return back.line === position.line && back.character === position.character;
}

/**
 * One analysis per document version, shared by every feature, so diagnostics, hovers and
 * code actions on the same text never parse or simulate it twice. The last one is kept while
 * newer versions wait for theirs, for requests on the lines they did not change.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  /** The analysis of an open deck's current text, saved or not; undefined for anything else. */
  forUri(uri: string): DocumentAnalysis | undefined {
    const document = this.documents.get(uri);
    return document && this.get(document);
  }

  get(document: TextDocument): DocumentAnalysis | undefined {
    const cached = this.entries.get(document.uri);
    if (cached && this.isCurrent(cached, document)) return cached;
    const text = document.getText();
    const service = serviceForDocument(document.languageId, document.uri, text);
    if (!service) return undefined;
    const deck = service.analyze(text);
    const { version, lineCount, languageId } = document;
    const entry: CacheEntry = { document, version, service, deck, text, languageId, lineCount };
    this.entries.set(document.uri, entry);
    return entry;
  }

  /**
   * An analysis that can answer at `position` without waiting for one of the current text:
   * the last one made, when the edits since left the position's line as it was; otherwise
   * the current text's, made now if need be.
   */
  atPosition(uri: string, position: Position): PositionAnalysis | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const last = this.entries.get(uri);
    if (last && last.languageId === document.languageId && !this.isCurrent(last, document)) {
      if (last.lines?.version !== document.version) {
        const map = unchangedLines(last.text, last.lineCount, document);
        last.lines = { version: document.version, map };
      }
      const line = last.lines.map(position.line);
      if (line !== undefined) {
        return { deck: last.deck, position: { line, character: position.character }, older: true };
      }
    }
    const current = this.get(document);
    return current && { deck: current.deck, position, older: false };
  }

  /**
   * Whether the entry analysed the document's current text as the same game; an edit undone
   * keeps its analysis. A didOpen again (no didClose) makes a new document, maybe at the same version.
   */
  private isCurrent(entry: CacheEntry, document: TextDocument): boolean {
    if (entry.document === document && entry.version === document.version) return true;
    if (entry.languageId !== document.languageId || entry.text !== document.getText()) return false;
    entry.document = document;
    entry.version = document.version;
    return true;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
