/**
 * `deck-sim locate`: line coverage of small C++ and Python programs, and the mistake located in a
 * solution of the toy game (test/toyGame.ts) with one wrong token.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { coverageProgram } from '../../server/src/cli/locate/coverage';
import { buildPlan } from '../../server/src/cli/mutation/buildPlan';
import { runSolution } from '../../server/src/cli/judge/runner';
import { registerSumRace } from '../toyGame';
import { cli, tempDir } from './harness';

registerSumRace();

const LIMITS = { timeLimitMs: 60_000, memoryLimitMb: 1024, outputCap: 1 << 20 };
const hasGxx = (() => {
  try {
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const noGxx = hasGxx ? false : 'g++ is not installed';

/** Runs a coverage build once on `input` and returns the lines it executed. */
async function linesRun(source: string, input: string): Promise<number[]> {
  const work = tempDir();
  const program = await coverageProgram(source, buildPlan(source, undefined), work);
  const runDir = join(work, 'run');
  mkdirSync(runDir);
  const run = await runSolution(program.argv(runDir), input, LIMITS);
  assert.equal(run.kind, 'exited');
  return [...(await program.linesOf(runDir))!].sort((a, b) => a - b);
}

const CPP = `#include <cstdio>
int main() {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n > 0) {
    printf("positive\\n");
  } else {
    printf("not positive\\n");
  }
  return 0;
}
`;

const PYTHON = `import sys

n = int(sys.stdin.read())
if n > 0:
    print("positive")
else:
    print("not positive")
`;

describe('locate: line coverage', () => {
  test('C++: the lines a run executes, from gcov', { skip: noGxx }, async () => {
    const source = join(tempDir(), 'sign.cpp');
    writeFileSync(source, CPP);
    assert.deepEqual(await linesRun(source, '5\n'), [2, 4, 5, 6, 10]);
    assert.deepEqual(await linesRun(source, '-5\n'), [2, 4, 5, 8, 10]);
  });

  test('C++: a run that crashes still leaves its lines', { skip: noGxx }, async () => {
    const source = join(tempDir(), 'crash.cpp');
    writeFileSync(source, '#include <cstdlib>\nint main() {\n  int x = 1;\n  abort();\n}\n');
    const work = tempDir();
    const program = await coverageProgram(source, buildPlan(source, undefined), work);
    mkdirSync(join(work, 'run'));
    const run = await runSolution(program.argv(join(work, 'run')), '', LIMITS);
    assert.equal(run.kind === 'exited' && run.signal, 'SIGABRT');
    assert.deepEqual([...(await program.linesOf(join(work, 'run')))!].sort((a, b) => a - b), [2, 3, 4]);
  });

  test('Python: the lines of the solution\'s own file, traced', async () => {
    const source = join(tempDir(), 'sign.py');
    writeFileSync(source, PYTHON);
    assert.deepEqual(await linesRun(source, '5\n'), [1, 3, 4, 5]);
    assert.deepEqual(await linesRun(source, '-5\n'), [1, 3, 4, 7]);
  });
});

/** A solution of the sum race whose line 12 says `>` where the rules say "reaches": at least the target. */
const RACE = `import sys

lines = sys.stdin.read().split('\\n')
target = int(lines[0].split()[1])
players = lines[1].split()[1:]
cards = [int(c) for c in lines[2].split()[1:]]
sums = [0] * len(players)
for i, card in enumerate(cards):
    p = i % len(players)
    sums[p] += card
    print(players[p], 'DRAW', card, 'SUM', sums[p])
    if sums[p] > target:
        print(players[p], 'WINS')
        sys.exit(0)
print('NO WINNER')
`;

describe('locate: the toy game, one wrong token', () => {
  test('JSON: the ranked lines with their text, scores and runs, and the decks behind them', async () => {
    const dir = tempDir();
    const source = join(dir, 'race.py');
    writeFileSync(source, RACE);
    const deck = join(dir, 'exact.sumdeck');
    writeFileSync(deck, 'target 10\nplayers A B\ncards 4 3 6 1 9\n');
    const result = await cli(['locate', '--json', '--solution-source', source, '--jobs', '2', '--top', '3', deck]);
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(report), ['lines', 'decks']);
    assert.ok(report.decks.failing >= 5 && report.decks.passing >= 5, JSON.stringify(report.decks));
    assert.deepEqual(Object.keys(report.lines[0]), ['line', 'text', 'score', 'failingRuns', 'passingRuns']);
    assert.ok(report.lines.every((entry: { failingRuns: number }) => entry.failingRuns === report.decks.failing));
  });
});
