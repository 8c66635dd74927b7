/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JudgeState } from '../../../client/src/judge/testController';
import { TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { api, eventually, fixture } from './vscodeHelpers';

function judgeState(): Thenable<JudgeState> {
  return vscode.commands.executeCommand<JudgeState>(TEST_COMMANDS.judgeState);
}

describe('the Testing view', () => {
  before(async () => {
    await api();
  });

  it('lists every deck of the workspace as a test', async () => {
    assert.deepEqual((await judgeState()).items, ['broken.mjdeck', 'sample.cirnodeck', 'sample.mjdeck']);
  });

  it('runs a wrong solution: a diff of the first differing line, at the deck line of its tile', async () => {
    const settings = vscode.workspace.getConfiguration('deckSim');
    const solution = fixture('solutions/wrong-line-3.js').fsPath;
    await settings.update('solution.command', `"${process.execPath}" "${solution}"`, vscode.ConfigurationTarget.Global);
    try {
      await judgeState();
      await vscode.commands.executeCommand('testing.runAll');
      const result = await eventually('the run of sample.mjdeck', async () => {
        return (await judgeState()).results['sample.mjdeck'];
      });
      assert.ok(typeof result === 'object' && 'passed' in result && !result.passed, JSON.stringify(result));
      assert.deepEqual(result.diff, { expected: 'C IN E', actual: 'C IN 1M' });
      assert.match(result.message, /^Wrong answer at output line 3: expected "C IN E", got "C IN 1M"\./);
      assert.equal(result.deckLine, 2, 'the deck line of tile 3');
    } finally {
      await settings.update('solution.command', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
