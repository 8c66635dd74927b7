import type { CodeAction, Connection } from 'vscode-languageserver';
import { CodeActionKind, CodeActionRequest } from './lspValues';
import { rangesTouch } from '../core/problem';
import type { AnalysisCache } from './analyses';
import { toDiagnostic } from './convert';
import { object, onCheckedRequest, range, textDocument } from './params';

const codeActionParams = object({ textDocument, range });

/** Quick fixes: the fixes the engine proposed for each problem under the cursor. */
export function registerCodeActions(connection: Connection, analyses: AnalysisCache): void {
  onCheckedRequest(connection, CodeActionRequest.type, codeActionParams, ({ textDocument: { uri }, range: cursor }) => {
    const entry = analyses.forUri(uri);
    if (!entry) return [];
    const actions: CodeAction[] = [];
    for (const problem of entry.deck.problems) {
      if (!problem.fixes || !rangesTouch(problem.range, cursor)) continue;
      for (const fix of problem.fixes) {
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [toDiagnostic(problem)],
          isPreferred: fix.preferred,
          edit: { changes: { [uri]: fix.edits } },
        });
      }
    }
    return actions;
  });
}
