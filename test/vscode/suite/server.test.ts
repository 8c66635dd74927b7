/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../server/src/protocol/commands';
import { api, eventually, fixture, hoverText } from './vscodeHelpers';

/** The first hover line on the sample's tile 54: proof that the server answers. */
async function hoverLine(): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider', fixture('sample.mjdeck'), new vscode.Position(53, 0),
  );
  return hoverText(hovers).split('\n')[0];
}

const HOVER = '**Z** — Red Dragon · tile 54 of 148';

/**
 * Kills the server process while VS Code is asking it things, as a crash mid-work happens, and
 * waits until the client has a running server again, or gave up.
 */
async function killServer(): Promise<void> {
  const deckApi = await api();
  const pid = deckApi.serverPid()!;
  process.kill(pid, 'SIGKILL');
  // Requests the dead server cannot read: their writes fail before the client sees the close.
  for (let request = 0; request < 8; request++) void hoverLine().then(undefined, () => undefined);
  await eventually('the client to see the crash', () => {
    const { state } = deckApi.server();
    const next = deckApi.serverPid();
    return (state === 'running' && next !== undefined && next !== pid) || state === 'stopped' ? true : undefined;
  });
}

describe('the language server stopping', () => {
  before(async () => {
    await vscode.window.showTextDocument(fixture('sample.mjdeck'));
  });

  after(async () => {
    if ((await api()).server().state !== 'running') await vscode.commands.executeCommand(COMMANDS.restartServer);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Restart Server restarts a running server, which answers again', async () => {
    const deckApi = await api();
    const before = deckApi.serverPid();
    await vscode.commands.executeCommand(COMMANDS.restartServer);
    assert.equal(deckApi.server().state, 'running');
    assert.notEqual(deckApi.serverPid(), before);
    assert.equal(await hoverLine(), HOVER);
  });

  it('after a fifth crash in 3 minutes the user is told, the status bar says so, Restart Server helps', async () => {
    const deckApi = await api();
    for (let crash = 1; crash <= 4; crash++) {
      await killServer();
      assert.equal(deckApi.server().state, 'running', `restarted after crash ${crash}`);
    }
    await killServer();
    assert.deepEqual(deckApi.server(), {
      state: 'stopped',
      statusBar: '$(error) Deck Simulator: stopped',
      notice: 'The Deck Simulator language server crashed 5 times in the last 3 minutes and was not restarted:'
        + ' diagnostics, hovers and simulations are off until it runs again.',
    });
    await vscode.commands.executeCommand(COMMANDS.restartServer);
    assert.deepEqual(deckApi.server(), { state: 'running', statusBar: '', notice: undefined });
    assert.equal(await hoverLine(), HOVER);
  });
});
