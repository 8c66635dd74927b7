/**
 * The language server's response times over stdio, as an editor sees them (transport
 * included): didChange → publishDiagnostics with no typing pause, and hovers, both alone and
 * sent one after another while an edit is being re-analysed. Prints medians, p90 and maxima.
 * Then, on the largest ⑨ deck that plays through (bench-cirno's) with the usual typing pause:
 * a whole-document inlay hint request (what Neovim sends), a hover after a flood of 10,000
 * didChange notifications and after one didChange of 10,000 changes, and how many long
 * requests cancelled soon after they were sent are answered RequestCancelled.
 * Usage: node out/scripts/bench-lsp.js [--profile DIR]  (DIR gets the server's .cpuprofile)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomCirnoDeckText } from '../server/src/core/cirno';
import { CancellationTokenSource } from 'vscode-languageserver-protocol/node';
import { LspSession } from '../test/lsp/lspClient';
import { sharedDir } from '../test/helpers';
import { validLargestDeck } from './largestCirnoDeck';

interface Position { line: number; character: number }

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

/** An open document whose line `line` flips between two spellings of the same length, one version each. */
class FlippingDocument {
  private version = 1;

  constructor(
    private readonly lsp: LspSession, readonly uri: string, private readonly line: number,
    private readonly texts: [string, string],
  ) {}

  /** Sends the next version; resolves once its diagnostics are published. */
  async change(): Promise<number> {
    const start = performance.now();
    const version = ++this.version;
    const [before, after] = version % 2 ? [this.texts[1], this.texts[0]] : this.texts;
    const range = { start: { line: this.line, character: 0 }, end: { line: this.line, character: before.length } };
    await this.lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version }, contentChanges: [{ range, text: after }],
    });
    await this.lsp.diagnosticsFor(this.uri, version);
    return performance.now() - start;
  }

  async hover(position: Position): Promise<number> {
    const start = performance.now();
    await this.lsp.connection.sendRequest('textDocument/hover', { textDocument: { uri: this.uri }, position });
    return performance.now() - start;
  }
}

/** didChange → diagnostics, one edit at a time. */
async function changeTimes(document: FlippingDocument, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await document.change());
  return times;
}

/** Each hover's wait when they are sent one after another from an edit until its diagnostics arrive. */
async function hoverWaitsWhileAnalysing(
  document: FlippingDocument, edits: number, positions: Position[],
): Promise<number[]> {
  const waits: number[] = [];
  for (let edit = 0; edit < edits; edit++) {
    let analysed = false;
    const change = document.change().then(() => { analysed = true; });
    // The first hover follows the didChange at once; later ones land anywhere in the analysis.
    for (let i = 0; !analysed; i++) waits.push(await document.hover(positions[i % positions.length]));
    await change;
  }
  return waits;
}

/** Edits per figure of hover waits during re-analysis. */
const EDITS = 20;

function waitFigures(waits: number[]): string {
  return `longest ${ms(Math.max(...waits))}, p90 ${ms(quantile(waits, 0.9))}, median ${ms(quantile(waits, 0.5))} `
    + `(${waits.length} hovers over ${EDITS} edits)`;
}

/** Prints the figures of one document; `edited` is a position on the line its edits change. */
async function report(
  name: string, document: FlippingDocument, changes: number, positions: Position[], edited: Position,
): Promise<void> {
  const change = await changeTimes(document, changes);
  const hover: number[] = [];
  for (const position of positions) hover.push(await document.hover(position));
  const elsewhere = await hoverWaitsWhileAnalysing(document, EDITS, positions);
  const onEdited = await hoverWaitsWhileAnalysing(document, EDITS, [edited]);
  console.log(`${name}\n  didChange → publishDiagnostics: median ${ms(quantile(change, 0.5))}, `
    + `p90 ${ms(quantile(change, 0.9))} (of ${changes})\n`
    + `  hover alone: median ${ms(quantile(hover, 0.5))} (of ${hover.length})\n`
    + `  hovers during re-analysis, off the edited line: ${waitFigures(elsewhere)}\n`
    + `  hovers during re-analysis, on the edited line: ${waitFigures(onEdited)}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions the server spent most time in, themselves (not their callees), from its .cpuprofile. */
function printTopSelfTime(dir: string, count = 15): void {
  const file = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).sort().pop();
  if (!file) return;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const names = new Map(profile.nodes.map(({ id, callFrame: { functionName, url, lineNumber } }) => [id,
    `${functionName || '(anonymous)'} ${url.replace(/^.*\/(out|node_modules)\//, '')}:${lineNumber + 1}`]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = names.get(id)!;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`server profile ${join(dir, file)}: ${ms(total)} sampled; most self time:`);
  for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`  ${ms(time).padStart(11)} ${(100 * time / total).toFixed(1).padStart(5)}%  ${name}`);
  }
}

/** Edits of one flood, and changes of one didChange. */
const FLOOD = 10_000;
/** Long requests sent, each cancelled soon after. */
const CANCELLED = 30;

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

/** The largest deck's figures, in a session of its own with the usual typing pause before diagnostics. */
async function largestDeckFigures(): Promise<void> {
  const { text } = validLargestDeck();
  const lines = text.split('\n');
  const lsp = new LspSession();
  await lsp.initialize();
  const uri = 'file:///bench/largest-played.cirnodeck';
  await lsp.open(uri, 'cirnodeck', text);
  await lsp.diagnosticsFor(uri, 1);
  console.log(`largest ⑨ deck that plays through (${text.length} chars, ${lines.length} lines)`);

  const textDocument = { uri };
  const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
  const inlay: number[] = [];
  let hints: unknown[] = [];
  for (let run = 0; run < 5; run++) {
    const { ms: took, result } = await time(() => lsp.connection.sendRequest('textDocument/inlayHint',
      { textDocument, range: whole }) as Promise<unknown[]>);
    inlay.push(took);
    hints = result;
  }
  console.log(`  whole-document inlay hints: median ${ms(quantile(inlay, 0.5))}, longest ${ms(Math.max(...inlay))} `
    + `(${hints.length} hints, ${(JSON.stringify(hints).length / 1e6).toFixed(1)} MB of JSON)`);

  // A pile line's first card, typed over and back: the same length, so lines keep their columns.
  const line = 100;
  const first = lines[line].split(' ')[0];
  let version = 1;
  const change = (i: number) => ({
    range: { start: { line, character: 0 }, end: { line, character: first.length } },
    text: i % 2 ? first : first.toLowerCase(),
  });
  const hover = () => lsp.connection.sendRequest('textDocument/hover',
    { textDocument, position: { line: line + 50, character: 0 } });
  const flood = await time(async () => {
    const writes: Promise<void>[] = [];
    for (let i = 0; i < FLOOD; i++) {
      writes.push(lsp.connection.sendNotification('textDocument/didChange',
        { textDocument: { uri, version: ++version }, contentChanges: [change(i)] }));
    }
    await Promise.all(writes);
    return (await time(hover)).ms;
  });
  console.log(`  ${FLOOD} didChange notifications, then a hover: answered ${ms(flood.result)} after the last `
    + `was written (${ms(flood.ms)} from the first)`);
  const one = await time(async () => {
    void lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++version }, contentChanges: Array.from({ length: FLOOD }, (_, i) => change(i)),
    });
    return hover();
  });
  console.log(`  one didChange of ${FLOOD} changes, then a hover: ${ms(one.ms)}`);
  await lsp.diagnosticsFor(uri, version);

  const longRequests: [string, object][] = [
    ['textDocument/inlayHint', { textDocument, range: whole }],
    ['textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } }],
    ['deckSim/replayFrames', { textDocument, version, from: 500_000, count: 133 }],
  ];
  let honoured = 0;
  for (let i = 0; i < CANCELLED; i++) {
    const [method, params] = longRequests[i % longRequests.length];
    const source = new CancellationTokenSource();
    const answer = lsp.connection.sendRequest(method, params, source.token);
    setTimeout(() => source.cancel(), 2);
    try {
      await answer;
    } catch (error) {
      if ((error as { code?: number }).code === -32800) honoured++;
    }
  }
  console.log(`  cancelled 2 ms after they were sent: ${honoured} of ${CANCELLED} long requests answered `
    + 'RequestCancelled (whole-document inlay hints, formatting, a replay page, in turn)');
  await lsp.close();
}

async function main(): Promise<void> {
  const profile = process.argv.indexOf('--profile');
  const nodeArgs = profile < 0 ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.argv[profile + 1]}`];
  const lsp = new LspSession(nodeArgs);
  await lsp.initialize({}, { diagnosticsDelayMs: 0 });

  const mahjong = readFileSync(join(sharedDir, 'conformance/mahjong/official-01.in'), 'utf8');
  const mjUri = 'file:///bench/official-01.mjdeck';
  await lsp.open(mjUri, 'mjdeck', mahjong);
  await lsp.diagnosticsFor(mjUri, 1);
  // The first tile in another spelling and back: each version is re-analysed and re-simulated.
  const first = mahjong.split('\n')[0];
  const mjPositions = Array.from({ length: 100 }, (_, i) => ({ line: 1 + (i % 147), character: 0 }));
  await report('mjdeck (official-01, 148 lines)',
    new FlippingDocument(lsp, mjUri, 0, [first, first.toLowerCase()]), 100, mjPositions, { line: 0, character: 0 });

  const cirno = randomCirnoDeckText(1, 30, 100, 300_000);
  const cirnoUri = 'file:///bench/largest.cirnodeck';
  const openStart = performance.now();
  await lsp.open(cirnoUri, 'cirnodeck', cirno);
  const opened = await lsp.diagnosticsFor(cirnoUri, 1);
  const openTime = performance.now() - openStart;
  // A player's name and back: the whole game is played again.
  const pilePositions = Array.from({ length: 100 }, (_, i) => ({ line: 40 + (i % 50), character: (i * 7) % 60 }));
  await report(`cirnodeck (n=30 m=100 k=300000, ${opened.diagnostics.length} problems; `
    + `open → diagnostics ${ms(openTime)}; hovers on the pile)`,
  new FlippingDocument(lsp, cirnoUri, 1, ['Cirno', 'Cirn0']), 30, pilePositions, { line: 1, character: 2 });
  await lsp.close();
  if (profile >= 0) printTopSelfTime(process.argv[profile + 1]);
  await largestDeckFigures();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
