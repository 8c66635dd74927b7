/**
 * Issue 27, item 9: the memory limit holds for the runtimes solutions are written in, not only
 * Node: a C++ `new` that throws std::bad_alloc and a Python list that raises MemoryError are MLE;
 * the reference C++ solution is AC far below the default. Each runtime's test is skipped, saying
 * why, where it is not installed; where prlimit is missing they are skipped too (no backstop).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, tempDir } from '../cli/harness';
import { sharedDir, sharedSkip } from '../helpers';

const official01 = join(sharedDir, 'conformance', 'mahjong', 'official-01.in');
const PATIENT = ['--time-limit', '60000'];

function missing(program: string): string | undefined {
  if (process.platform !== 'linux') return 'the memory limit is enforced on Linux only';
  if (!['/usr/bin/prlimit', '/bin/prlimit'].some((file) => existsSync(file))) return 'no prlimit here';
  return spawnSync(program, ['--version']).error ? `no ${program} here` : undefined;
}

/** The judgement of a solution's one run on official-01, as JSON. */
async function judged(command: string, ...limit: string[]): Promise<Record<string, unknown>> {
  const result = await cli(['judge', ...PATIENT, '--json', ...limit, '--solution', command, official01]);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('the memory limit in other runtimes', { skip: sharedSkip }, () => {
  test('C++: new of 3 GB throws std::bad_alloc: MLE, with its stderr', { skip: missing('g++') }, async () => {
    const dir = tempDir();
    // Built without optimisation, which may elide an allocation it can see through.
    writeFileSync(join(dir, 'hog.cpp'), '#include <cstdio>\nint main() { char *p = new char[3L << 30]; p[0] = 1;'
      + ' std::printf("%d\\n", p[0]); }\n');
    const built = spawnSync('g++', ['-O0', '-o', join(dir, 'hog'), join(dir, 'hog.cpp')], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const record = await judged(join(dir, 'hog'), '--memory-limit', '256');
    assert.deepEqual([record.verdict, record.detail, record.stderr], [
      'MLE', 'an allocation failed (memory limit 256 MB)',
      ["terminate called after throwing an instance of 'std::bad_alloc'", '  what():  std::bad_alloc'],
    ]);
  });

  test('Python: a list past the limit is MLE, whether stopped or refused', { skip: missing('python3') }, async () => {
    const record = await judged('python3 -c "x = [0] * (400 * 2 ** 20)"', '--memory-limit', '256');
    assert.equal(record.verdict, 'MLE');
    assert.ok(['stopped at the memory limit of 256 MB', 'an allocation failed (memory limit 256 MB)']
      .includes(record.detail as string), String(record.detail));
  });

  test('Python within the limit is not MLE: a WA, judged on its output', { skip: missing('python3') }, async () => {
    const record = await judged('python3 -c "print(1)"', '--memory-limit', '64');
    assert.deepEqual([record.verdict, record.expected, record.actual], ['WA', 'A IN 8M', '1']);
  });
});
