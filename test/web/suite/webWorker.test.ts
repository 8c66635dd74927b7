/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { EXTENSION_ID, api, fixture, hoverText, hoversAt } from '../../vscode/suite/vscodeHelpers';

/** What this global scope is: the web worker extension host has no `process` and is a worker. */
function scope(): { process: string; worker: boolean } {
  const g = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
  const worker = typeof g.WorkerGlobalScope === 'function' && globalThis instanceof g.WorkerGlobalScope;
  return { process: typeof process, worker };
}

describe('the browser build', () => {
  it('runs in a web worker extension host, without Node', async () => {
    await api();
    assert.deepEqual(scope(), { process: 'undefined', worker: true });
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
  });

  it('its language server, in a worker of its own, answers', async () => {
    const hovers = await hoversAt(fixture('sample.mjdeck'), new vscode.Position(53, 0));
    assert.equal(hoverText(hovers).split('\n')[0], '**Z** — Red Dragon · tile 54 of 148');
    assert.deepEqual((await api()).server(), { state: 'running', statusBar: '', notice: undefined });
  });

  it('registers no desktop-only command: running a solution needs Node', async () => {
    const ours = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('deckSim.'));
    for (const id of [COMMANDS.simulate, COMMANDS.showOutput, COMMANDS.openReplay]) assert.ok(ours.includes(id), id);
    for (const id of [COMMANDS.stressTest, TEST_COMMANDS.judgeState]) {
      assert.ok(!ours.includes(id), `${id} is registered`);
    }
  });
});
