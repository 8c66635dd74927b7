/**
 * Times the ⑨-card engine on the largest decks the rules allow (n = 30, m = 100,
 * k = 300,000): parse, validate and simulate, rendering the transcript (as a string and as
 * chunks of bytes), the explain records, the explained lines of `deck-sim explain`, and the
 * hover lookup "what happens to pile card i"; then the peak memory of this process and of a
 * one-shot run that streams the transcript to /dev/null as the CLI does. Run: node out/scripts/bench-cirno.js
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  analyzeCirno, cirnoCardFate, cirnoExplainRecords, renderCirnoTranscript, renderCirnoTranscriptChunks,
} from '../server/src/core/cirno';
import { parseCirno, type CirnoDeck } from '../server/src/core/cirno/parse';
import { simulateCirno } from '../server/src/core/cirno/simulate';
import { validateCirno } from '../server/src/core/cirno/validate';
import { cirnoExplainedLines } from '../server/src/features/cirno/report';
import { seeded, validLargestDeck } from './largestCirnoDeck';

const RUNS = 25;
const LOOKUPS = 100_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall-clock and CPU milliseconds of one run: on a loaded machine the CPU time moves less. */
function time(run: () => void): { wall: number; cpu: number } {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  run();
  const used = process.cpuUsage(cpu);
  return { wall: Number(process.hrtime.bigint() - start) / 1e6, cpu: (used.user + used.system) / 1e3 };
}

const peakMb = (): string => `${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB`;

/** `--stream FILE`: what the CLI does with one deck, the transcript streamed to stdout. */
function stream(file: string): void {
  const { game } = analyzeCirno(readFileSync(file, 'utf8'));
  if (game) renderCirnoTranscriptChunks(game, (bytes) => writeSync(1, bytes), { reuse: true });
  process.stderr.write(`${process.resourceUsage().maxRSS}\n`);
}

function bench(): void {
  const { seed, text, game } = validLargestDeck();
  console.log(
    `deck: seed ${seed}, n=30 m=100 k=300000, ${(text.length / 1e6).toFixed(1)} MB; ` +
      `${game.cardsDrawn} pile cards drawn, ${game.eventCount} events, ${game.lineCount} transcript lines`,
  );
  const runs = (run: () => void, count = RUNS) => Array.from({ length: count }, () => time(run));
  // The fastest run and the CPU time too: on a shared machine the median moves with the load.
  const figures = (runs: { wall: number; cpu: number }[]) => {
    const wall = runs.map((run) => run.wall);
    const cpu = median(runs.map((run) => run.cpu)).toFixed(1);
    const fastest = Math.min(...wall).toFixed(1);
    return `${median(wall).toFixed(1)} ms (median of ${runs.length}; fastest ${fastest} ms; CPU ${cpu} ms)`;
  };

  let deck: CirnoDeck | undefined;
  const parse = runs(() => (deck = parseCirno(text).deck));
  const validate = runs(() => validateCirno(deck!));
  const simulate = runs(() => simulateCirno(deck!));
  const analyze = runs(() => analyzeCirno(text));
  let transcript = '';
  const render = runs(() => (transcript = renderCirnoTranscript(game)));
  let bytes = 0;
  const chunks = runs(() => {
    bytes = 0;
    renderCirnoTranscriptChunks(game, (chunk) => (bytes += chunk.length));
  });
  const reused = runs(() => {
    bytes = 0;
    renderCirnoTranscriptChunks(game, (chunk) => (bytes += chunk.length), { reuse: true });
  });
  const explain = runs(() => {
    for (const record of cirnoExplainRecords(game)) if (record.line < 0) throw new Error('unreachable');
  });
  // What `deck-sim explain` prints as text: each line with its deck line and why, in words.
  const analysis = analyzeCirno(text);
  const explainedLines = runs(() => {
    for (const line of cirnoExplainedLines(analysis)) if (line.line < 0) throw new Error('unreachable');
  }, 5);
  const random = seeded(seed);
  const lookups = runs(() => {
    for (let i = 0; i < LOOKUPS; i++) {
      cirnoCardFate(game, { from: 'pile', index: Math.floor(random() * game.pileSize) });
    }
  });

  console.log(`parse: ${figures(parse)}`);
  console.log(`validate: ${figures(validate)}`);
  console.log(`simulate: ${figures(simulate)}`);
  console.log(`parse+validate+simulate (analyzeCirno): ${figures(analyze)}`);
  console.log(`render as a string: ${figures(render)}, ${(transcript.length / 1e6).toFixed(1)} MB`);
  console.log(`render as chunks: ${figures(chunks)}, ${(bytes / 1e6).toFixed(1)} MB`);
  console.log(`render as chunks in one reused buffer (as the CLI does): ${figures(reused)}`);
  console.log(`explain records: ${figures(explain)}`);
  console.log(`explained lines (deck-sim explain's text): ${figures(explainedLines)}`);
  const each = ((median(lookups.map((run) => run.wall)) / LOOKUPS) * 1e6).toFixed(0);
  console.log(`pile card lookup: ${each} ns each (median of ${RUNS} × ${LOOKUPS})`);
  console.log(`peak RSS of this benchmark: ${peakMb()}`);

  const file = join(tmpdir(), `bench-cirno-${process.pid}.cirnodeck`);
  writeFileSync(file, text);
  const child = spawnSync(process.execPath, [__filename, '--stream', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  unlinkSync(file);
  const rss = Number(child.stderr.toString().trim()) / 1024;
  console.log(`peak RSS of one run streaming the transcript to /dev/null (as the CLI does): ${rss.toFixed(1)} MB`);
}

if (process.argv[2] === '--stream') stream(process.argv[3]);
else bench();
