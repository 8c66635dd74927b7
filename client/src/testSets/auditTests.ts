/**
 * The Testing view's audit: a group per audited folder, a test per likely mistake, which passes
 * when the folder's decks catch it (its message names the deck, or says none does), and with a
 * reference (deckSim.audit.reference) a failed test per surviving mutant, at its line of the
 * reference. Running the group audits the folder again.
 */
import * as vscode from 'vscode';
import type { AuditResult } from '../../../server/src/protocol/requests';
import { mutantLabel, survivingMutants, survivorMessage } from './referenceMutants';
import type { ReferenceRun } from './referenceRun';

export const AUDIT_CONTROLLER_ID = 'deckSim.audit';

/** A folder's audit: the catalogue's (the language server's), and the reference's mutants when they ran. */
export interface AuditedSet {
  result: AuditResult;
  reference?: ReferenceRun;
  /** Why the reference's mutants are missing: the CLI's failure (a reference that does not build). */
  referenceError?: string;
}

/**
 * What the hidden command `deckSim.auditState` returns, for the integration suite (VS Code lets no
 * extension read another's test items): each group's tests as shown, by folder URI.
 */
export type AuditState = Record<string, {
  label: string;
  tests: { id: string; label: string; outcome: 'passed' | 'failed'; message?: string }[];
}>;

export class AuditTests implements vscode.Disposable {
  private readonly controller =
    vscode.tests.createTestController(AUDIT_CONTROLLER_ID, 'Deck Simulator: Test Set Audit');
  private readonly shown: AuditState = {};

  /** `audit` re-audits a folder (by its URI) when the user runs its group. */
  constructor(audit: (folder: vscode.Uri, token: vscode.CancellationToken) => Promise<AuditedSet | undefined>) {
    this.controller.createRunProfile('Audit', vscode.TestRunProfileKind.Run, async (request, token) => {
      const groups = new Set<vscode.TestItem>();
      const queue = [...(request.include ?? [])];
      if (!request.include) this.controller.items.forEach((item) => queue.push(item));
      for (const item of queue) groups.add(item.parent ?? item);
      for (const group of groups) {
        const folder = vscode.Uri.parse(group.id);
        const audited = await audit(folder, token);
        if (audited) this.show(folder, group.label, audited);
      }
    }, true);
  }

  state(): AuditState {
    return structuredClone(this.shown);
  }

  /** Shows a folder's audit as a group of mistakes with their outcomes, then the reference's surviving mutants. */
  show(folder: vscode.Uri, label: string, { result, reference }: AuditedSet): void {
    const group = this.controller.createTestItem(folder.toString(), label, folder);
    this.controller.items.add(group);
    const shown: AuditState[string] = { label, tests: [] };
    const items = result.mistakes.map((m, i) => {
      const item = this.controller.createTestItem(m.id, `${m.id}: ${m.description}`);
      item.sortText = `0${String(i).padStart(4, '0')}`; // the catalogue's order, as the report's
      return item;
    });
    const survivors = reference ? survivingMutants(reference.report) : [];
    const mutantItems = survivors.map((m, i) => {
      const item = this.controller.createTestItem(`mutant ${m.id}`, `mutant ${mutantLabel(m)}`, reference!.reference);
      item.range = new vscode.Range(m.line - 1, m.column - 1, m.line - 1, m.column - 1);
      item.sortText = `1${String(i).padStart(4, '0')}`; // after the mistakes, in the report's order
      return item;
    });
    group.children.replace([...items, ...mutantItems]);
    const run = this.controller.createTestRun(new vscode.TestRunRequest([group]), `Audit of ${label}`, false);
    result.mistakes.forEach((m, i) => {
      const item = items[i];
      if (m.first) {
        const message = `caught by ${m.first.deck}: transcript line ${m.first.line} is `
          + `${JSON.stringify(m.first.expected)}, the mistake prints ${JSON.stringify(m.first.mistaken)}`;
        run.appendOutput(`${m.id}: ${message}\r\n`, undefined, item);
        run.passed(item);
        shown.tests.push({ id: item.id, label: item.label, outcome: 'passed' });
      } else {
        const message = `no deck of ${label} catches it: `
          + `a solution in which ${lowerFirst(m.description)} passes them all`;
        run.failed(item, new vscode.TestMessage(message));
        shown.tests.push({ id: item.id, label: item.label, outcome: 'failed', message });
      }
    });
    survivors.forEach((m, i) => {
      const item = mutantItems[i];
      const message = new vscode.TestMessage(survivorMessage(m, label));
      message.location = new vscode.Location(reference!.reference, item.range!);
      run.failed(item, message);
      shown.tests.push({ id: item.id, label: item.label, outcome: 'failed', message: survivorMessage(m, label) });
    });
    run.end();
    this.shown[folder.toString()] = shown;
  }

  dispose(): void {
    this.controller.dispose();
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}
