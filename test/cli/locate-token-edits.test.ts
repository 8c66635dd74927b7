/**
 * The one-token changes `locate --repair` tries: which of the mutator's mutants change one token
 * is a property the mutator gives (the token's span), not a pattern of the changed text, so a
 * removed `!` before a parenthesised condition is one token too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { tokenEdits } from '../../server/src/cli/locate/tokenEdits';
import { applyEdit } from '../../server/src/cli/locate/mutantTrials';
import { applyMutant, listMutants } from '../../server/src/cli/mutation/mutator';
import { sharedDir, sharedSkip } from '../helpers';

const edits = async (source: string, language: 'cpp' | 'python') =>
  (await tokenEdits(source, language)).map((edit) => [edit.line, edit.original, edit.replacement]);

describe('locate: one-token changes', () => {
  test('C++: operators and constants replaced, a `!` removed before a name or a parenthesised condition', async () => {
    const source = 'int f(bool a, bool b, int x) {\n  if (!(a && b)) return x + 1;\n  return ! a;\n}\n';
    assert.deepEqual(await edits(source, 'cpp'), [
      [2, '!', ''], [2, '&&', '||'], [2, '+', '-'], [2, '+', '*'], [2, '+', '/'], [2, '+', '%'], [2, '1', '2'],
      [2, '1', '0'], [3, '! ', ''],
    ]);
    const [notRemoved] = await tokenEdits(source, 'cpp');
    assert.equal(applyEdit(source, notRemoved), source.replace('!(a && b)', '(a && b)'));
  });

  test('Python: `not` removed with its space, `and` ↔ `or`, arithmetic and constants', async () => {
    const source = 'def f(a, b, x):\n    if not (a and b):\n        return x - 1\n    return not a\n';
    assert.deepEqual(await edits(source, 'python'), [
      [2, 'not ', ''], [2, 'and', 'or'], [3, '-', '+'], [3, '-', '*'], [3, '-', '/'], [3, '-', '//'], [3, '-', '%'],
      [3, '1', '2'], [3, '1', '0'], [4, 'not ', ''],
    ]);
  });

  test('conditions forced or negated and statements deleted are not one token', async () => {
    const source = 'int g(int x) {\n  while (x) x--;\n  return x;\n}\n';
    const operators = (await listMutants(source, 'cpp')).filter((mutant) => mutant.token === undefined)
      .map((mutant) => mutant.operator);
    assert.deepEqual([...new Set(operators)].sort(), ['cond-false', 'cond-negate', 'cond-true', 'stmt-delete']);
    assert.deepEqual(await edits(source, 'cpp'), []);
  });

  test('the public references: each one-token change makes the text its mutant makes; every `!` removal is one',
    { skip: sharedSkip }, async () => {
      for (const file of ['cirno_ref.cpp', 'mahjong_std.cpp']) {
        const source = readFileSync(join(sharedDir, 'references', file), 'utf8');
        const mutants = await listMutants(source, 'cpp');
        const oneToken = mutants.filter((mutant) => mutant.token !== undefined);
        const found = await tokenEdits(source, 'cpp');
        assert.equal(found.length, oneToken.length);
        found.forEach((edit, i) => assert.equal(applyEdit(source, edit), applyMutant(source, oneToken[i]), file));
        const notRemovals = mutants.filter((mutant) => mutant.operator === 'not-remove');
        assert.ok(notRemovals.length > 0, `${file} has a \`!\``);
        assert.ok(notRemovals.every((mutant) => mutant.token !== undefined), file);
        const family = (operator: string) => (operator.startsWith('const') ? 'const' : operator.split('=')[0]);
        const byOperator = new Set(oneToken.map((mutant) => family(mutant.operator)));
        assert.deepEqual([...byOperator].sort(), ['aor', 'const', 'lor', 'not-remove', 'ror'].filter((op) =>
          mutants.some((mutant) => mutant.operator.startsWith(op))), file);
      }
    });
});
