import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LocateOutcome, LocateState } from '../../../client/src/judge/locateCommand';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { sharedDir, sharedSkip } from '../../helpers';
import { api, fixture } from './vscodeHelpers';

/** The ⑨ game's public reference with one token changed: line 53 multiplies where it divides. */
const PLANTED = { line: 53, right: 'floor(1.0 * p / num)', wrong: 'floor(1.0 * p * num)' };

/** Small budgets: a run of a few dozen builds and a few hundred runs (docs/vscode.md has the defaults). */
const BUDGETS = { 'locate.mutants': 40, 'locate.stressDecks': 100, 'locate.repairDecks': 50 };

describe('Locate the Mistake', () => {
  let dir: string;
  let source: string;
  let planted: string;

  before(async function () {
    if (sharedSkip) this.skip();
    await api();
    dir = mkdtempSync(join(tmpdir(), 'deck-sim-locate-suite-'));
    source = join(dir, 'sol.cpp');
    const reference = readFileSync(join(sharedDir, 'references', 'cirno_ref.cpp'), 'utf8');
    const lines = reference.split('\n');
    assert.ok(lines[PLANTED.line - 1].includes(PLANTED.right));
    lines[PLANTED.line - 1] = lines[PLANTED.line - 1].replace(PLANTED.right, PLANTED.wrong);
    planted = lines.join('\n');
    writeFileSync(source, planted);
    const settings = vscode.workspace.getConfiguration('deckSim');
    await settings.update('solution.source', source, vscode.ConfigurationTarget.Global);
    for (const [name, value] of Object.entries(BUDGETS)) {
      await settings.update(name, value, vscode.ConfigurationTarget.Global);
    }
  });

  after(async () => {
    if (!dir) return;
    const settings = vscode.workspace.getConfiguration('deckSim');
    for (const name of ['solution.source', ...Object.keys(BUDGETS)]) {
      await settings.update(name, undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('heat map on the planted line, with its counts; the repair as a diff; Apply edits, Undo restores',
    async function () {
    this.timeout(300_000); // one generous limit: builds and runs of a C++ program on a loaded machine
    const started = Date.now();
    const outcome = await vscode.commands.executeCommand<LocateOutcome | undefined>(
      COMMANDS.locateMistake, fixture('sample.cirnodeck'),
    );
    console.log(`    Locate the Mistake took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.ok(outcome, 'the command located the mistake');
    const { result } = outcome;
    assert.deepEqual(result.lines[0], {
      line: PLANTED.line, text: `else if (type == 3) return ${PLANTED.wrong};`, score: 1,
      failingRuns: result.decks.failing, passingRuns: 0,
    });
    assert.deepEqual(result.repairs.map(({ line, original, replacement }) => ({ line, original, replacement })),
      [{ line: PLANTED.line, original: '*', replacement: '/' }]);

    // The source opens with its lines in heat bands: red (hot) from 0.8.
    const state = await vscode.commands.executeCommand<LocateState>(TEST_COMMANDS.locateState);
    const sourceUri = vscode.Uri.file(source);
    assert.equal(state.source, sourceUri.toString());
    const hot = state.bands.hot ?? [];
    assert.deepEqual(hot.map((entry) => entry.line),
      result.lines.filter((line) => line.score >= 0.8).map((line) => line.line));
    assert.equal(hot[0].line, PLANTED.line);
    const { failing, passing } = result.decks;
    // appendText's Markdown, its spaces escaped as VS Code renders them.
    assert.equal(hot[0].hover.replaceAll('&nbsp;', ' '),
      `Suspiciousness 1.00: executed by ${failing} of ${failing} failing runs and 0 of ${passing} passing runs`);
    const cooler = Object.entries(state.bands).filter(([band]) => band !== 'hot').flatMap(([, lines]) => lines);
    assert.ok(cooler.every((entry) => !hot.some((h) => h.line === entry.line)), 'a line is in one band');

    // The repair opens as a diff: the source against it, one token changed.
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `the active tab is a diff: ${tab?.label}`);
    assert.equal(tab.input.original.toString(), sourceUri.toString());
    assert.equal(tab.input.modified.scheme, 'deck-sim-repair');
    const repairDoc = await vscode.workspace.openTextDocument(tab.input.modified);
    const fixed = planted.replace(PLANTED.wrong, PLANTED.right);
    assert.equal(repairDoc.getText(), fixed);

    // Apply the Repair (the diff's title bar) edits the open source, unsaved; Undo takes it back.
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.applyRepair, tab.input.modified), true);
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === sourceUri.toString());
    assert.ok(document);
    assert.equal(document.getText(), fixed);
    assert.equal(document.isDirty, true);
    assert.equal(readFileSync(source, 'utf8'), planted, 'the file on disk is not written');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), sourceUri.toString());
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), planted);
    // Applied again once undone; the second time the lines are no longer the mistake's.
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.applyRepair), true);
    assert.equal(document.getText(), fixed);
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.applyRepair), false);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), planted);
  });
});
