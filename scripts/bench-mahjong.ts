/**
 * Simulates N seeded shuffled decks in one process and prints games per second, the median and
 * p99 time per game, and the cold figures: loading the engine (its precomputed tables included)
 * and the first game of the process. On a shared machine other processes inflate the p99, so it
 * also prints the figures of each deck's fastest of three runs, and those of the same pass
 * without its first 1,000 games (the warm-up of the JIT). Last, what a batch run costs per deck
 * in core: parse, validate, simulate and render the transcript. Usage:
 * node out/scripts/bench-mahjong.js [N]
 */
import { performance } from 'node:perf_hooks';
import type * as Mahjong from '../server/src/core/mahjong';

const loadStart = performance.now();
// Loaded here rather than imported, so that the load is timed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mahjong: typeof Mahjong = require('../server/src/core/mahjong');
const loadMs = performance.now() - loadStart;
const { analyzeMahjong, mahjongDeckText, renderMahjongTranscript, shuffledMahjongDeck, simulateMahjong } = mahjong;

const count = Number(process.argv[2] ?? 2000);
const firstDeck = shuffledMahjongDeck(1);
const firstStart = performance.now();
simulateMahjong(firstDeck);
const firstMs = performance.now() - firstStart;

const decks = Array.from({ length: count }, (_, i) => shuffledMahjongDeck(i + 1));
const times: number[] = [];
const outcomes = { ron: 0, selfdrawn: 0, draw: 0 };
let lines = 0;
const start = performance.now();
for (const deck of decks) {
  const t0 = performance.now();
  const game = simulateMahjong(deck);
  times.push(performance.now() - t0);
  outcomes[game.outcome.type === 'draw' ? 'draw' : game.outcome.by]++;
  lines += game.events.length;
}
const total = performance.now() - start;
const fastest = times.slice();
for (let round = 0; round < 2; round++) {
  decks.forEach((deck, i) => {
    const t0 = performance.now();
    simulateMahjong(deck);
    fastest[i] = Math.min(fastest[i], performance.now() - t0);
  });
}
const renderStart = performance.now();
for (const deck of decks.slice(0, 200)) renderMahjongTranscript(simulateMahjong(deck).events);
const renderMs = performance.now() - renderStart;
// What a batch run does per deck in core: read the text, validate, simulate, render.
const texts = decks.slice(0, 2000).map((deck) => mahjongDeckText(deck));
const deckTimes = texts.map((text) => {
  const t0 = performance.now();
  renderMahjongTranscript(analyzeMahjong(text).game!.events);
  return performance.now() - t0;
});
const quantile = (q: number, of = times) => {
  const sorted = of.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const pct = (n: number) => `${((100 * n) / count).toFixed(1)}%`;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`mahjong: ${count} seeded decks in ${total.toFixed(0)} ms`);
console.log(`games per second: ${(count / (total / 1000)).toFixed(0)}`);
console.log(`per game: median ${us(quantile(0.5))}, p99 ${us(quantile(0.99))}`);
const steady = times.slice(1000);
const steadyFigures = `median ${us(quantile(0.5, steady))}, p99 ${us(quantile(0.99, steady))}`;
console.log(`per game after the first 1,000 games of the same pass: ${steadyFigures}`);
console.log(`per game, fastest of 3 runs: median ${us(quantile(0.5, fastest))}, p99 ${us(quantile(0.99, fastest))}`);
console.log(`cold: engine load ${loadMs.toFixed(2)} ms (tables included), first game of the process ${us(firstMs)}`);
console.log(`simulate + render, 200 games: ${renderMs.toFixed(0)} ms`);
console.log(`parse + simulate + render per deck, median of ${texts.length}: ${us(quantile(0.5, deckTimes))}`);
const shares = `RON ${pct(outcomes.ron)}, SELFDRAWN ${pct(outcomes.selfdrawn)}, DRAW ${pct(outcomes.draw)}`;
console.log(`outcomes: ${shares}; mean ${(lines / count).toFixed(0)} lines`);
