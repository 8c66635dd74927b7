/**
 * Start-up of the CLI and the language server as processes, from spawn to what a user waits
 * for: `deck-sim simulate` of the samples and `deck-sim --help` to exit; the language server
 * (`deck-sim lsp --stdio`, and dist/server.js, which VS Code runs) to the initialize response
 * and to the first publishDiagnostics of a sample deck. Several trees are timed in turns, run
 * after run, so two builds (say, an older checkout) are compared in the same minutes.
 * Prints the median and the minimum of each.
 * Usage: node out/scripts/bench-startup.js [--runs N] [TREE...]  (a TREE is a built checkout's root)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Timing { label: string; times: number[] }

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 20;
const here = resolve(__dirname, '..', '..');
const trees = (args.length > 0 ? args : [here]).map((tree) => resolve(tree));

/** Milliseconds from spawn to exit of `node TREE/bin/deck-sim.js ARGS`, output discarded. */
function timeCli(tree: string, cliArgs: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [join(tree, 'bin', 'deck-sim.js'), ...cliArgs], {
    cwd: tree, stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${tree}: deck-sim ${cliArgs.join(' ')} exited ${result.status}`);
  return ms;
}

/** One LSP message with its Content-Length header. */
function frame(message: object): string {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Splits a stream of framed LSP messages into parsed messages. */
function messageReader(onMessage: (message: Record<string, unknown>) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const headerEnd = pending.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(pending.subarray(0, headerEnd).toString())![1]);
      const bodyStart = headerEnd + 4;
      if (pending.length < bodyStart + length) return;
      onMessage(JSON.parse(pending.subarray(bodyStart, bodyStart + length).toString('utf8')));
      pending = pending.subarray(bodyStart + length);
    }
  };
}

/**
 * Spawns a language server over stdio, sends initialize, then opens `deck`; resolves to the
 * milliseconds from spawn to the initialize response and to the deck's first diagnostics.
 */
function timeServer(command: string[], deck: string, languageId: string): Promise<[number, number]> {
  return new Promise((resolvePromise, reject) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    const server = spawn(process.execPath, command, { stdio: ['pipe', 'pipe', 'ignore'] });
    const uri = pathToFileURL(deck).href;
    let initialized = NaN;
    const finish = (result: [number, number] | Error) => {
      server.kill();
      if (result instanceof Error) reject(result);
      else resolvePromise(result);
    };
    server.on('exit', (code) => finish(new Error(`${command.join(' ')} exited ${code} before diagnostics`)));
    server.stdout.on('data', messageReader((message) => {
      if (message.id === 1 && 'result' in message) {
        initialized = elapsed();
        server.stdin.write(frame({ method: 'initialized', params: {} }));
        const textDocument = { uri, languageId, version: 1, text: readFileSync(deck, 'utf8') };
        server.stdin.write(frame({ method: 'textDocument/didOpen', params: { textDocument } }));
      } else if ('method' in message && 'id' in message) {
        // A request from the server (configuration, refreshes): every answer is "nothing".
        const items = (message.params as { items?: unknown[] } | undefined)?.items;
        server.stdin.write(frame({ id: message.id, result: items ? items.map(() => null) : null }));
      } else if (message.method === 'textDocument/publishDiagnostics') {
        if ((message.params as { uri: string }).uri === uri) {
          server.removeAllListeners('exit');
          finish([initialized, elapsed()]);
        }
      }
    }));
    const params = { processId: process.pid, rootUri: null, capabilities: {} };
    server.stdin.write(frame({ id: 1, method: 'initialize', params }));
  });
}

interface Case {
  /** Timings of one run in `tree`, one per label in `labels`. */
  run(tree: string): Promise<number[]>;
  labels: string[];
}

const mjdeck = join('examples', 'sample.mjdeck');
const cirnodeck = join('examples', 'sample.cirnodeck');
const cliCase = (words: string[]): Case => ({
  labels: [`deck-sim ${words.join(' ')}`], run: async (tree) => [timeCli(tree, words)],
});
const serverCommands: [string, (tree: string) => string[]][] = [
  ['deck-sim lsp --stdio', (tree) => [join(tree, 'bin', 'deck-sim.js'), 'lsp', '--stdio']],
  ['dist/server.js --stdio', (tree) => [join(tree, 'dist', 'server.js'), '--stdio']],
];
const cases: Case[] = [
  cliCase(['simulate', mjdeck]),
  cliCase(['simulate', cirnodeck]),
  cliCase(['--help']),
  ...serverCommands.flatMap(([name, command]): Case[] => [
    {
      labels: [`${name}: initialize response`, `${name}: first diagnostics, .mjdeck`],
      run: (tree) => timeServer(command(tree), join(tree, mjdeck), 'mjdeck'),
    },
    {
      labels: [`${name}: first diagnostics, .cirnodeck`],
      run: async (tree) => [(await timeServer(command(tree), join(tree, cirnodeck), 'cirnodeck'))[1]],
    },
  ]),
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function readLoad(): string {
  if (!existsSync('/proc/loadavg')) return 'unknown';
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

async function main(): Promise<void> {
  // timings[case][tree][label]
  const timings: Timing[][][] = cases.map((c) => trees.map(() => c.labels.map((label) => ({ label, times: [] }))));
  const loadBefore = readLoad();
  for (let run = 0; run < runs; run++) {
    for (const [c, benchCase] of cases.entries()) {
      for (const [t, tree] of trees.entries()) {
        const times = await benchCase.run(tree);
        for (const [i, time] of times.entries()) timings[c][t][i].times.push(time);
      }
    }
  }
  console.log(`${runs} runs each, trees in turns; load average before ${loadBefore}, after ${readLoad()}`);
  for (const [t, tree] of trees.entries()) console.log(`  [${t + 1}] ${tree}`);
  const width = Math.max(...cases.flatMap((c) => c.labels.map((label) => label.length)));
  for (const caseTimings of timings) {
    for (const [i, { label }] of caseTimings[0].entries()) {
      const figures = caseTimings.map((treeTimings, t) => {
        const { times } = treeTimings[i];
        return `[${t + 1}] median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms`;
      });
      console.log(`${label.padEnd(width)} ${figures.join('   ')}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
