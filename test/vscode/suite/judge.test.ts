import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { JudgeState } from '../../../client/src/judge/testController';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { api, closeEditorsDiscarding, eventually, fixture } from './vscodeHelpers';

function judgeState(): Thenable<JudgeState> {
  return vscode.commands.executeCommand<JudgeState>(TEST_COMMANDS.judgeState);
}

/** Runs `body` with the fixture solution that gets line 3 wrong as the user's solution command. */
async function withWrongSolution(body: () => Promise<void>): Promise<void> {
  const settings = vscode.workspace.getConfiguration('deckSim');
  const solution = fixture('solutions/wrong-line-3.js').fsPath;
  await settings.update('solution.command', `"${process.execPath}" "${solution}"`, vscode.ConfigurationTarget.Global);
  try {
    await body();
  } finally {
    await settings.update('solution.command', undefined, vscode.ConfigurationTarget.Global);
  }
}

describe('the Testing view', () => {
  before(async () => {
    await api();
  });

  it('lists every deck of the workspace as a test', async () => {
    assert.deepEqual((await judgeState()).items, ['broken.mjdeck', 'sample.cirnodeck', 'sample.mjdeck']);
  });

  it('runs a wrong solution: a diff of the first differing line, at the deck line of its tile', () => withWrongSolution(
    async () => {
      await judgeState();
      await vscode.commands.executeCommand('testing.runAll');
      const results = await eventually('the run of every deck', async () => {
        const now = (await judgeState()).results;
        return Object.keys(now).length === 3 ? now : undefined;
      });
      assert.deepEqual(results['broken.mjdeck'], {
        errored: 'The deck has errors (see the Problems panel): the solution was not run.',
      });
      const result = results['sample.mjdeck'];
      assert.ok(typeof result === 'object' && 'passed' in result && !result.passed, JSON.stringify(result));
      assert.deepEqual(result.diff, { expected: 'C IN E', actual: 'C IN 1M' });
      assert.match(result.message, /^Line 3: expected C IN E, got C IN 1M \(wrong answer\)\./);
      assert.equal(result.deckLine, 2, 'the deck line of tile 3');
      const cirno = results['sample.cirnodeck'];
      assert.ok(typeof cirno === 'object' && 'diff' in cirno, JSON.stringify(cirno));
      assert.equal(cirno.diff?.actual, 'A IN 8M', 'a Mahjong transcript differs from a ⑨ one at its first line');
    },
  ));

  it('Stress Test Solution opens the counterexample of a wrong solution as an untitled deck', function () {
    this.timeout(120_000); // the stress test shrinks the failing deck, running the solution many times
    return withWrongSolution(async () => {
      const deck = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(
        COMMANDS.stressTest, 'mahjong', 1,
      );
      assert.ok(deck, 'a counterexample was opened');
      assert.equal(deck.languageId, 'mjdeck');
      assert.equal(deck.isUntitled, true);
      assert.match(deck.lineAt(0).text, /^#/, 'a comment header says where it fails');
      await closeEditorsDiscarding();
    });
  });

  it('Stress Test Solution writes in a private folder: a name taken in /tmp is no obstacle', function () {
    this.timeout(120_000);
    // The name an earlier version wrote to, taken first (another user could): it must not matter.
    const taken = join(tmpdir(), `deck-sim-counterexample-${process.pid}-2.mjdeck`);
    mkdirSync(taken, { recursive: true });
    return withWrongSolution(async () => {
      try {
        const deck = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(
          COMMANDS.stressTest, 'mahjong', 2,
        );
        assert.ok(deck, 'a counterexample was opened');
        assert.equal(deck.languageId, 'mjdeck');
        assert.match(deck.lineAt(0).text, /^#/, 'a comment header says where it fails');
        await closeEditorsDiscarding();
      } finally {
        rmSync(taken, { recursive: true, force: true });
      }
    });
  });
});
