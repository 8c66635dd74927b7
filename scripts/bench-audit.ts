/**
 * What the audit costs and what guided stress gains. Prints: the audit of 2,000 generated Mahjong
 * decks against the whole catalogue; --augment from the official Mahjong cases and from the ⑨
 * samples (time, decks added, the audit summary before and after); and for each likely mistake,
 * how many decks a stress run needs to meet a deck that catches it, unguided (the generators
 * alone) and guided (the catalogue's targeted decks between them), over several seeds. A
 * program making one mistake fails exactly on the decks that catch it, so this is the number of
 * decks `deck-sim stress` runs before it fails. Usage:
 * node out/scripts/bench-audit.js [DECKS] [SHARED_DIR]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { auditDecks, type AuditDeck, type AuditReport } from '../server/src/core/catalogue/audit';
import { augmentDecks } from '../server/src/core/catalogue/augment';
import { guidedDeck, guidedTargets } from '../server/src/core/catalogue/guided';
import { mistakeDifference } from '../server/src/core/catalogue/profile';
import { seededRandom } from '../server/src/core/seededRandom';
import type { DeckGame, GameAnalysis } from '../server/src/core/deckGame';
import { GAMES } from '../server/src/core/gameRegistry';

const count = Number(process.argv[2] ?? 2000);
const shared = process.argv[3] ?? join(__dirname, '..', '..', '..', 'shared');
const STRESS_SEEDS = 10;
const STRESS_LIMIT = 3000;

function summary(report: AuditReport): string {
  const exercised = report.rules.filter((r) => r.hits > 0).length;
  const caught = report.mistakes.filter((m) => m.killedBy.length > 0).length;
  return `rules ${exercised}/${report.rules.length} exercised · mistakes ${caught}/${report.mistakes.length} caught`;
}

function cases(game: string): AuditDeck[] {
  const dir = join(shared, 'conformance', game);
  return readdirSync(dir).filter((f) => f.endsWith('.in')).sort()
    .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
}

async function benchAudit(): Promise<void> {
  const game: DeckGame = GAMES.mahjong;
  const maker = game.deckMaker();
  const decks = Array.from({ length: count }, (_, i) => ({
    name: `deck-${i + 1}`, text: maker.text(maker.generate(i % maker.generators.length, i + 1)),
  }));
  const start = performance.now();
  const report = await auditDecks(game, decks);
  const s = (performance.now() - start) / 1000;
  const rate = (count / s).toFixed(0);
  console.log(`audit of ${count} generated Mahjong decks: ${s.toFixed(1)} s (${rate} decks/s); ${summary(report)}`);
}

async function benchAugment(id: 'mahjong' | 'cirno'): Promise<void> {
  const game: DeckGame = GAMES[id];
  const decks = cases(id);
  const start = performance.now();
  const before = await auditDecks(game, decks);
  const result = await augmentDecks(game, before, { seed: 1 });
  const after = await auditDecks(game, [...decks, ...result.decks.map((d) => ({ name: d.name, text: d.input }))]);
  const s = (performance.now() - start) / 1000;
  console.log(`augment from the ${decks.length} ${id} cases: ${s.toFixed(1)} s, ${result.decks.length} decks added `
    + `(${result.tried} tried)\n  before: ${summary(before)}\n  after:  ${summary(after)}`);
  for (const u of result.possiblyEquivalent) console.log(`  possibly equivalent: ${u.id} (${u.tried} decks tried)`);
  for (const u of result.unexercised) console.log(`  not exercised: ${u.id} (${u.tried} decks tried)`);
}

/** Decks run until one catches `mistake` (STRESS_LIMIT + 1 when none does), guided or not. */
function decksToFind<A extends GameAnalysis>(game: DeckGame<A>, mistake: string, guided: boolean, seed: number) {
  const maker = game.deckMaker();
  const catalogue = game.catalogue();
  const targets = guided ? guidedTargets(catalogue) : [];
  const seeds = seededRandom(seed);
  for (let index = 0; index < STRESS_LIMIT; index++) {
    const { deck } = guidedDeck(maker, catalogue, targets, index, Math.floor(seeds() * 2 ** 32));
    const analysis = game.analyze(maker.text(deck));
    const expected = game.transcript(analysis);
    if (expected !== undefined && mistakeDifference(game, analysis, expected, mistake)) return index + 1;
  }
  return STRESS_LIMIT + 1;
}

function benchStress(id: 'mahjong' | 'cirno'): void {
  const game: DeckGame = GAMES[id];
  console.log(`${id}: decks a stress run needs to catch each mistake, median (worst) over ${STRESS_SEEDS} seeds,`
    + ` unguided -> guided (> ${STRESS_LIMIT}: not within ${STRESS_LIMIT})`);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const show = (n: number) => (n > STRESS_LIMIT ? `>${STRESS_LIMIT}` : String(n));
  for (const { id: mistake } of game.catalogue().mistakes) {
    const runs = (guided: boolean) =>
      Array.from({ length: STRESS_SEEDS }, (_, s) => decksToFind(game, mistake, guided, s + 1));
    const plain = runs(false);
    const guided = runs(true);
    console.log(`  ${mistake.padEnd(28)} ${show(median(plain)).padStart(5)} (${show(Math.max(...plain))})`
      + ` -> ${show(median(guided)).padStart(4)} (${show(Math.max(...guided))})`);
  }
}

void (async () => {
  await benchAudit();
  await benchAugment('mahjong');
  await benchAugment('cirno');
  benchStress('mahjong');
  benchStress('cirno');
})();
