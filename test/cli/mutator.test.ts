/**
 * The mutator: every operator on small C++ and Python sources, as exact lists of mutants (id,
 * original text, replacement); comments, strings, preprocessor lines and template arguments
 * untouched; ids stable; each mutant applied is one change.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { applyMutant, listMutants, MUTATION_OPERATORS } from '../../server/src/cli/mutation/mutator';
import { sharedDir, sharedSkip } from '../helpers';

const CPP = `#include <vector>
#define LIMIT 10 // a > b
using namespace std;
vector<vector<int>> g; // x < y
int f(int a, int b) {
  if (a < b && !a) return a >> 1;
  const char *s = "a + b < 3";
  while (a) { a -= 2; b++; g.clear(); break; }
  return a ? b * 3 : 'x';
}
`;

const PYTHON = `import sys  # x < 1
def f(a, b):
    s = "a + 1 < b"
    while a >= 1 or not b:
        a //= 2
        continue
    return s if a else f"{b + 1}"
`;

type Row = [id: string, original: string, replacement: string];
const rows = async (source: string, language: 'c' | 'cpp' | 'python'): Promise<Row[]> =>
  (await listMutants(source, language)).map((m) => [m.id, m.original, m.replacement]);

describe('mutator', () => {
  test('C++: each operator, and nothing in comments, strings, #include, #define, templates or >> shifts', async () => {
    assert.deepEqual(await rows(CPP, 'cpp'), [
    ['6:7:cond-negate', "a < b && !a", "!(a < b && !a)"],
    ['6:7:cond-true', "a < b && !a", "1"],
    ['6:7:cond-false', "a < b && !a", "0"],
    ['6:9:ror=<=', "<", "<="],
    ['6:9:ror=>', "<", ">"],
    ['6:9:ror=>=', "<", ">="],
    ['6:9:ror===', "<", "=="],
    ['6:9:ror=!=', "<", "!="],
    ['6:13:lor=||', "&&", "||"],
    ['6:16:not-remove', "!a", "a"],
    ['6:20:stmt-delete', "return a >> 1;", ";"],
    ['6:32:const+1', "1", "2"],
    ['6:32:const-1', "1", "0"],
    ['8:10:cond-negate', "a", "!(a)"],
    ['8:10:cond-true', "a", "1"],
    ['8:10:cond-false', "a", "0"],
    ['8:15:stmt-delete', "a -= 2;", ";"],
    ['8:17:aor=+=', "-=", "+="],
    ['8:17:aor=*=', "-=", "*="],
    ['8:17:aor=/=', "-=", "/="],
    ['8:17:aor=%=', "-=", "%="],
    ['8:20:const+1', "2", "3"],
    ['8:20:const-1', "2", "1"],
    ['8:20:const0', "2", "0"],
    ['8:23:stmt-delete', "b++;", ";"],
    ['8:28:stmt-delete', "g.clear();", ";"],
    ['8:39:stmt-delete', "break;", ";"],
    ['9:3:stmt-delete', "return a ? b * 3 : 'x';", ";"],
    ['9:10:cond-negate', "a", "!(a)"],
    ['9:10:cond-true', "a", "1"],
    ['9:10:cond-false', "a", "0"],
    ['9:16:aor=+', "*", "+"],
    ['9:16:aor=-', "*", "-"],
    ['9:16:aor=/', "*", "/"],
    ['9:16:aor=%', "*", "%"],
    ['9:18:const+1', "3", "4"],
    ['9:18:const-1', "3", "2"],
    ['9:18:const0', "3", "0"],
    ]);
  });

  test('Python: each operator, and nothing in comments, strings or f-strings', async () => {
    assert.deepEqual(await rows(PYTHON, 'python'), [
    ['3:5:stmt-delete', "s = \"a + 1 < b\"", "pass"],
    ['4:11:cond-negate', "a >= 1 or not b", "not (a >= 1 or not b)"],
    ['4:11:cond-true', "a >= 1 or not b", "True"],
    ['4:11:cond-false', "a >= 1 or not b", "False"],
    ['4:13:ror=<', ">=", "<"],
    ['4:13:ror=<=', ">=", "<="],
    ['4:13:ror=>', ">=", ">"],
    ['4:13:ror===', ">=", "=="],
    ['4:13:ror=!=', ">=", "!="],
    ['4:16:const+1', "1", "2"],
    ['4:16:const-1', "1", "0"],
    ['4:18:lor=and', "or", "and"],
    ['4:21:not-remove', "not b", "b"],
    ['5:9:stmt-delete', "a //= 2", "pass"],
    ['5:11:aor=+=', "//=", "+="],
    ['5:11:aor=-=', "//=", "-="],
    ['5:11:aor=*=', "//=", "*="],
    ['5:11:aor=/=', "//=", "/="],
    ['5:11:aor=%=', "//=", "%="],
    ['5:15:const+1', "2", "3"],
    ['5:15:const-1', "2", "1"],
    ['5:15:const0', "2", "0"],
    ['6:9:stmt-delete', "continue", "pass"],
    ['7:5:stmt-delete', "return s if a else f\"{b + 1}\"", "pass"],
    ['7:17:cond-negate', "a", "not (a)"],
    ['7:17:cond-true', "a", "True"],
    ['7:17:cond-false', "a", "False"],
    ]);
  });

  test('C is read with the C++ grammar', async () => {
    assert.deepEqual(await rows('int main(void) { int x = 0; return x < 1; }\n', 'c'), [
      ['1:26:const+1', '0', '1'], ['1:26:const-1', '0', '(-1)'],
      ['1:29:stmt-delete', 'return x < 1;', ';'],
      ['1:38:ror=<=', '<', '<='], ['1:38:ror=>', '<', '>'], ['1:38:ror=>=', '<', '>='], ['1:38:ror===', '<', '=='],
      ['1:38:ror=!=', '<', '!='],
      ['1:40:const+1', '1', '2'], ['1:40:const-1', '1', '0'],
    ]);
  });

  test('a mutant applied changes exactly its span; ids are unique and the same on every run', async () => {
    const first = await listMutants(CPP, 'cpp');
    assert.deepEqual(await listMutants(CPP, 'cpp'), first);
    assert.equal(new Set(first.map((m) => m.id)).size, first.length);
    for (const mutant of first) {
      const mutated = applyMutant(CPP, mutant);
      assert.equal(mutated.slice(0, mutant.start), CPP.slice(0, mutant.start));
      assert.equal(mutated.slice(mutant.start + mutant.replacement.length), CPP.slice(mutant.end));
      assert.equal(CPP.slice(mutant.start, mutant.end), mutant.original);
      assert.ok((MUTATION_OPERATORS as readonly string[]).includes(mutant.operator), mutant.operator);
    }
  });

  test('a line of another alphabet before a mutant: columns count UTF-16 units, as editors do', async () => {
    assert.deepEqual(await rows('// ⑨ 中文\nint y = "⑨" ? 5 : 6;\n', 'cpp'), [
      ['2:9:cond-negate', '"⑨"', '!("⑨")'], ['2:9:cond-true', '"⑨"', '1'], ['2:9:cond-false', '"⑨"', '0'],
      ['2:15:const+1', '5', '6'], ['2:15:const-1', '5', '4'], ['2:15:const0', '5', '0'],
      ['2:19:const+1', '6', '7'], ['2:19:const-1', '6', '5'], ['2:19:const0', '6', '0'],
    ]);
  });

  test('aor leaves out what does not compile: a pointer times a number, % of a double, a string minus', async () => {
    const source = 'int a[20]; double d; string s;\n'
      + 'void f(int n) { g(a + 1, 1.0 * d / n, s + "x", v.begin() + n, n % 3); }\n';
    const aor = (await rows(source, 'cpp')).filter(([id]) => id.includes(':aor')).map(([id]) => id);
    assert.deepEqual(aor, [
      '2:21:aor=-',
      '2:30:aor=+', '2:30:aor=-', '2:30:aor=/', '2:34:aor=+', '2:34:aor=-', '2:34:aor=*',
      '2:58:aor=-',
      '2:65:aor=+', '2:65:aor=-', '2:65:aor=*', '2:65:aor=/',
    ]);
  });

  test('the references: mutants of every operator', { skip: sharedSkip }, async () => {
    for (const file of ['mahjong_std.cpp', 'cirno_ref.cpp']) {
      const mutants = await listMutants(readFileSync(join(sharedDir, 'references', file), 'utf8'), 'cpp');
      const operators = new Set(mutants.map((m) => m.operator));
      assert.ok(mutants.length > 500, `${file}: ${mutants.length}`);
      assert.ok(['ror', 'aor', 'lor', 'cond-negate', 'stmt-delete', 'const+1'].every((op) => operators.has(op)), file);
    }
  });
});
