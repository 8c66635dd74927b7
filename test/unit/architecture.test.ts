/** ARCHITECTURE.md cannot silently miss a folder or name a file that is gone. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../helpers';

const text = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');
const codeMap = text.slice(text.indexOf('## Code map'), text.indexOf('## Change recipes'));

/** The code map's sections by heading: `server/src/core/` → its text. */
const sections = new Map(codeMap.split(/^### /m).slice(1).map((section) => {
  const heading = section.slice(0, section.indexOf('\n'));
  return [heading, section] as const;
}));

const folders = (dir: string) => readdirSync(join(repoRoot, dir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' });
}

describe('ARCHITECTURE.md', () => {
  test('the code map has a section for every folder of server/src', () => {
    for (const folder of folders('server/src')) {
      assert.ok(sections.has(`\`server/src/${folder}/\``), `no section for server/src/${folder}/`);
    }
  });

  test('the client section names every folder of client/src', () => {
    const client = sections.get('`client/src/`');
    assert.ok(client, 'no section for client/src/');
    for (const folder of folders('client/src')) assert.ok(client.includes(`\`${folder}/\``), `client/src/${folder}/`);
  });

  test('each file a code map section names is in its folder', () => {
    for (const [heading, section] of sections) {
      const roots = [...heading.matchAll(/`([^`]+)\/`/g)].map((m) => m[1]);
      const files = roots.flatMap((root) => filesUnder(root).map((file) => `${root}/${file}`));
      for (const [, name] of section.matchAll(/`([\w./-]+\.(?:ts|mjs|json))`/g)) {
        const found = existsSync(join(repoRoot, name))
          || files.some((file) => file === name || file.endsWith(`/${name}`));
        assert.ok(found, `${heading} names ${name}, which is not there`);
      }
    }
  });

  test('every path the document names exists (placeholders in <angle brackets> aside)', () => {
    const paths = [...text.matchAll(/`((?:server|client|test|scripts)\/[^`<>*\s]+)`/g)].map((m) => m[1]);
    assert.ok(paths.length > 30);
    for (const path of paths) assert.ok(existsSync(join(repoRoot, path)), `${path} does not exist`);
  });
});
