import { CodeActionKind, type CodeAction, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from '../core/common/problem';
import type { AnalysisCache } from './analyses';
import { toDiagnostic } from './convert';

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** Quick fixes: the fixes the engine proposed for each problem under the cursor. */
export function registerCodeActions(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache,
): void {
  connection.onCodeAction(({ textDocument, range }) => {
    const document = documents.get(textDocument.uri);
    const entry = document && analyses.get(document);
    if (!entry) return [];
    const actions: CodeAction[] = [];
    for (const problem of entry.analysis.problems) {
      if (!problem.fixes || !overlaps(problem.range, range)) continue;
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
