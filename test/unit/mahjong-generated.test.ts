import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MERGE_MODULE, mergeModuleSource } from '../../scripts/generate-merge';

// Compiled to out/test/unit/: the repository root is three levels up.
const root = join(__dirname, '..', '..', '..');

const generated: [string, string, () => string][] = [
  ['merge of group tables', MERGE_MODULE, mergeModuleSource],
];

for (const [what, file, source] of generated) {
  test(`${file} (${what}) is what its generator writes now (npm run generate)`, () => {
    assert.equal(readFileSync(join(root, file), 'utf8'), source());
  });
}
