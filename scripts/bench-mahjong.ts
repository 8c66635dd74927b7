/**
 * Simulates N seeded shuffled decks in one process and prints games per second and the median
 * and p99 time per game. Usage: node out/scripts/bench-mahjong.js [N]
 */
import { performance } from 'node:perf_hooks';
import { renderMahjongTranscript, shuffledMahjongDeck, simulateMahjong } from '../server/src/core/mahjong';

const count = Number(process.argv[2] ?? 2000);
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
const renderStart = performance.now();
for (const deck of decks.slice(0, 200)) renderMahjongTranscript(simulateMahjong(deck).events);
times.sort((a, b) => a - b);
const quantile = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const pct = (n: number) => `${((100 * n) / count).toFixed(1)}%`;
console.log(`mahjong: ${count} seeded decks in ${total.toFixed(0)} ms`);
console.log(`games per second: ${(count / (total / 1000)).toFixed(0)}`);
console.log(`per game: median ${(quantile(0.5) * 1000).toFixed(1)} µs, p99 ${(quantile(0.99) * 1000).toFixed(1)} µs (first game, cold tables: ${(times[times.length - 1] * 1000).toFixed(0)} µs max)`);
console.log(`simulate + render, 200 games: ${(performance.now() - renderStart).toFixed(0)} ms`);
console.log(`outcomes: RON ${pct(outcomes.ron)}, SELFDRAWN ${pct(outcomes.selfdrawn)}, DRAW ${pct(outcomes.draw)}; mean ${(lines / count).toFixed(0)} lines`);
