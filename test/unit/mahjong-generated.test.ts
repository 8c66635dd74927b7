import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MERGE_MODULE, mergeModuleSource } from '../../scripts/generate-merge';
import { TABLES_MODULE, tablesModuleSource } from '../../scripts/generate-tables';
import { repoRoot } from '../helpers';

const generated: [string, string, () => string][] = [
  ['merge of group tables', MERGE_MODULE, mergeModuleSource],
  ['table of every group content', TABLES_MODULE, tablesModuleSource],
];

for (const [what, file, source] of generated) {
  test(`${file} (${what}) is what its generator writes now (npm run generate)`, () => {
    assert.equal(readFileSync(join(repoRoot, file), 'utf8'), source());
  });
}
