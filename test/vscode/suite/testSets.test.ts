/// <reference types="mocha" />
import assert from 'node:assert/strict';
// mkfifo: Node has no call that makes a FIFO.
import { execFileSync } from 'node:child_process';
import {
  cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../server/src/protocol/commands';
import type { AuditedSet } from '../../../client/src/testSets/auditTests';
import { api, fixture } from './vscodeHelpers';

/** A folder of the test's own, outside the workspace (the Testing view lists the workspace's decks). */
let root = '';

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

/** A suite's hooks: the extension started, then per test a fresh `root` holding `decks/NAME`, a fixture's copy. */
function freshDeckFolder(fixtureName: string, name: string): void {
  before(async () => {
    await api();
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'deck-sim-suite-'));
    mkdirSync(join(root, 'decks'));
    cpSync(fixture(fixtureName).fsPath, join(root, 'decks', name));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));
}

function exportPackage(decks: string, out: string): Thenable<string[] | undefined> {
  return vscode.commands.executeCommand<string[] | undefined>(
    COMMANDS.exportProblemPackage, vscode.Uri.file(decks), { out: vscode.Uri.file(out), samples: [] },
  );
}

describe('Export Problem Package', () => {
  freshDeckFolder('sample.mjdeck', 'sample.mjdeck');

  it("keeps the user's files, replaces links without writing through them, and leaves nothing beside", async () => {
    const out = join(root, 'package');
    write(join(out, 'problem.yaml'), 'name: old\n');
    write(join(out, 'data/secret/handmade.in'), 'hand made\n');
    write(join(out, 'input_validators/deck/extra.py'), 'print(1)\n');
    write(join(root, 'victim.txt'), 'not yours\n');
    // The package writes data/secret/sample.in: a link there is replaced, its target untouched.
    symlinkSync(join(root, 'victim.txt'), join(out, 'data/secret/sample.in'));
    symlinkSync(join(root, 'victim.txt'), join(out, 'notes.txt'));

    const files = await exportPackage(join(root, 'decks'), out);
    assert.deepEqual(files?.sort(), [
      'data/secret/sample.ans', 'data/secret/sample.in', 'input_validators/deck/validate.js', 'problem.yaml',
    ]);
    assert.equal(readFileSync(join(root, 'victim.txt'), 'utf8'), 'not yours\n');
    assert.equal(readFileSync(join(out, 'data/secret/handmade.in'), 'utf8'), 'hand made\n');
    assert.equal(readFileSync(join(out, 'input_validators/deck/extra.py'), 'utf8'), 'print(1)\n');
    assert.ok(lstatSync(join(out, 'data/secret/sample.in')).isFile(), 'the link was replaced by a file');
    assert.match(readFileSync(join(out, 'data/secret/sample.in'), 'utf8'), /^[1-9][MPS]|^[ESWNZFB]/);
    assert.ok(lstatSync(join(out, 'notes.txt')).isSymbolicLink(), 'a link the package does not write is kept');
    assert.match(readFileSync(join(out, 'problem.yaml'), 'utf8'), /^# Written by deck-sim /);
    assert.deepEqual(readdirSync(root).sort(), ['decks', 'package', 'victim.txt'], 'no staging or old folder left');
  });

  it('refuses a folder holding a FIFO, and writes nothing', async () => {
    const out = join(root, 'package');
    write(join(out, 'problem.yaml'), 'name: old\n');
    execFileSync('mkfifo', [join(out, 'pipe')]);
    assert.equal(await exportPackage(join(root, 'decks'), out), undefined);
    assert.equal(readFileSync(join(out, 'problem.yaml'), 'utf8'), 'name: old\n');
    assert.deepEqual(readdirSync(out).sort(), ['pipe', 'problem.yaml']);
    assert.deepEqual(readdirSync(root).sort(), ['decks', 'package']);
  });

  it('writes a new folder whole', async () => {
    const out = join(root, 'new-package');
    const files = await exportPackage(join(root, 'decks'), out);
    assert.equal(files?.length, 4);
    assert.deepEqual(readdirSync(out).sort(), ['data', 'input_validators', 'problem.yaml']);
    assert.deepEqual(readdirSync(root).sort(), ['decks', 'new-package']);
  });
});

describe('the folder commands read a judge input named .in by its first word', () => {
  // A ⑨ deck's text is its judge input (`n m k` first): named 1.in, as a judge's data names it.
  freshDeckFolder('sample.cirnodeck', '1.in');

  const audit = (folder: string) => vscode.commands.executeCommand<AuditedSet | undefined>(
    COMMANDS.auditTestSet, vscode.Uri.file(folder),
  );

  it('Audit Test Set audits a folder of ⑨ .in files as ⑨', async () => {
    const audited = await audit(join(root, 'decks'));
    assert.equal(audited?.result.game, 'cirno');
    assert.deepEqual(audited.result.invalid, []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Export Problem Package packages them as ⑨ (its validator checks ⑨ input)', async () => {
    const out = join(root, 'package');
    assert.deepEqual((await exportPackage(join(root, 'decks'), out))?.sort(), [
      'data/secret/1.ans', 'data/secret/1.in', 'input_validators/deck/validate.js', 'problem.yaml',
    ]);
    assert.match(readFileSync(join(out, 'input_validators/deck/validate.js'), 'utf8'), /runValidator\("cirno"\);\n$/);
  });

  it('a .in no game recognises stops the command: nothing audited', async () => {
    cpSync(fixture('sample.mjdeck').fsPath, join(root, 'decks', 'deck.mjdeck'));
    write(join(root, 'decks', 'notes.in'), 'hello\n');
    assert.equal(await audit(join(root, 'decks')), undefined);
  });
});
