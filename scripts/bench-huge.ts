/**
 * Huge inputs, as processes: time, CPU and peak memory of `deck-sim check` and the package's
 * validate.js on a Mahjong deck of one 60 MB line (`1M 1M …`) and one of 20 million `1M` lines;
 * then, over stdio, the language server's code actions on a 1 MB line and its outline of 3.5
 * million lines (the answer's size, and the server's peak memory). Give other built checkouts to
 * measure them in turns (before and after a change).
 * Usage: node out/scripts/bench-huge.js [--mb N] [TREE...]   (default: this checkout, 60 MB)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

const root = resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const mbAt = args.indexOf('--mb');
const mb = mbAt >= 0 ? Number(args.splice(mbAt, 2)[1]) : 60;
const trees = args.length > 0 ? args.map((tree) => resolve(tree)) : [root];
const work = mkdtempSync(join(tmpdir(), 'deck-sim-bench-huge-'));
// Loaded before the program: its own peak memory and CPU, on stderr, as it exits.
const preload = join(work, 'usage.js');
writeFileSync(preload, "process.on('exit', () => { const u = process.resourceUsage();"
  + " require('fs').writeSync(2, `\\nusage ${u.maxRSS} ${(u.userCPUTime + u.systemCPUTime) / 1000}\\n`); });\n");

interface Usage { status: string; seconds: number; cpuMs?: number; maxRssMb?: number; said: string }

/** Runs node with the preload; stdin from `input` (a file) when given. */
function run(argv: string[], input?: string): Promise<Usage> {
  return new Promise((done) => {
    const start = performance.now();
    const stdin = input === undefined ? 'ignore' : openSync(input, 'r');
    const child = spawn(process.execPath, ['--require', preload, ...argv], { stdio: [stdin, 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr = (stderr + chunk).slice(-4096); });
    child.on('close', (code, signal) => {
      const usage = /\nusage (\d+) ([\d.]+)\n/.exec(stderr);
      const said = stderr.replace(/\nusage .*\n/, '').trim().split('\n').filter(Boolean).pop() ?? '';
      done({
        status: signal ? `killed by ${signal}` : `exit ${code}`, seconds: (performance.now() - start) / 1000,
        cpuMs: usage ? Number(usage[2]) : undefined, maxRssMb: usage ? Number(usage[1]) / 1024 : undefined,
        said: said.length > 100 ? said.slice(0, 100) + '…' : said,
      });
    });
  });
}

function line(what: string, usage: Usage, inputMb: number): string {
  const memory = usage.maxRssMb === undefined ? 'peak memory unknown (it did not exit normally)'
    : `peak ${usage.maxRssMb.toFixed(0)} MB (${(usage.maxRssMb / inputMb).toFixed(1)}x the input)`;
  const cpu = usage.cpuMs === undefined ? '' : `, ${(usage.cpuMs / 1000).toFixed(2)} s CPU`;
  return `  ${what}: ${usage.status}, ${usage.seconds.toFixed(2)} s${cpu}, ${memory}\n    last line: ${usage.said}`;
}

/** The language server of `tree`: code actions on a 1 MB line, the outline of 3.5 million lines. */
async function server(tree: string): Promise<void> {
  const child = spawn(process.execPath, ['--require', preload, join(tree, 'dist', 'cli.js'), 'lsp', '--stdio']);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await connection.sendNotification('initialized', {});
  const timed = async (what: string, method: string, params: object) => {
    const start = performance.now();
    try {
      const answer = JSON.stringify(await connection.sendRequest(method, params));
      console.log(`  ${what}: ${((performance.now() - start) / 1000).toFixed(2)} s, ${answer.length} characters`);
    } catch (error) {
      console.log(`  ${what}: ${(error as Error).message} after ${((performance.now() - start) / 1000).toFixed(2)} s`);
    }
  };
  const words = Array.from({ length: 349_525 }, (_, i) => (i % 2 ? '9P' : '1M')).join(' ') + '\n';
  await connection.sendNotification('textDocument/didOpen',
    { textDocument: { uri: 'file:///line.mjdeck', languageId: 'mjdeck', version: 1, text: words } });
  await timed('codeAction on a 1 MB line of 349,525 words', 'textDocument/codeAction', {
    textDocument: { uri: 'file:///line.mjdeck' }, context: { diagnostics: [] },
    range: { start: { line: 0, character: 5 }, end: { line: 0, character: 5 } },
  });
  await connection.sendNotification('textDocument/didOpen', { textDocument: {
    uri: 'file:///lines.mjdeck', languageId: 'mjdeck', version: 1, text: '1M\n'.repeat(3_500_000),
  } });
  await timed('documentSymbol on 3.5 million lines (10.5 MB)', 'textDocument/documentSymbol',
    { textDocument: { uri: 'file:///lines.mjdeck' } });
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  await new Promise((done) => child.once('close', done));
  connection.dispose();
  const usage = /\nusage (\d+) ([\d.]+)\n/.exec(stderr);
  if (!usage) return;
  const [peakMb, cpuSeconds] = [Number(usage[1]) / 1024, Number(usage[2]) / 1000];
  console.log(`  the server: peak ${peakMb.toFixed(0)} MB, ${cpuSeconds.toFixed(2)} s CPU`);
}

async function main(): Promise<void> {
  const oneLine = join(work, 'one-line.mjdeck');
  const manyLines = join(work, 'many-lines.mjdeck');
  const tokens = Math.floor((mb * 1_000_000) / 3);
  writeFileSync(oneLine, '1M '.repeat(tokens - 1) + '1M\n');
  writeFileSync(manyLines, '1M\n'.repeat(tokens));
  for (const tree of trees) {
    console.log(tree);
    const validator = join(work, 'validate.js');
    writeFileSync(validator, readFileSync(join(tree, 'dist', 'validator.js'), 'utf8')
      + '\nmodule.exports.runValidator("mahjong");\n');
    const cli = join(tree, 'dist', 'cli.js');
    for (const [name, file] of [[`one ${mb} MB line`, oneLine], [`${tokens} lines`, manyLines]]) {
      console.log(line(`check, ${name}`, await run([cli, 'check', file]), mb));
      console.log(line(`validate.js, ${name}`, await run([validator], file), mb));
    }
    await server(tree);
  }
  rmSync(work, { recursive: true, force: true });
}

void main();
