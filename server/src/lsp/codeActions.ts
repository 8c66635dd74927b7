import { CodeActionKind, type CodeAction, type Connection } from 'vscode-languageserver/node';
import { rangesTouch } from '../core/common/problem';
import type { AnalysisCache } from './analyses';
import { toDiagnostic } from './convert';

/** Quick fixes: the fixes the engine proposed for each problem under the cursor. */
export function registerCodeActions(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.onCodeAction(({ textDocument, range }) => {
    const entry = analyses.forUri(textDocument.uri);
    if (!entry) return [];
    const actions: CodeAction[] = [];
    for (const problem of entry.analysis.problems) {
      if (!problem.fixes || !rangesTouch(problem.range, range)) continue;
      for (const fix of problem.fixes) {
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [toDiagnostic(problem)],
          isPreferred: fix.preferred,
          edit: { changes: { [textDocument.uri]: fix.edits } },
        });
      }
    }
    return actions;
  });
}
