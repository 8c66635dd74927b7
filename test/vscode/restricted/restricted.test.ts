/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JudgeState } from '../../../client/src/judge/testController';
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
});
