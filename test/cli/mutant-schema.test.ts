/**
 * Mutant schemata: the exact text of a schema part and of the reach variant; every switched
 * mutant run from the schema behaves as the mutant built alone; a batch stops at its first
 * failing run; the reach variant marks only the mutants whose places a run reaches and changes;
 * mutants a schema cannot hold are left out (and built alone).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runBatch } from '../../server/src/cli/mutation/batchRuns';
import { buildPlan } from '../../server/src/cli/mutation/buildPlan';
import { MutationCache } from '../../server/src/cli/mutation/mutationCache';
import {
  errorLines, mutantSchema, mutantsOnLine, MUTANT_VARIABLE, PART_MUTANTS, reachedNumbers,
} from '../../server/src/cli/mutation/mutantSchema';
import { applyMutant, listMutants } from '../../server/src/cli/mutation/mutator';
import { ProgramBuilder } from '../../server/src/cli/mutation/programBuilder';
import { buildSchema } from '../../server/src/cli/mutation/schemaBuild';
import { tempDir } from './harness';

const SMALL = `#include <cstdio>
void step(int a) {
  if (a > 1) { printf("%d\\n", a - 1); return; }
  a++;
  printf("%d\\n", a * 2);
}
int main() {
  int a;
  if (scanf("%d", &a) != 1) return 1;
  step(a);
}
`;

const LIMITS = { timeLimitMs: 2000, memoryLimitMb: 256, outputCap: 1 << 20 };

function compile(source: string, dir: string, name: string): string {
  writeFileSync(join(dir, `${name}.cpp`), source);
  const built = spawnSync('g++', ['-std=gnu++17', '-O1', '-w', '-o', join(dir, name), join(dir, `${name}.cpp`)],
    { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  return join(dir, name);
}

function run(program: string, input: string, env: Record<string, string> = {}): string {
  const result = spawnSync(program, [], { input, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 5000 });
  return `${result.status} ${result.stdout}`;
}

describe('mutant schemata', () => {
  test('a part switches its own function\'s mutants, nested as their places nest, and leaves main as is', async () => {
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    // Two parts: step and main.
    assert.deepEqual(schema.parts, [0, 1]);
    const { source } = schema.part(0, new Set());
    const expected = `void step(int a) {
  if ((__ds_among(1, 8) ? (__ds_on(1) ? !!(!(a > 1)) : __ds_on(2) ? !!(1) : __ds_on(3) ? !!(0) : __ds_on(4) \
? !!(a < 1) : __ds_on(5) ? !!(a <= 1) : __ds_on(6) ? !!(a >= 1) : __ds_on(7) ? !!(a == 1) : !!(a != 1)) : \
!!(a > (__ds_among(9, 2) ? (__ds_on(9) ? (2) : (0)) : (1))))) { { if (!__ds_on(11)) { printf("%d\\n", \
(__ds_among(12, 4) ? (__ds_on(12) ? (a + 1) : __ds_on(13) ? (a * 1) : __ds_on(14) ? (a / 1) : (a % 1)) : (a \
- (__ds_among(16, 2) ? (__ds_on(16) ? (2) : (0)) : (1))))); } } { if (!__ds_on(18)) { return; } } }
  { if (!__ds_on(19)) { a++; } }
  { if (!__ds_on(20)) { printf("%d\\n", (__ds_among(21, 4) ? (__ds_on(21) ? (a + 2) : __ds_on(22) ? (a - 2) \
: __ds_on(23) ? (a / 2) : (a % 2)) : (a * (__ds_among(25, 3) ? (__ds_on(25) ? (3) : __ds_on(26) ? (1) : \
(0)) : (2))))); } }
}
int main() {
  int a;
  if (scanf("%d", &a) != 1) return 1;
  step(a);
}
`;
    assert.equal(source.slice(source.indexOf('void step')), expected);
    // Left out: its place is kept as written, its neighbours still switched.
    const left = schema.part(0, new Set([18]));
    assert.match(left.source, /\n {2}a\+\+;\n/);
    assert.deepEqual(mutantsOnLine(left, left.source.split('\n').findIndex((line) => line === '  a++;') + 1), []);
  });

  test('a function holding many mutants is split into parts; each runs its mutants as built alone', async () => {
    const dir = tempDir();
    const lines = Array.from({ length: 8 }, (_, k) => `  if (a > ${k}) s += b * ${k + 2} - a;`);
    const source = `#include <cstdio>
int s;
void big(int a, int b) {
${lines.join('\n')}
}
int main() { int a, b; if (scanf("%d %d", &a, &b) != 2) return 1; big(a, b); printf("%d\\n", s); }
`;
    const mutants = await listMutants(source, 'cpp');
    const schema = (await mutantSchema(source, 'cpp', mutants))!;
    const main = source.indexOf('int main');
    const bigParts = [...new Set(mutants.flatMap((mutant, i) => (mutant.start < main ? [schema.partOf.get(i)!] : [])))];
    const sizes = bigParts.map((part) => [...schema.partOf.values()].filter((p) => p === part).length);
    assert.ok(sizes.reduce((a, b) => a + b) > PART_MUTANTS, 'the test needs more mutants than a part holds');
    assert.ok(bigParts.length >= 2 && sizes.every((size) => size <= PART_MUTANTS), `parts of ${sizes.join(', ')}`);
    const programs = new Map(schema.parts.map((part) =>
      [part, compile(schema.part(part, new Set()).source, dir, `part${part}`)]));
    const inputs = ['0 1\n', '3 2\n', '9 5\n'];
    const reference = compile(source, dir, 'reference');
    // Each part's first and last mutants (a part may end inside a statement another part deletes).
    const sample = schema.parts.flatMap((part) => {
      const own = [...schema.numbers].filter(([index]) => schema.partOf.get(index) === part);
      return [own[0], own[own.length - 1]];
    });
    for (const [index, number] of sample) {
      const alone = compile(applyMutant(source, mutants[index]), dir, `mutant${index}`);
      const program = programs.get(schema.partOf.get(index)!)!;
      for (const input of inputs) {
        assert.equal(run(program, input, { [MUTANT_VARIABLE]: String(number) }), run(alone, input),
          `${mutants[index].id} on ${JSON.stringify(input)}`);
      }
    }
    for (const program of programs.values()) {
      for (const input of inputs) assert.equal(run(program, input), run(reference, input));
    }
  });

  test('every switched mutant, run from its part, prints what the mutant built alone prints', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const parts = new Map(schema.parts.map((part) =>
      [part, compile(schema.part(part, new Set()).source, dir, `part${part}`)]));
    const inputs = ['0\n', '1\n', '2\n', '7\n'];
    for (const [index, number] of schema.numbers) {
      const alone = compile(applyMutant(SMALL, mutants[index]), dir, `mutant${index}`);
      const program = parts.get(schema.partOf.get(index)!)!;
      for (const input of inputs) {
        assert.equal(run(program, input, { [MUTANT_VARIABLE]: String(number) }), run(alone, input),
          `${mutants[index].id} on ${JSON.stringify(input)}`);
      }
    }
    // Number 0, or none, is the reference.
    const reference = compile(SMALL, dir, 'reference');
    for (const input of inputs) assert.equal(run(parts.get(0)!, input), run(reference, input));
  });

  test('an operator binding otherwise regroups its neighbours in the schema as in the mutant built alone', async () => {
    const source = `#include <cstdio>
int main() {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) return 1;
  printf("%d %d\\n", a - b / c + 1, a > 0 && b > 0 && c > 0);
}
`;
    const dir = tempDir();
    const mutants = await listMutants(source, 'cpp');
    const schema = (await mutantSchema(source, 'cpp', mutants))!;
    const program = compile(schema.part(schema.parts[0], new Set()).source, dir, 'part');
    // `a - b - c + 1` is `((a - b) - c) + 1`, `a - b / c * 1` is `a - ((b / c) * 1)`, and
    // `a > 0 || b > 0 && c > 0` is `a > 0 || (b > 0 && c > 0)`.
    const regrouping = ['5:27:aor=+', '5:27:aor=-', '5:31:aor=*', '5:42:lor=||'];
    const inputs = ['7 4 2\n', '-1 3 5\n', '7 4 -2\n'];
    for (const id of regrouping) {
      const index = mutants.findIndex((mutant) => mutant.id === id);
      const alone = compile(applyMutant(source, mutants[index]), dir, `mutant${index}`);
      for (const input of inputs) {
        assert.equal(run(program, input, { [MUTANT_VARIABLE]: String(schema.numbers.get(index)) }), run(alone, input),
          `${id} on ${JSON.stringify(input)}`);
      }
    }
  });

  test('a batch tells the runs that passed, in order, and stops at the first that did not', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const program = compile(schema.part(0, new Set()).source, dir, 'part');
    const number = (id: string) => schema.numbers.get(mutants.findIndex((mutant) => mutant.id === id))!;
    // `a - 1` → `a + 1`: right where a <= 1 (it prints (a + 1) * 2), wrong from 2 on.
    const plus = number('3:33:aor=+');
    const runs = [['0\n', '2\n'], ['1\n', '4\n'], ['5\n', '4\n'], ['0\n', '2\n']]
      .map(([input, expected]) => ({ mutant: plus, input, expected }));
    const batch = await runBatch([program], runs, LIMITS);
    assert.deepEqual([batch.passed.length, batch.failed], [2, true]);
    // The reference passes them all; an output that differs only by its last newline does not pass (exact).
    const all = await runBatch([program], runs.map((r) => ({ ...r, mutant: 0 })), LIMITS);
    assert.deepEqual([all.passed.length, all.failed], [4, false]);
    const exact = await runBatch([program], [{ mutant: 0, input: '5\n', expected: '4' }], LIMITS);
    assert.deepEqual([exact.passed.length, exact.failed], [0, true]);
    // `a++` deleted is no loop; `a > 1` forced true on 0 returns -1; a run past its time limit fails.
    const loop = `#include <cstdio>
int main() { int a = 0; while (a < 1) { a = a; } printf("%d\\n", a); }
`;
    const loopMutants = await listMutants(loop, 'cpp');
    const loopSchema = (await mutantSchema(loop, 'cpp', loopMutants))!;
    const loopProgram = compile(loopSchema.part(loopSchema.parts[0], new Set()).source, dir, 'loop');
    const forcedFalse = loopSchema.numbers.get(loopMutants.findIndex((mutant) => mutant.operator === 'cond-false'))!;
    const timed = await runBatch([loopProgram], [
      { mutant: forcedFalse, input: '', expected: '0\n' },
      { mutant: 0, input: '', expected: '1\n' },
      { mutant: forcedFalse, input: '', expected: '0\n' },
    ], { ...LIMITS, timeLimitMs: 200 });
    assert.deepEqual([timed.passed.length, timed.failed], [1, true]);
  });

  test('the reach variant marks the mutants a run reaches and changes, and no other', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const program = compile(schema.reach(new Set(schema.numbers.keys()), new Set(), new Set()).source, dir, 'reach');
    const marked = (input: string) => {
      const result = spawnSync(program, [], { input, encoding: 'utf8' });
      const reached = reachedNumbers(result.stderr)!;
      return mutants.flatMap((mutant, i) => (reached.has(schema.numbers.get(i)!) ? [mutant.id] : []));
    };
    // main: a condition calling scanf is marked once reached (it is not computed twice); constants always differ.
    const main = ['9:7:cond-negate', '9:7:cond-true', '9:7:cond-false', '9:23:ror=<', '9:23:ror=<=', '9:23:ror=>',
      '9:23:ror=>=', '9:23:ror===', '9:26:const+1', '9:26:const-1', '10:3:stmt-delete'];
    // On 1: `a > 1` is false, and so are `a < 1`, `a != 1` and the forced false: not marked. The
    // first branch is never reached; `a * 2` is marked whole, a mutant there being a division.
    assert.deepEqual(marked('1\n'), ['3:7:cond-negate', '3:7:cond-true', '3:9:ror=<=', '3:9:ror=>=', '3:9:ror===',
      '3:11:const+1', '3:11:const-1', '4:3:stmt-delete', '5:3:stmt-delete', '5:20:aor=+', '5:20:aor=-', '5:20:aor=/',
      '5:20:aor=%', '5:22:const+1', '5:22:const-1', '5:22:const0', ...main]);
    // On 5: `a > 1` holds, and so do `a >= 1`, `a != 1` and the forced true; `a++` is never reached.
    assert.deepEqual(marked('5\n'), ['3:7:cond-negate', '3:7:cond-false', '3:9:ror=<', '3:9:ror=<=', '3:9:ror===',
      '3:11:const+1', '3:11:const-1', '3:16:stmt-delete', '3:33:aor=+', '3:33:aor=*', '3:33:aor=/', '3:33:aor=%',
      '3:35:const+1', '3:35:const-1', '3:39:stmt-delete', ...main]);
    // A run that writes no record (killed, _exit) tells nothing.
    assert.equal(reachedNumbers('deck-sim'), undefined);
  });

  test('a reach variant for some mutants marks them as the whole one does, and compares no other place', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const asked = ['3:9:ror=<=', '3:33:aor=+', '4:3:stmt-delete', '5:20:aor=/', '9:26:const+1'];
    const among = new Set(asked.map((id) => mutants.findIndex((mutant) => mutant.id === id)));
    const variant = schema.reach(among, new Set(), new Set()).source;
    // One mark per asked mutant; every other place is the source's own text.
    assert.equal(variant.match(/__ds_reached\[\d+\] \|?= /g)?.length, asked.length);
    const program = compile(variant, dir, 'reach-some');
    const marked = (input: string) => {
      const reached = reachedNumbers(spawnSync(program, [], { input, encoding: 'utf8' }).stderr)!;
      return mutants.flatMap((mutant, i) => (reached.has(schema.numbers.get(i)!) ? [mutant.id] : []));
    };
    assert.deepEqual(marked('1\n'), ['3:9:ror=<=', '4:3:stmt-delete', '5:20:aor=/', '9:26:const+1']);
    assert.deepEqual(marked('5\n'), ['3:9:ror=<=', '3:33:aor=+', '9:26:const+1']);
  });

  test('mutants a schema cannot hold: constants, case labels, array sizes; a line in error left out', async () => {
    const source = `#include <cstdio>
const int N = 4;
int table[N + 1];
int pick(int a) {
  constexpr int limit = 3;
  switch (a) { case 2: return limit; default: return a < N ? a : 0; }
}
int main() { int a; if (scanf("%d", &a) == 1) printf("%d\\n", pick(a)); }
`;
    const mutants = await listMutants(source, 'cpp');
    const cache = new MutationCache(tempDir());
    const plan = buildPlan('pick.cpp', undefined);
    const builder = await ProgramBuilder.create(plan, cache, source);
    const built = (await buildSchema(builder, source, 'cpp', mutants, 2))!;
    const outside = mutants.filter((_, i) => !built.numbers.has(i)).map((mutant) => mutant.id);
    // `4` and `N + 1` are constants outside a function, `2` a case label: never switched; `3` is
    // a constexpr's value: the compiler rejects its switch, so that line's mutants are left out.
    assert.deepEqual(outside, ['2:15:const+1', '2:15:const-1', '2:15:const0', '3:13:aor=-', '3:13:aor=*',
      '3:13:aor=/', '3:13:aor=%', '3:15:const+1', '3:15:const-1', '5:25:const+1', '5:25:const-1', '5:25:const0',
      '6:21:const+1', '6:21:const-1', '6:21:const0']);
    assert.equal(built.programs, 2);
  });

  test('compiler errors are traced to lines of the schema\'s file', () => {
    assert.deepEqual(errorLines([
      'In file included from x.cpp:1:', 'pick.cpp: In function \'int pick(int)\':',
      'pick.cpp:12:30: error: the value of \'x\' is not usable in a constant expression',
      '/tmp/deck-sim-1/pick.cpp:14:2: error: expected \';\'', 'pick.cpp:15:1: warning: unused',
      'other.cpp:3:1: error: no', 'pick.cpp:12:31: error: again',
    ].join('\n'), 'pick.cpp'), [12, 14]);
  });
});
