import type { Connection } from 'vscode-languageserver';
import { HoverRequest, MarkupKind } from './lspValues';
import type { AnalysisCache } from './analyses';
import { object, onCheckedRequest, position, textDocument } from './params';
import type { SettingsCache } from './settings';

const hoverParams = object({ textDocument, position });

/** Ends a hover answered from the analysis before the latest edits, while the deck is analysed again. */
export const OLDER_ANALYSIS_NOTE = '*As the deck was before the latest edit: it is being analysed again.*';

/**
 * Hovers read the current text, saved or not. A hover never waits for a re-analysis: on a
 * line the latest edits left as it was, the last analysis answers, and says so. Pictures only
 * for a client that draws them (`clientShowsPictures`), and only with `deckSim.hover.pictures` on.
 */
export function registerHover(
  connection: Connection, analyses: AnalysisCache, settings: SettingsCache, clientShowsPictures: () => boolean,
): void {
  onCheckedRequest(connection, HoverRequest.type, hoverParams, async (params) => {
    const pictures = clientShowsPictures() && (await settings.get())['hover.pictures'];
    const at = analyses.atPosition(params.textDocument.uri, params.position);
    const markdown = at?.deck.hover(at.position, { pictures });
    if (markdown === undefined) return null;
    const value = at?.older ? `${markdown}\n\n---\n\n${OLDER_ANALYSIS_NOTE}` : markdown;
    return { contents: { kind: MarkupKind.Markdown, value } };
  });
}
