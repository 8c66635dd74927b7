import type { Connection, DocumentSymbol, FoldingRange } from 'vscode-languageserver';
import {
  DocumentHighlightKind, DocumentHighlightRequest, DocumentSymbolRequest, FoldingRangeKind, FoldingRangeRequest,
  ReferencesRequest, SymbolKind,
} from './lspValues';
import type { DeckSymbol } from '../features/gameService';
import type { AnalysisCache } from './analyses';
import { pause } from './cancellation';
import { object, onCheckedRequest, position, textDocument } from './params';

const KINDS: Record<DeckSymbol['kind'], SymbolKind> = {
  section: SymbolKind.Namespace,
  header: SymbolKind.Constant,
  player: SymbolKind.Object,
  round: SymbolKind.Array,
  turn: SymbolKind.Event,
  tile: SymbolKind.EnumMember,
};

/**
 * Symbols in one outline answer, as for the inlay hints: a deck of 3.5 million tile lines has as
 * many symbols (an answer too long for a string); the sections come first, then their entries.
 */
export const MAX_OUTLINE_SYMBOLS = 10_000;

/** The top-level symbols all, then the entries in document order until MAX_OUTLINE_SYMBOLS. */
function toDocumentSymbols(symbols: readonly DeckSymbol[]): DocumentSymbol[] {
  let left = MAX_OUTLINE_SYMBOLS - symbols.length;
  const convert = (symbol: DeckSymbol): DocumentSymbol => {
    const out: DocumentSymbol = {
      name: symbol.name,
      detail: symbol.detail,
      kind: KINDS[symbol.kind],
      range: symbol.range,
      selectionRange: symbol.selectionRange,
    };
    if (!symbol.children) return out;
    out.children = [];
    for (const child of symbol.children) {
      if (left <= 0) break;
      left--;
      out.children.push(convert(child));
    }
    return out;
  };
  return symbols.slice(0, MAX_OUTLINE_SYMBOLS).map(convert);
}

const documentParams = object({ textDocument });
const positionParams = object({ textDocument, position });

/** The outline, folding, highlights and references: what a deck's structure gives an editor. */
export function registerOutline(connection: Connection, analyses: AnalysisCache): void {
  // The outline and folds of the largest decks take a while: they can be cancelled before and after.
  onCheckedRequest(connection, DocumentSymbolRequest.type, documentParams, async (params, token) => {
    await pause(token);
    const entry = analyses.forUri(params.textDocument.uri);
    const symbols = entry ? toDocumentSymbols(entry.deck.symbols()) : [];
    await pause(token);
    return symbols;
  });

  onCheckedRequest(connection, FoldingRangeRequest.type, documentParams, async (params, token) => {
    await pause(token);
    const folds: FoldingRange[] = analyses.forUri(params.textDocument.uri)?.deck.folds().map((fold) => ({
      startLine: fold.startLine, endLine: fold.endLine, ...(fold.comment ? { kind: FoldingRangeKind.Comment } : {}),
    })) ?? [];
    await pause(token);
    return folds;
  });

  onCheckedRequest(connection, DocumentHighlightRequest.type, positionParams, (params) => (
    analyses.forUri(params.textDocument.uri)?.deck.highlights(params.position)
      .map((range) => ({ range, kind: DocumentHighlightKind.Text })) ?? []));

  onCheckedRequest(connection, ReferencesRequest.type, positionParams, (params) => {
    const { uri } = params.textDocument;
    return analyses.forUri(uri)?.deck.references(params.position).map((range) => ({ uri, range })) ?? [];
  });
}
