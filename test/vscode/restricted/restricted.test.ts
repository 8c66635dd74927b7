/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { JudgeState } from '../../../client/src/judge/testController';
import type { AuditedSet } from '../../../client/src/testSets/auditTests';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { api, diagnosticLines, eventually, fixture, hoversAt, hoverText } from '../suite/vscodeHelpers';

describe('Restricted Mode', () => {
  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'this suite runs in an untrusted workspace');
    await api();
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('diagnostics and hovers work', async () => {
    const broken = fixture('broken.mjdeck');
    await vscode.window.showTextDocument(broken);
    const lines = await eventually('diagnostics', () => {
      const found = diagnosticLines(broken);
      return found.length > 0 ? found : undefined;
    });
    assert.match(lines[0], /^\d+:\d+-\d+:\d+ Error /);
    const sample = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(sample);
    const hover = hoverText(await hoversAt(sample, new vscode.Position(53, 0)));
    assert.equal(hover.split('\n')[0], '**Z** — Red Dragon · tile 54 of 148');
  });

  // (VS Code itself asks for trust before any test run: `testing.runAll` would open that dialog.)
  it('decks are listed as tests, and Stress Test Solution runs nothing, even with a user setting', async () => {
    const settings = vscode.workspace.getConfiguration('deckSim');
    await settings.update('solution.command', `"${process.execPath}" -e ""`, vscode.ConfigurationTarget.Global);
    try {
      const state = await vscode.commands.executeCommand<JudgeState>(TEST_COMMANDS.judgeState);
      assert.deepEqual(state, { items: ['broken.mjdeck', 'sample.cirnodeck', 'sample.mjdeck'], results: {} });
      assert.equal(await vscode.commands.executeCommand(COMMANDS.stressTest, 'mahjong', 1), undefined);
    } finally {
      await settings.update('solution.command', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("Audit Test Set audits the decks but runs no reference's mutants, even with a user setting", async function () {
    this.timeout(120_000);
    const settings = vscode.workspace.getConfiguration('deckSim');
    const dir = mkdtempSync(join(tmpdir(), 'deck-sim-restricted-'));
    copyFileSync(fixture('sample.cirnodeck').fsPath, join(dir, 'sample.cirnodeck'));
    await settings.update('audit.reference', fixture('reference/cirno.py').fsPath, vscode.ConfigurationTarget.Global);
    try {
      const audited = await vscode.commands.executeCommand<AuditedSet | undefined>(
        COMMANDS.auditTestSet, vscode.Uri.file(dir),
      );
      assert.ok(audited, 'the catalogue audit ran');
      assert.match(audited.result.summary, /^rules \d+\/\d+ exercised · mistakes \d+\/\d+ caught$/);
      assert.equal(audited.reference, undefined);
      assert.equal(audited.referenceError, undefined);
    } finally {
      await settings.update('audit.reference', undefined, vscode.ConfigurationTarget.Global);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
