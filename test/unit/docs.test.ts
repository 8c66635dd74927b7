/**
 * The documents cannot drift: docs/vscode.md's tables are what `npm run generate` writes from the
 * protocol tables, every relative link resolves, and CHANGELOG.md's newest version is the
 * package's.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { VSCODE_DOC, commandsTable, generatedVscodeDoc, settingsTable } from '../../scripts/generate-vscode-tables';
import { repoRoot } from '../helpers';

const read = (file: string): string => readFileSync(join(repoRoot, file), 'utf8');
const manifestText = read('package.json');

/** The Markdown documents whose links are checked, from the repository root. */
const DOCUMENTS = [
  'README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md',
  ...readdirSync(join(repoRoot, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (a repeated one gets -1, -2, … as on GitHub). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of withoutCode(text).split('\n')) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The text with fenced blocks emptied and inline code spans blanked (links there are examples). */
function withoutCode(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (span) => span.replace(/[[\]()]/g, ' '));
}

/** Each relative link of a document that leads nowhere: `target: why`. */
function brokenLinks(file: string, text: string, exists: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  for (const [, target] of withoutCode(text).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = path === '' ? file : join(dirname(file), path);
    const content = exists(resolved);
    if (content === undefined) {
      broken.push(`${target}: no file ${resolved}`);
    } else if (anchor !== undefined && resolved.endsWith('.md') && !anchors(content).has(anchor)) {
      broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
  }
  return broken;
}

const onDisk = (path: string): string | undefined => {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return undefined;
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
};

describe('docs/vscode.md: the tables of commands and settings', () => {
  test('are what `npm run generate` writes now', () => {
    const text = read(VSCODE_DOC);
    assert.equal(generatedVscodeDoc(text, manifestText), text, `${VSCODE_DOC} is stale: run \`npm run generate\``);
  });

  test('a setting or command changed in its table makes the document stale', () => {
    const text = read(VSCODE_DOC);
    const row = '| `deckSim.solution.timeLimitMs` | `1000` |';
    const edited = text.replace(row, row.replace('1000', '2000'));
    assert.notEqual(edited, text, 'the settings table has no row for deckSim.solution.timeLimitMs');
    assert.equal(generatedVscodeDoc(edited, manifestText), text);
    const manifest = JSON.parse(manifestText);
    manifest.contributes.commands[0].title = 'Simulate This Deck';
    const table = commandsTable(manifest.contributes.commands);
    assert.match(table, /^\| Deck Simulator: Simulate This Deck \| `deckSim.simulate` \|/m);
    assert.notEqual(generatedVscodeDoc(text, JSON.stringify(manifest)), text);
  });

  test('a row says a setting\'s default, owner, meaning and bounds', () => {
    const rows = settingsTable().split('\n');
    assert.deepEqual(rows.slice(0, 2), ['| Setting | Default | Read by | Meaning |', '| --- | --- | --- | --- |']);
    assert.ok(rows.includes('| `deckSim.format.pileCardsPerLine` | `20` | server | '
      + 'Cards per line of a ⑨ deck\'s draw pile after Format Document. From 1 to 1000. |'));
    assert.ok(rows.includes('| `deckSim.trace.server` | `"off"` | client | '
      + 'Traces the communication between VS Code and the Deck Simulator language server. '
      + 'One of `off`, `messages`, `verbose`. |'));
  });
});

describe('relative links in the documents', () => {
  for (const file of DOCUMENTS) {
    test(`${file}: every relative link points to an existing file and heading`, () => {
      assert.deepEqual(brokenLinks(file, read(file), onDisk), []);
    });
  }

  test('a link to a missing file or heading is found', () => {
    const files: Record<string, string> = { 'docs/a.md': '# A\n\n## The `lsp` command\n', 'README.md': '# R\n' };
    const text = '[ok](a.md#the-lsp-command) [up](../README.md) [gone](b.md) [bad](a.md#nope) '
      + '[web](https://example.com) `[code](c.md)`\n```\n[fenced](d.md)\n```\n[self](#a)';
    assert.deepEqual(brokenLinks('docs/a.md', text, (path) => files[relative('.', path)]), [
      'b.md: no file docs/b.md',
      'a.md#nope: no heading #nope in docs/a.md',
    ]);
  });
});

describe('CHANGELOG.md', () => {
  test('its newest version is package.json\'s', () => {
    const newest = /^## (\d+\.\d+\.\d+)/m.exec(read('CHANGELOG.md'));
    assert.ok(newest, 'CHANGELOG.md has no "## X.Y.Z" heading');
    assert.equal(newest[1], (JSON.parse(manifestText) as { version: string }).version);
  });
});
