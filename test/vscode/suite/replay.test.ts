/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ReplayState } from '../../../client/src/replay/replayPanel';
import { api, eventually, fixture, fixtureText } from './vscodeHelpers';

/** The open replay panel's state (the hidden command `deckSim.replayState`). */
function replayState(): Thenable<ReplayState | undefined> {
  return vscode.commands.executeCommand<ReplayState | undefined>('deckSim.replayState');
}

/** Polls the panel's state until `ready` accepts it. */
async function stateWhere(what: string, ready: (state: ReplayState) => boolean, ms = 20_000): Promise<ReplayState> {
  const deadline = Date.now() + ms;
  let last: ReplayState | undefined;
  for (;;) {
    last = await replayState();
    if (last && ready(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last state ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function replayTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('deckSim.replay'));
}

function describeTabs(): string {
  return JSON.stringify(vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => ({
    label: tab.label,
    column: group.viewColumn,
    input: (tab.input as { viewType?: string } | undefined)?.viewType ?? typeof tab.input,
  }))));
}

/** The 0-based line of the deck's tile `index` (0-based), skipping blank and comment lines. */
function tileLine(document: vscode.TextDocument, index: number): number {
  let seen = -1;
  for (let line = 0; line < document.lineCount; line++) {
    const text = document.lineAt(line).text.replace(/#.*/, '').trim();
    if (text !== '' && ++seen === index) return line;
  }
  throw new Error(`the deck has no tile ${index + 1}`);
}

function moveCursor(editor: vscode.TextEditor, line: number, character = 0): void {
  editor.selection = new vscode.Selection(line, character, line, character);
}

/**
 * Puts the cursor on the empty last line, which leads the replay nowhere: a selection event that
 * VS Code delivers late then cannot move the replay away from the steps a test picks.
 */
function parkCursor(editor: vscode.TextEditor): void {
  const last = editor.document.lineCount - 1;
  assert.equal(editor.document.lineAt(last).text, '', 'the fixture ends with a line end');
  moveCursor(editor, last);
}

describe('the replay view', () => {
  before(async () => {
    await api();
  });

  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('Open Replay shows a Mahjong deck beside the editor, drawn by the webview', async () => {
    const editor = await vscode.window.showTextDocument(fixture('sample.mjdeck'));
    moveCursor(editor, tileLine(editor.document, 0));
    const transcript = (await fixtureText('sample.transcript')).trimEnd().split('\n');
    const state = await vscode.commands.executeCommand<ReplayState>('deckSim.openReplay');
    assert.equal(state.kind, 'mahjong');
    assert.equal(state.uri, editor.document.uri.toString());
    assert.equal(state.stepCount, transcript.length);
    assert.equal(state.step, 0);
    assert.equal(state.caption, 'A IN 8M');
    assert.equal(state.stale, false);

    // The tab model follows the workbench asynchronously, the panel's title after the panel.
    const named = () => replayTabs().filter((tab) => tab.label === 'Replay: sample.mjdeck');
    const tabs = await eventually('the replay tab', () => (named().length > 0 ? replayTabs() : undefined))
      .catch(() => assert.fail(`no replay tab named after the deck: ${describeTabs()}`));
    assert.equal(tabs.length, 1, describeTabs());
    assert.notEqual(tabs[0].group.viewColumn, vscode.ViewColumn.One, 'beside the editor');
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the editor keeps the focus');
    // The webview's script ran under the Content-Security-Policy and drew the step.
    await stateWhere('the webview to draw step 0', (s) => s.rendered === 0);

    // Opening it again reuses the panel.
    await vscode.commands.executeCommand('deckSim.openReplay');
    assert.equal(replayTabs().length, 1);
  });

  it('follows the cursor to the event that deals or draws the tile', async () => {
    const editor = await vscode.window.showTextDocument(fixture('sample.mjdeck'));
    moveCursor(editor, tileLine(editor.document, 0));
    await vscode.commands.executeCommand('deckSim.openReplay');
    // Tile 54 (line 54 of the fixture) is Z, drawn by C on turn 2: transcript line 55.
    moveCursor(editor, tileLine(editor.document, 53));
    let state = await stateWhere('step 54', (s) => s.step === 54);
    assert.equal(state.caption, 'C IN Z');
    assert.equal(state.focus, 53);
    await stateWhere('the webview to draw step 54', (s) => s.rendered === 54);
    // Tile 3: E, dealt to C.
    moveCursor(editor, tileLine(editor.document, 2));
    state = await stateWhere('step 2', (s) => s.step === 2);
    assert.equal(state.caption, 'C IN E');
    // A tile never drawn keeps the step and says why.
    moveCursor(editor, tileLine(editor.document, 99));
    state = await stateWhere('the note for tile 100', (s) => s.note !== undefined);
    assert.equal(state.step, 2);
    assert.match(state.note!, /^Tile 100 \(\w+\) is never drawn: the game ends first\.$/);
  });

  it('keeps the last valid replay while the text has errors, and follows the text again', async () => {
    const editor = await vscode.window.showTextDocument(fixture('sample.mjdeck'));
    moveCursor(editor, tileLine(editor.document, 53));
    const opened = await vscode.commands.executeCommand<ReplayState>('deckSim.openReplay');
    assert.equal(opened.step, 54);
    const line = tileLine(editor.document, 2);
    await editor.edit((e) => e.replace(new vscode.Range(line, 0, line, 1), '5Q'));
    let state = await stateWhere('the stale note', (s) => s.stale);
    const note = `^The deck has errors now \\(2 errors, the first at line ${line + 1}: Unknown tile '5Q'`;
    assert.match(state.note!, new RegExp(note));
    assert.equal(state.step, 54);
    assert.equal(state.caption, 'C IN Z');
    await editor.edit((e) => e.replace(new vscode.Range(line, 0, line, 2), 'E'));
    state = await stateWhere('a valid replay again', (s) => !s.stale && s.version === editor.document.version);
    assert.equal(state.step, 54);
    assert.equal(state.note, undefined);
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('explains the current step in its Why section: C OUT Z in official case 01', async () => {
    // sample.mjdeck is official case 01 (/work/shared/conformance/mahjong/official-01.in).
    const editor = await vscode.window.showTextDocument(fixture('sample.mjdeck'));
    parkCursor(editor);
    await vscode.commands.executeCommand<ReplayState>('deckSim.openReplay');
    // Transcript line 58, step 57: C holds 5P, 6P, 6S, E, N and Z, which all leave distance 4.
    const state = await vscode.commands.executeCommand<ReplayState>('deckSim.replayState', 57);
    assert.equal(state.step, 57);
    assert.equal(state.caption, 'C OUT Z');
    assert.equal(state.why, 'Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
      + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).');
    await stateWhere('the webview to draw step 57', (s) => s.rendered === 57);
    // Line 57, C IN N (the extra draw of C's DOUBLE), is no decision: no Why section.
    const draw = await vscode.commands.executeCommand<ReplayState>('deckSim.replayState', 56);
    assert.deepEqual([draw.caption, draw.why], ['C IN N', undefined]);
    // Line 55, C IN Z: B's turn was skipped on the way, which prints nothing.
    const skipped = await vscode.commands.executeCommand<ReplayState>('deckSim.replayState', 54);
    assert.deepEqual([skipped.caption, skipped.why], ['C IN Z', "B's turn is skipped: A discarded PASS."]);
  });

  it('explains a ⑨ play in its Why section, and not a draw', async () => {
    parkCursor(await vscode.window.showTextDocument(fixture('sample.cirnodeck')));
    await vscode.commands.executeCommand<ReplayState>('deckSim.openReplay');
    const steps: ReplayState[] = [];
    for (let step = 0; step < 6; step++) {
      steps.push(await vscode.commands.executeCommand<ReplayState>('deckSim.replayState', step));
    }
    // Cirno holds A9, A19 and B1 at p = 0: the rule takes the largest p that does not lose, A19
    // (the caption names the card, the Why section's table marks it).
    const play = steps.find((s) => s.caption === 'Cirno used A19,now p=19.') ?? assert.fail(JSON.stringify(steps));
    assert.equal(play.why,
      'Played by Cirno at p = 0: the card giving the largest p that does not lose (ties: C, A, B, D, E).');
    assert.equal(steps[0].caption, 'Round 1:');
    const draw = steps.find((s) => /draws/.test(s.caption)) ?? assert.fail(JSON.stringify(steps));
    assert.equal(draw.why, undefined, draw.caption);
  });

  it('replays a ⑨ deck and follows the cursor to a pile card\'s draw', async () => {
    const editor = await vscode.window.showTextDocument(fixture('sample.cirnodeck'));
    moveCursor(editor, 0);
    const state = await vscode.commands.executeCommand<ReplayState>('deckSim.openReplay');
    assert.equal(state.kind, 'cirno');
    assert.equal(state.caption, 'Round 1:');
    // The second pile card (B9, line 5) is drawn at some step: the caption says which.
    moveCursor(editor, 4, 4);
    const drawn = await stateWhere('the draw of pile card 2', (s) => /draws B9 \(pile card 2 of 25\)/.test(s.caption));
    assert.ok(drawn.step > 0);
    assert.equal(replayTabs()[0].label, 'Replay: sample.cirnodeck');
  });
});
