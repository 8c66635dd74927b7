import type { Connection, InlayHint } from 'vscode-languageserver';
import { InlayHintKind, InlayHintRequest } from './lspValues';
import type { AnalysisCache } from './analyses';
import { pause } from './cancellation';
import { object, onCheckedRequest, range, textDocument } from './params';
import type { SettingsCache } from './settings';

const inlayHintParams = object({ textDocument, range });

/**
 * Hints in one answer. Neovim asks for the whole buffer: the largest ⑨ deck has some 270,000
 * hints (over 40 MB of JSON); an answer holds the first of the range, a few screens' worth.
 */
export const MAX_INLAY_HINTS = 10_000;
/** Lines read between two pauses, where a cancel can be read. */
const LINES_PER_SLICE = 500;

export function registerInlayHints(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  onCheckedRequest(connection, InlayHintRequest.type, inlayHintParams, async (params, token) => {
    if (!(await settings.get())['inlayHints.enabled']) return [];
    await pause(token);
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry) return [];
    const { deck } = entry;
    const last = Math.min(params.range.end.line, entry.document.lineCount - 1);
    const hints: InlayHint[] = [];
    for (let from = params.range.start.line; from <= last && hints.length < MAX_INLAY_HINTS; from += LINES_PER_SLICE) {
      const to = Math.min(last, from + LINES_PER_SLICE - 1);
      for (const { position, label, tooltip } of deck.inlayHints(from, to, MAX_INLAY_HINTS - hints.length)) {
        hints.push({ position, label, tooltip, kind: InlayHintKind.Parameter, paddingLeft: true });
      }
      await pause(token);
    }
    return hints;
  });
}
