/**
 * The Testing view's audit: a group per audited folder, a test per likely mistake, which passes
 * when the folder's decks catch it (its message names the deck, or says none does). Running
 * the group audits the folder again.
 */
import * as vscode from 'vscode';
import type { AuditResult } from '../../../server/src/protocol/requests';

export const AUDIT_CONTROLLER_ID = 'deckSim.audit';

export class AuditTests implements vscode.Disposable {
  private readonly controller =
    vscode.tests.createTestController(AUDIT_CONTROLLER_ID, 'Deck Simulator: Test Set Audit');

  /** `audit` re-audits a folder (by its URI) when the user runs its group. */
  constructor(audit: (folder: vscode.Uri, token: vscode.CancellationToken) => Promise<AuditResult | undefined>) {
    this.controller.createRunProfile('Audit', vscode.TestRunProfileKind.Run, async (request, token) => {
      const groups = new Set<vscode.TestItem>();
      const queue = [...(request.include ?? [])];
      if (!request.include) this.controller.items.forEach((item) => queue.push(item));
      for (const item of queue) groups.add(item.parent ?? item);
      for (const group of groups) {
        const folder = vscode.Uri.parse(group.id);
        const result = await audit(folder, token);
        if (result) this.show(folder, group.label, result);
      }
    }, true);
  }

  /** Shows a folder's audit as a group of mistakes with their outcomes. */
  show(folder: vscode.Uri, label: string, result: AuditResult): void {
    const group = this.controller.createTestItem(folder.toString(), label, folder);
    this.controller.items.add(group);
    const items = result.mistakes.map((m, i) => {
      const item = this.controller.createTestItem(m.id, `${m.id}: ${m.description}`);
      item.sortText = String(i).padStart(4, '0'); // the catalogue's order, as the report's
      return item;
    });
    group.children.replace(items);
    const run = this.controller.createTestRun(new vscode.TestRunRequest([group]), `Audit of ${label}`, false);
    result.mistakes.forEach((m, i) => {
      const item = items[i];
      if (m.first) {
        const message = `caught by ${m.first.deck}: transcript line ${m.first.line} is `
          + `${JSON.stringify(m.first.expected)}, the mistake prints ${JSON.stringify(m.first.mistaken)}`;
        run.appendOutput(`${m.id}: ${message}\r\n`, undefined, item);
        run.passed(item);
      } else {
        const message = `no deck of ${label} catches it: `
          + `a solution in which ${lowerFirst(m.description)} passes them all`;
        run.failed(item, new vscode.TestMessage(message));
      }
    });
    run.end();
  }

  dispose(): void {
    this.controller.dispose();
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}
