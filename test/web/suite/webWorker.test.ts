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

/** The first hover line on the sample's tile 54: proof that the server answers. */
async function hoverLine(): Promise<string> {
  return hoverText(await hoversAt(fixture('sample.mjdeck'), new vscode.Position(53, 0))).split('\n')[0];
}

const HOVER = '**Z** — Red Dragon · tile 54 of 148';

describe('the browser build', () => {
  it('runs in a web worker extension host, without Node', async () => {
    await api();
    assert.deepEqual(scope(), { process: 'undefined', worker: true });
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
  });

  it('its language server, in a worker of its own, answers', async () => {
    assert.equal(await hoverLine(), HOVER);
    assert.deepEqual((await api()).server(), { state: 'running', statusBar: '', notice: undefined });
  });

  it('Restart Server restarts the server in a new worker, which answers again', async () => {
    await vscode.commands.executeCommand(COMMANDS.restartServer);
    assert.deepEqual((await api()).server(), { state: 'running', statusBar: '', notice: undefined });
    assert.equal(await hoverLine(), HOVER);
  });

  it('registers no desktop-only command: running a solution needs Node', async () => {
    const ours = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('deckSim.'));
    for (const id of [COMMANDS.simulate, COMMANDS.showOutput, COMMANDS.openReplay]) assert.ok(ours.includes(id), id);
    for (const id of [COMMANDS.stressTest, TEST_COMMANDS.judgeState]) {
      assert.ok(!ours.includes(id), `${id} is registered`);
    }
  });
});
