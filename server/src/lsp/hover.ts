import { MarkupKind, type Connection } from 'vscode-languageserver';
import type { AnalysisCache } from './analyses';
import { checked, object, position, textDocument } from './params';
import type { SettingsCache } from './settings';

const hoverParams = object({ textDocument, position });

/** Hovers read the current text, saved or not: the cache analyses the latest version. */
export function registerHover(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  connection.onHover(checked(hoverParams, async (params) => {
    const pictures = (await settings.get())['hover.pictures'];
    const entry = analyses.forUri(params.textDocument.uri);
    const markdown = entry?.deck.hover(params.position, { pictures });
    return markdown === undefined ? null : { contents: { kind: MarkupKind.Markdown, value: markdown } };
  }));
}
