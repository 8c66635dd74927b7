/**
 * Audit Test Set with a reference (deckSim.audit.reference): a small Python reference of the ⑨
 * game (fixtures/reference/cirno.py) and a set of one deck, in a folder outside the workspace (so
 * the Testing view's decks stay the workspace's). The report's rows are the CLI's survivors, the
 * Testing view's group holds them as failed tests, "Show" opens the diff against the mutant's
 * text, and "Write a deck that kills it" writes and opens a deck that kills one.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AuditedSet, AuditState } from '../../../client/src/testSets/auditTests';
import type { ReferenceMutant } from '../../../client/src/testSets/referenceMutants';
import { COMMANDS, REPORT_COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { api, fixture } from './vscodeHelpers';

/** Dropped by the sample deck, killed by a deck where a loser draws her new hand before the last round. */
const KILLABLE = '91:31:const-1';

describe('Audit Test Set with a reference solution', () => {
  let folder: vscode.Uri;
  let audited: AuditedSet | undefined;
  const settings = () => vscode.workspace.getConfiguration('deckSim');

  before(async function () {
    this.timeout(600_000); // the first audit builds (compiles) and runs 361 mutants of the reference
    await api();
    const dir = mkdtempSync(join(tmpdir(), 'deck-sim-reference-'));
    copyFileSync(fixture('sample.cirnodeck').fsPath, join(dir, 'sample.cirnodeck'));
    folder = vscode.Uri.file(dir);
    await settings().update('audit.reference', fixture('reference/cirno.py').fsPath, vscode.ConfigurationTarget.Global);
    await settings().update('audit.equivalenceDecks', 200, vscode.ConfigurationTarget.Global);
    audited = await vscode.commands.executeCommand<AuditedSet | undefined>(COMMANDS.auditTestSet, folder);
  });

  after(async () => {
    await settings().update('audit.reference', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('audit.equivalenceDecks', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(folder.fsPath, { recursive: true, force: true });
  });

  it("the report's rows are the CLI's surviving mutants, with the score", function () {
    this.timeout(120_000); // the CLI again, from the cache the audit filled
    assert.ok(audited?.reference, `no reference audit: ${audited?.referenceError}`);
    const { report } = audited.reference;
    const cli = spawnSync(process.execPath, [join(__dirname, '../../../../dist/cli.js'), 'audit', '--json',
      '--reference', fixture('reference/cirno.py').fsPath, folder.fsPath], {
      encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    const expected = JSON.parse(cli.stdout) as { reference: unknown; referenceMutants: ReferenceMutant[] };
    assert.deepEqual(report.summary, expected.reference);
    assert.deepEqual(report.mutants, expected.referenceMutants);
    assert.equal(report.summary.mutants, 361);
    const survived = report.mutants.filter((m) => m.status === 'survived');
    assert.ok(survived.length > 0 && report.summary.killed > 0, JSON.stringify(report.summary));
    assert.deepEqual(survived.find((m) => m.id === KILLABLE), {
      id: KILLABLE, line: 91, column: 31, operator: 'const-1', original: '3', replacement: '2', status: 'survived',
      killedBy: null,
    });
  });

  it("the Testing view's group holds each surviving mutant as a failed test with its message", async () => {
    const state = await vscode.commands.executeCommand<AuditState>(TEST_COMMANDS.auditState);
    const group = state[folder.toString()];
    assert.ok(group, JSON.stringify(Object.keys(state)));
    const mutants = group.tests.filter((t) => t.id.startsWith('mutant '));
    const survived = audited!.reference!.report.mutants.filter((m) => m.status === 'survived');
    assert.deepEqual(mutants.map((t) => t.id), survived.map((m) => `mutant ${m.id}`));
    assert.ok(mutants.every((t) => t.outcome === 'failed'));
    assert.deepEqual(mutants.find((t) => t.id === `mutant ${KILLABLE}`), {
      id: `mutant ${KILLABLE}`, label: 'mutant line 91:31 const-1: 3 → 2', outcome: 'failed',
      message: `survived: no deck of ${group.label} kills it (line 91:31 const-1: 3 → 2)`,
    });
    // The catalogue's mistakes are still there, before the mutants.
    assert.ok(group.tests[0].id.length > 0 && !group.tests[0].id.startsWith('mutant '));
  });

  it('"Show" opens the reference beside the mutant\'s read-only text, at its line', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
      REPORT_COMMANDS.showMutant, folder.toString(), KILLABLE,
    );
    assert.ok(uri);
    const reference = readFileSync(fixture('reference/cirno.py').fsPath, 'utf8');
    const mutant = await vscode.workspace.openTextDocument(uri);
    assert.equal(mutant.getText(), reference.replace('pile[top:top + 3]', 'pile[top:top + 2]'));
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `the active tab is ${tab?.label}`);
    assert.equal(tab.input.original.fsPath, fixture('reference/cirno.py').fsPath);
    assert.equal(tab.input.modified.toString(), uri.toString());
    assert.equal(tab.label, `cirno.py ↔ mutant ${KILLABLE}`);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(editor.selection.active.line, 90);
  });

  it('"Write a deck that kills it" writes the deck into the set and opens it; the mutant is killed', async function () {
    this.timeout(300_000); // the killer search, then the audit again with the new deck
    const written = await vscode.commands.executeCommand<string[] | undefined>(
      REPORT_COMMANDS.writeKillingDeck, folder.toString(), KILLABLE,
    );
    const name = 'kill-91-31-constminus1';
    assert.deepEqual(written, [`${name}.in`, `${name}.ans`, `${name}.desc`]);
    assert.deepEqual(readdirSync(folder.fsPath).sort(), [...written!, 'sample.cirnodeck'].sort());
    assert.equal(readFileSync(join(folder.fsPath, `${name}.desc`), 'utf8'),
      'kills cirno.py line 91: hands[i] = pile[top:top + 3] → hands[i] = pile[top:top + 2]\n');
    const opened = vscode.workspace.textDocuments.some((d) => d.uri.fsPath === join(folder.fsPath, `${name}.in`));
    assert.ok(opened, 'the written deck is opened');
    const state = await vscode.commands.executeCommand<AuditState>(TEST_COMMANDS.auditState);
    const ids = state[folder.toString()].tests.map((t) => t.id);
    assert.ok(!ids.includes(`mutant ${KILLABLE}`), 'the re-audit lists the mutant no more');
  });
});
