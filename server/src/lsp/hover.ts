import { MarkupKind, type Connection } from 'vscode-languageserver/node';
import { cirnoHover } from '../features/cirnoHover';
import { mahjongHover } from '../features/mahjongHover';
import type { AnalysisCache } from './analyses';
import type { SettingsCache } from './settings';

/** Hovers read the current text, saved or not: the cache analyses the latest version. */
export function registerHover(
  connection: Connection, analyses: AnalysisCache, settings: SettingsCache,
): void {
  connection.onHover(async ({ textDocument, position }) => {
    const pictures = (await settings.get()).hoverPictures;
    const entry = analyses.forUri(textDocument.uri);
    if (!entry) return null;
    const { analysis } = entry;
    const markdown = analysis.language === 'mjdeck'
      ? mahjongHover(analysis.mahjong, position, pictures)
      : cirnoHover(analysis.cirno, position, pictures);
    return markdown === undefined ? null : { contents: { kind: MarkupKind.Markdown, value: markdown } };
  });
}
