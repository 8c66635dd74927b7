/**
 * The language server's response times over stdio, as an editor sees them (transport
 * included): didChange → publishDiagnostics with no typing pause, and hovers. Prints medians.
 * Usage: node out/scripts/bench-lsp.js
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomCirnoDeckText } from '../server/src/core/cirno';
import { LspSession } from '../test/lsp/lspClient';
import { sharedDir } from '../test/helpers';

const RUNS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

async function timeDiagnostics(lsp: LspSession, uri: string, line: number, texts: [string, string], runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let version = 2; version < runs + 2; version++) {
    const start = performance.now();
    await lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: texts[version % 2 ? 0 : 1].length } }, text: texts[version % 2] }],
    });
    await lsp.diagnosticsFor(uri, version);
    times.push(performance.now() - start);
  }
  return times;
}

async function timeHovers(lsp: LspSession, uri: string, positions: { line: number; character: number }[]): Promise<number[]> {
  const times: number[] = [];
  for (const position of positions) {
    const start = performance.now();
    await lsp.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
    times.push(performance.now() - start);
  }
  return times;
}

async function main(): Promise<void> {
  const lsp = new LspSession();
  await lsp.initialize({}, { diagnosticsDelayMs: 0 });

  const mahjong = readFileSync(join(sharedDir, 'conformance/mahjong/official-01.in'), 'utf8');
  const mjUri = 'file:///bench/official-01.mjdeck';
  await lsp.open(mjUri, 'mjdeck', mahjong);
  await lsp.diagnosticsFor(mjUri, 1);
  // Swap the first tile with itself in another spelling and back: each version is re-analysed and re-simulated.
  const first = mahjong.split('\n')[0];
  const change = await timeDiagnostics(lsp, mjUri, 0, [first, first.toLowerCase()], RUNS);
  const hover = await timeHovers(lsp, mjUri, Array.from({ length: RUNS }, (_, i) => ({ line: i % 148, character: 0 })));
  console.log(`mjdeck (148 lines): didChange → publishDiagnostics median ${ms(median(change))} (of ${RUNS}); hover median ${ms(median(hover))}`);

  const cirno = randomCirnoDeckText(1, 30, 100, 300_000);
  const cirnoUri = 'file:///bench/largest.cirnodeck';
  const openStart = performance.now();
  await lsp.open(cirnoUri, 'cirnodeck', cirno);
  const opened = await lsp.diagnosticsFor(cirnoUri, 1);
  const openTime = performance.now() - openStart;
  const cirnoChange = await timeDiagnostics(lsp, cirnoUri, 1, ['Cirno', 'Cirn0'], 10);
  const pileLine = 40;
  const cirnoHover = await timeHovers(lsp, cirnoUri, Array.from({ length: RUNS }, (_, i) => ({ line: pileLine + (i % 50), character: (i * 7) % 60 })));
  console.log(`cirnodeck (n=30 m=100 k=300000, ${opened.diagnostics.length} problems): open → diagnostics ${ms(openTime)}; `
    + `didChange → publishDiagnostics median ${ms(median(cirnoChange))} (of 10); hover median ${ms(median(cirnoHover))}`);
  await lsp.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
