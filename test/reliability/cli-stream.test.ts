/**
 * `deck-sim simulate` writes a big ⑨ transcript chunk by chunk with synchronous writes to a
 * pipe that Node makes non-blocking: a reader that pauses gets EAGAIN in the writer, which must
 * wait and go on, so every byte arrives in order.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CIRNO } from '../../server/src/core/gameRegistry';
import { tempDir } from '../cli/harness';
import { repoRoot } from '../helpers';

const bin = join(repoRoot, 'bin', 'deck-sim.js');

describe('simulate to a slow pipe', () => {
  test('a transcript of several MB arrives whole, byte for byte, through a reader that keeps pausing', async () => {
    // A1 raises p, E0 brings it back to 0: long rounds, each ended by a run of A1 that fills a hand.
    const pile: string[] = [];
    while (pile.length < 300_000) {
      for (let i = 0; i < 1200; i++) pile.push(i % 12 === 11 ? 'E0' : 'A1');
      for (let i = 0; i < 150; i++) pile.push('A1');
    }
    const players = Array.from({ length: 30 }, (_, p) => `P${p + 1} A1 A1 A1`);
    const text = ['30 100 300000', ...players, pile.slice(0, 300_000).join(' ')].join('\n') + '\n';
    const expected = CIRNO.transcript(CIRNO.analyze(text))!;
    assert.equal(expected.length, 2_796_462);
    const deck = join(tempDir(), 'big.cirnodeck');
    writeFileSync(deck, text);
    const child = spawn(process.execPath, [bin, 'simulate', deck], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.stdout.on('data', (data: Buffer) => {
      chunks.push(data);
      // A pause every few chunks fills the pipe, so the writer meets EAGAIN.
      if (chunks.length % 4 === 0) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 20);
      }
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.deepEqual({ status, stderr }, { status: 0, stderr: '' });
    assert.equal(Buffer.concat(chunks).toString('utf8'), expected);
  });
});
