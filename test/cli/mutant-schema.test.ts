/**
 * Mutant schemata: the exact text of a schema part and of the reach variant; every switched
 * mutant run from the schema behaves as the mutant built alone; a batch judges each run as the
 * judge does and stops at its first failing run (or runs through); a program's mutants share
 * their first deck's batch; the reach variant marks only the mutants whose places a run reaches
 * and changes; mutants a schema cannot hold are left out (and built alone).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runBatch, runThrough } from '../../server/src/cli/mutation/batchRuns';
import type { Verdict } from '../../server/src/cli/judge/verdict';
import type { JudgedDeck } from '../../server/src/cli/judge/prepare';
import type { DeckAnalysis } from '../../server/src/cli/gameFormats';
import { MutantRunner, runDecks } from '../../server/src/cli/mutation/mutantRuns';
import { firstDifference } from '../../server/src/core/outputCompare';
import { seededRandom } from '../../server/src/core/seededRandom';
import { buildPlan } from '../../server/src/cli/mutation/buildPlan';
import { MutationCache } from '../../server/src/cli/mutation/mutationCache';
import {
  BATCH_VARIABLE, errorLines, mutantSchema, mutantsOnLine, MUTANT_VARIABLE, PART_MUTANTS, reachedNumbers,
  withBatchServer, type Reached, type ReachLevel,
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

/** A program ending each way a run can end, chosen by its input. */
const JUDGED = `#include <cstdio>
#include <cstdlib>
#include <cstring>
int main() {
  int a;
  volatile int stop = 0;
  if (scanf("%d", &a) != 1) return 1;
  if (a == 1) printf("1\\n");
  if (a == 2) printf("2  \\r\\n\\n\\n");
  if (a == 3) return 3;
  if (a == 4) return 125;
  if (a == 5) printf("%d\\n", malloc(48 << 20) != 0);
  if (a == 6) {
    char *p = (char *) malloc(48 << 20);
    memset(p, 1, 48 << 20);
    printf("%d\\n", p[7]);
  }
  if (a == 7) printf("%d\\n", malloc(80 << 20) != 0);
  if (a == 8) while (!stop) {}
  if (a == 9) for (int i = 0; i < 1 << 20; i++) printf("xxxxxxxx\\n");
  if (a == 10) printf("%d\\n", a * 2);
}
`;

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
    assert.deepEqual([batch.passed.length, batch.failed, batch.failure?.verdict], [2, true, 'WA']);
    // The reference passes them all; outputs compare as the judge compares them.
    const all = await runBatch([program], runs.map((r) => ({ ...r, mutant: 0 })), LIMITS);
    assert.deepEqual([all.passed.length, all.failed], [4, false]);
    const judged = await runBatch([program], [
      { mutant: 0, input: '5\n', expected: '4' }, { mutant: 0, input: '5\n', expected: '4 \t\r\n\n' },
      { mutant: 0, input: '5\n', expected: '4\n5\n' },
    ], LIMITS);
    assert.deepEqual([judged.passed.length, judged.failed, judged.failure?.verdict], [2, true, 'WA']);
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
    assert.deepEqual([timed.passed.length, timed.failed, timed.failure?.verdict], [1, true, 'TLE']);
    // The time limit stopped it: the batch says so, with its time, at least the limit.
    const ms = timed.failure?.ms ?? 0;
    assert.ok(ms >= 200, `timed out after ${ms} ms`);
  });

  test('a batch compares outputs as the judge does: every pair of short texts of blanks, newlines and a', async () => {
    const echo = `#include <cstdio>
int main() {
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) fwrite(chunk, 1, n, stdout);
}
`;
    const program = compile(withBatchServer(echo), tempDir(), 'echo');
    const random = seededRandom(28);
    const text = () => Array.from({ length: Math.floor(random() * 7) }, () => 'a \t\r\n'[Math.floor(random() * 5)])
      .join('');
    const pairs = Array.from({ length: 400 }, () => [text(), text()]);
    // Equal pairs too: a random pair is rarely equal.
    pairs.push(...pairs.slice(0, 40).map(([a]) => [a, a]));
    const runs = pairs.map(([output, expected]) => ({ mutant: 0, input: output, expected }));
    const told = await runThrough([program], runs, LIMITS);
    assert.deepEqual(told.map((run) => run?.verdict),
      pairs.map(([output, expected]) => (firstDifference(expected, output) ? 'WA' : 'AC')));
  });

  test('a program\'s mutants run on the first deck in one batch; each one left goes on from the next', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const program = compile(schema.part(0, new Set()).source, dir, 'part');
    const number = (id: string) => schema.numbers.get(mutants.findIndex((mutant) => mutant.id === id))!;
    // Only failing runs alone read a deck's analysis, and none fails alone here.
    const deck = (name: string, input: string, expected: string): JudgedDeck =>
      ({ name, input, expected, analysis: {} as DeckAnalysis, likely: () => [] });
    const decks = runDecks([deck('zero', '0\n', '2\n'), deck('five', '5\n', '4\n'), deck('one', '1\n', '4\n')]);
    const limits = { timeLimitMs: 1000, memoryLimitMb: 256, outputCap: 1 << 20 };
    // `a - 1` → `a + 1` fails five; `a++` deleted fails zero; `a > 1` → `a > 2` passes all three.
    const asked = [['plus', '3:33:aor=+'], ['deleted', '4:3:stmt-delete'], ['same', '3:11:const+1']]
      .map(([key, id]) => ({ key, mutant: number(id) }));
    const batch = (m: number) => ({ argv: [program], mutant: asked[m].mutant });
    const cacheDir = tempDir();
    const runner = new MutantRunner(decks, new MutationCache(cacheDir), () => ({ argv: [program] }), 256);
    assert.deepEqual(await runner.firstDeck([program], asked, limits), [undefined, 'zero', undefined]);
    assert.deepEqual(runner.counts, { runs: 3, cached: 0 });
    // The others pass zero already: they go on from five, the rest in a batch that stops at a failure.
    assert.equal(await runner.killer('plus', limits, undefined, batch(0)), 'five');
    assert.equal(await runner.killer('same', limits, undefined, batch(2)), undefined);
    assert.deepEqual(runner.counts, { runs: 6, cached: 0 });
    // Over the same cache, nothing runs: each verdict is the cache's.
    const again = new MutantRunner(decks, new MutationCache(cacheDir), () => ({ argv: [program] }), 256);
    assert.deepEqual(await again.firstDeck([program], asked, limits), [undefined, undefined, undefined]);
    const killers = [];
    for (const [m, { key }] of asked.entries()) killers.push(await again.killer(key, limits, undefined, batch(m)));
    assert.deepEqual(killers, ['five', 'zero', undefined]);
    assert.deepEqual(again.counts, { runs: 0, cached: 5 });
  });

  test('a batch judges each run as the judge does, and tells the verdict where its end alone gives it', async () => {
    const dir = tempDir();
    const program = compile(withBatchServer(JUDGED), dir, 'judged');
    // [input, expected, the verdict told (undefined: only the judge's own run tells)]
    const cases: [string, string, Verdict | undefined][] = [
      ['1', '1\n', 'AC'],
      ['2', '2\n', 'AC'], // printed `2  \r\n\n\n`: spaces, CR and blank lines at the end don't count
      ['3', '3\n', 'RE'], // exit status 3
      ['4', '4\n', undefined], // exit status 125: the server's own failure says the same
      ['5', '1\n', 'AC'], // 48 MB allocated, not touched: within the limit (32 MB) as the judge measures it
      ['6', '1\n', undefined], // 48 MB touched: the judge's sampling decides
      ['7', '1\n', 'WA'], // 80 MB fails at the backstop (64 MB), as in the judge's run: it prints 0
      ['8', '8\n', 'TLE'],
      ['9', '', 'OLE'],
      ['10', '20\n', 'AC'],
      ['10', '21\n', 'WA'],
    ];
    const runs = cases.map(([input, expected]) => ({ mutant: 0, input: `${input}\n`, expected }));
    const limits = { timeLimitMs: 300, memoryLimitMb: 32, outputCap: 1 << 16 };
    const told = await runThrough([program], runs, limits);
    assert.deepEqual(told.map((run) => run?.verdict), cases.map(([, , verdict]) => verdict));
    assert.ok(told[7]!.ms >= 300, `timed out after ${told[7]!.ms} ms`);
    // Stopping at the first failure: the crash, its verdict told.
    const stopped = await runBatch([program], [runs[0], runs[1], runs[2], runs[9]], limits);
    assert.deepEqual([stopped.passed.length, stopped.failed, stopped.failure?.verdict], [2, true, 'RE']);
    // A failure the end does not tell: failed, with no verdict.
    const unknown = await runBatch([program], [runs[0], runs[3]], limits);
    assert.deepEqual([unknown.passed.length, unknown.failed, unknown.failure], [1, true, undefined]);
    // A frame's header is a line of at most 64 bytes: a longer one ends the server before any run.
    const long = spawnSync(program, [], {
      input: `0${' '.repeat(190)} 1 1\nab`, encoding: 'utf8', env: { ...process.env, [BATCH_VARIABLE]: '300 1 2 3 1' },
    });
    assert.deepEqual([long.status, long.stdout], [125, '']);
  });

  test('the reach variant marks the mutants a run reaches and changes, and no other', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const program = compile(schema.reach(new Set(schema.numbers.keys()), () => 'widened').source, dir, 'reach');
    const marked = (input: string) => {
      const result = spawnSync(program, [], { input, encoding: 'utf8' });
      const reached = reachedNumbers(result.stderr)!;
      return mutants.flatMap((mutant, i) => (reached.has(schema.numbers.get(i)!) ? [mutant.id] : []));
    };
    // main: a condition calling scanf is marked once reached (it is not computed twice), and its
    // constant, compared alone beside the call, always differs.
    const main = ['9:7:cond-negate', '9:7:cond-true', '9:7:cond-false', '9:23:ror=<', '9:23:ror=<=', '9:23:ror=>',
      '9:23:ror=>=', '9:23:ror===', '9:26:const+1', '9:26:const-1', '10:3:stmt-delete'];
    // On 1: `a > 1` is false, and so are `a < 1`, `a != 1`, the forced false and `a > 2` (a
    // constant is compared where it is used): not marked. The first branch is never reached;
    // `a * 2` is 4, and so is `a + 2`; its other mutants change it (`a / 2` too: a literal divisor).
    assert.deepEqual(marked('1\n'), ['3:7:cond-negate', '3:7:cond-true', '3:9:ror=<=', '3:9:ror=>=', '3:9:ror===',
      '3:11:const-1', '4:3:stmt-delete', '5:3:stmt-delete', '5:20:aor=-', '5:20:aor=/', '5:20:aor=%',
      '5:22:const+1', '5:22:const-1', '5:22:const0', ...main]);
    // On 5: `a > 1` holds, and so do `a >= 1`, `a != 1`, `a > 2`, `a > 0` and the forced true; `a++` is never reached.
    assert.deepEqual(marked('5\n'), ['3:7:cond-negate', '3:7:cond-false', '3:9:ror=<', '3:9:ror=<=', '3:9:ror===',
      '3:16:stmt-delete', '3:33:aor=+', '3:33:aor=*', '3:33:aor=/', '3:33:aor=%', '3:35:const+1', '3:35:const-1',
      '3:39:stmt-delete', ...main]);
    // A run that writes no record (killed, _exit) tells nothing.
    assert.equal(reachedNumbers('deck-sim'), undefined);
  });

  test('the reach variant in a batch tells the marks each run alone tells; a failed run, none', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const program = compile(schema.reach(new Set(schema.numbers.keys()), () => 'widened').source, dir, 'reach');
    const ids = (reached: Reached) =>
      mutants.flatMap((mutant, i) => (reached.has(schema.numbers.get(i)!) ? [mutant.id] : []));
    const alone = (input: string) => ids(reachedNumbers(spawnSync(program, [], { input, encoding: 'utf8' }).stderr)!);
    const decks = [
      { input: '1\n', expected: '4\n' }, { input: '5\n', expected: '4\n' }, { input: '0\n', expected: '2\n' }];
    assert.notDeepEqual(alone('1\n'), alone('5\n'));
    const batch = await runBatch([program], decks.map((deck) => ({ mutant: 0, ...deck })), LIMITS, undefined, 100);
    assert.deepEqual(batch.reports.map((report) => ids(reachedNumbers(report)!)),
      decks.map((deck) => alone(deck.input)));
    // Built through the schema's builder: a run printing other than the deck's transcript tells
    // nothing, and the decks after it are still told.
    const plan = buildPlan('small.cpp', undefined);
    const builder = await ProgramBuilder.create(plan, new MutationCache(tempDir()), SMALL);
    const built = (await buildSchema(builder, SMALL, 'cpp', mutants, 2))!;
    const told = await built.reach([...built.numbers.keys()], LIMITS.memoryLimitMb)([
      { input: '1\n', expected: '4\n' }, { input: '5\n', expected: '5\n' }, { input: '5\n', expected: '4\n' }]);
    assert.deepEqual(told.map((reached) => reached && ids(reached)), [alone('1\n'), undefined, alone('5\n')]);
  });

  test('a reach variant for some mutants marks them as the whole one does, and compares no other place', async () => {
    const dir = tempDir();
    const mutants = await listMutants(SMALL, 'cpp');
    const schema = (await mutantSchema(SMALL, 'cpp', mutants))!;
    const asked = ['3:9:ror=<=', '3:33:aor=+', '4:3:stmt-delete', '5:20:aor=/', '9:26:const+1'];
    const among = new Set(asked.map((id) => mutants.findIndex((mutant) => mutant.id === id)));
    const variant = schema.reach(among, () => 'widened').source;
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

  test('the reach variant compares a change where it is used: the widest expression without an effect', async () => {
    const source = `#include <cstdio>
int t[8];
int main() {
  int n, k;
  if (scanf("%d %d", &n, &k) != 2) return 1;
  int d = (14 - n) / 3;
  int s = (n + 1) >> 3;
  int a = k > 0 || n > 3;
  int q = 7 / (n - 1);
  int r = t[n - 4];
  printf("%d %d %d %d %d\\n", d, s, a, q, r);
}
`;
    const dir = tempDir();
    const mutants = await listMutants(source, 'cpp');
    const schema = (await mutantSchema(source, 'cpp', mutants))!;
    const variant = (level: ReachLevel) => compile(schema.reach(new Set(schema.numbers.keys()), () => level).source,
      dir, `reach-${level}`);
    const marked = (program: string, ids: readonly string[]) => {
      const reached = reachedNumbers(spawnSync(program, [], { input: '5 1\n', encoding: 'utf8' }).stderr)!;
      const number = (id: string) => schema.numbers.get(mutants.findIndex((mutant) => mutant.id === id))!;
      return ids.filter((id) => reached.has(number(id)));
    };
    const asked = [
      // (15 - 5) / 3 is (14 - 5) / 3; (13 - 5) / 3 is not.
      '6:12:const+1', '6:12:const-1',
      // 7 >> 3 is 6 >> 3, but a shift is not compared beyond (in C++ it may print).
      '7:16:const+1',
      // k > 1 is false where k > 0 was true: the whole `||` is not, but its right side would run.
      '8:15:const+1', '8:15:const-1',
      // 6 / 4 is 7 / 4; a divisor (5 for 4) is compared alone: it might be 0.
      '9:11:const-1', '9:20:const-1',
      // t[1] and t[2] are both 0, but an index is compared alone: an address, not a value, changes.
      '10:17:const+1', '10:15:aor=/',
    ];
    assert.deepEqual(marked(variant('widened'), asked),
      ['6:12:const-1', '7:16:const+1', '8:15:const+1', '9:20:const-1', '10:17:const+1']);
    // At their places alone, every constant differs; 5 / 4 is still 5 - 4.
    assert.deepEqual(marked(variant('place'), asked), asked.filter((id) => id !== '10:15:aor=/'));
    // Reached only: every place on the way is marked.
    assert.deepEqual(marked(variant('reached'), asked), asked);
  });

  test('a C condition keeps its parentheses, and a compare that does not compile is made at the place', async () => {
    const c = `#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if ((n - 1) > 3) n = 2;
  printf("%d\\n", n);
  return 0;
}
`;
    const dir = tempDir();
    const cMutants = await listMutants(c, 'c');
    const cSchema = (await mutantSchema(c, 'c', cMutants))!;
    writeFileSync(join(dir, 'reach.c'), cSchema.reach(new Set(cSchema.numbers.keys()), () => 'widened').source);
    const gcc = spawnSync('gcc', ['-O1', '-w', '-o', join(dir, 'reach-c'), join(dir, 'reach.c')], { encoding: 'utf8' });
    assert.equal(gcc.status, 0, gcc.stderr);
    const cMarked = reachedNumbers(spawnSync(join(dir, 'reach-c'), [], { input: '6\n', encoding: 'utf8' }).stderr)!;
    const cIds = (ids: readonly string[]) => ids.filter((id) => cMarked.has(cSchema.numbers.get(
      cMutants.findIndex((mutant) => mutant.id === id))!));
    // (6 / 1) > 3 and (6 - 2) > 3 hold as (6 - 1) > 3 does; (6 % 1) > 3 does not.
    assert.deepEqual(cIds(['5:10:aor=/', '5:10:aor=%', '5:12:const+1']), ['5:10:aor=%']);

    // A sum of a type without `!=`: compared whole, it does not compile, so that line's mutants
    // are compared at their places: on 3, `k >= 0` is `k > 0`, `k < 0` is not.
    const cpp = `#include <cstdio>
struct Coins { int n; };
Coins operator+(Coins a, int b) { return Coins{a.n + b}; }
Coins operator-(Coins a, int b) { return Coins{a.n - b}; }
Coins operator*(Coins a, int b) { return Coins{a.n * b}; }
Coins operator/(Coins a, int b) { return Coins{a.n / b}; }
Coins operator%(Coins a, int b) { return Coins{a.n % b}; }
int main() {
  Coins c{0};
  int k;
  if (scanf("%d %d", &c.n, &k) != 2) return 1;
  Coins d = c + (k > 0);
  printf("%d\\n", d.n);
}
`;
    const mutants = await listMutants(cpp, 'cpp');
    const builder = await ProgramBuilder.create(buildPlan('coins.cpp', undefined), new MutationCache(tempDir()), cpp);
    const built = (await buildSchema(builder, cpp, 'cpp', mutants, 2))!;
    const among = ['12:20:ror=>=', '12:20:ror=<'].map((id) => mutants.findIndex((mutant) => mutant.id === id));
    const [reached] = await built.reach(among, LIMITS.memoryLimitMb)([{ input: '1 3\n', expected: '2\n' }]);
    assert.deepEqual(among.map((i) => reached!.has(built.numbers.get(i)!)), [false, true]);
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
