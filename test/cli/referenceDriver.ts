/**
 * Runs a reference audit of the toy game in a process of its own, for the cancellation test:
 * `node referenceDriver.js REFERENCE CACHE DECKS MUTANTS`, MUTANTS sleeping mutants, each a
 * program that sleeps far past its time limit.
 */
import { MutationCache } from '../../server/src/cli/mutation/mutationCache';
import { auditReference, prepareReference } from '../../server/src/cli/mutation/referenceAudit';
import { registerSumRace } from '../toyGame';
import { handLister, writeDecks } from './reference-fixtures';

registerSumRace();

async function main(): Promise<void> {
  const [file, cacheDir, decksDir, count] = process.argv.slice(2);
  const sleeper = file.endsWith('.py')
    ? (k: number) => `import sys, time; time.sleep(${600 + k})`
    : (k: number) => `#include <unistd.h>\nstatic int slept = sleep(${600 + k});\n#include <iostream>`;
  const first = file.endsWith('.py') ? 'import sys' : '#include <iostream>';
  const lister = handLister(Array.from({ length: Number(count) }, (_, k) => ({
    find: first, original: first, replacement: sleeper(k), operator: `sleep-${k}`,
  })));
  const reference = await prepareReference(file, undefined, new MutationCache(cacheDir));
  await auditReference(reference, {
    decks: writeDecks(decksDir), format: 'sumdeck', jobs: 2, memoryLimitMb: 1024, lister,
  }, { stdout: () => undefined, stderr: () => undefined, readStdin: () => '' });
}

void main();
