/**
 * Seeded fuzz: thousands of mutated decks of each game through the CLI's `run()`. Every run
 * must end with status 0 or 1, print no internal error, and point every problem inside the file.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seededRandom } from '../../server/src/core/seededRandom';
import { splitLines } from '../../server/src/core/deckText';
import { cli } from '../cli/harness';
import { conformanceCases, sharedSkip } from '../helpers';

const DECKS_PER_GAME = 2500;
const WORDS = ['', '#', 'DOUBLE', 'pass', '1m', 'Z', '8Q', 'A99', 'E0', 'TURN', '30', '-1', '100', '300001', '0',
  '99999999999999999999', 'B19', '\uFEFF', '𝒞', '\t', ' ', 'A1 A1 A1', '# comment'];
const BREAKS = ['\n', '\r\n', '\r', ''];

type Mutation = (lines: string[], random: () => number) => void;

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];
const at = (lines: string[], random: () => number) => Math.floor(random() * lines.length);

const MUTATIONS: Mutation[] = [
  (lines, r) => { lines[at(lines, r)] = pick(WORDS, r); },
  (lines, r) => { lines.splice(at(lines, r), 1); },
  (lines, r) => { lines.splice(at(lines, r), 0, lines[at(lines, r)]); },
  (lines, r) => { const i = at(lines, r); const j = at(lines, r); [lines[i], lines[j]] = [lines[j], lines[i]]; },
  (lines, r) => { const i = at(lines, r); lines[i] = lines[i].toLowerCase(); },
  (lines, r) => { const i = at(lines, r); lines[i] += ` ${pick(WORDS, r)}`; },
  (lines, r) => { const i = at(lines, r); lines[i] = lines[i].slice(0, Math.floor(r() * (lines[i].length + 1))); },
  (lines, r) => { lines.length = at(lines, r); },
  (lines, r) => { const i = at(lines, r); lines[i] = lines[i].split(' ').reverse().join(pick(BREAKS, r) || ' '); },
];

function mutate(text: string, random: () => number): string {
  const lines = text.split('\n');
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count && lines.length > 0; i++) pick(MUTATIONS, random)(lines, random);
  const lineBreak = random() < 0.9 ? '\n' : pick(BREAKS, random);
  return lines.join(lineBreak);
}

const PROBLEM = /^<stdin>:(\d+):(\d+): (error|warning|information): .+$/;

/** Every stderr line is a problem inside the text, and nothing else is printed. */
function assertSound(text: string, result: { status: number; stdout: string; stderr: string }, label: string): void {
  assert.ok(result.status === 0 || result.status === 1, `${label}: status ${result.status}`);
  const lines = splitLines(text);
  for (const line of result.stderr.split('\n').slice(0, -1)) {
    const match = PROBLEM.exec(line);
    assert.ok(match, `${label}: unexpected output ${JSON.stringify(line)}`);
    const row = Number(match[1]);
    const column = Number(match[2]);
    assert.ok(row >= 1 && row <= lines.length, `${label}: line ${row} of ${lines.length}`);
    assert.ok(column >= 1 && column <= lines[row - 1].length + 1, `${label}: column ${column} of line ${row}`);
  }
}

describe('fuzz: mutated decks through run()', { skip: sharedSkip }, () => {
  for (const [game, format] of [['mahjong', 'mjdeck'], ['cirno', 'cirnodeck']] as const) {
    test(`${DECKS_PER_GAME} mutated ${game} decks`, async () => {
      const seeds = conformanceCases(game).map((c) => c.input);
      const random = seededRandom(game === 'mahjong' ? 15 : 16);
      for (let i = 0; i < DECKS_PER_GAME; i++) {
        const text = mutate(pick(seeds, random), random);
        const label = `${game} #${i}`;
        const command = i % 2 === 0 ? 'check' : 'simulate';
        const result = await cli([command, '--format', format, '-'], text);
        if (command === 'check') {
          // The closing line counts the problem lines above it; then those are checked alone.
          const lines = result.stderr.split('\n').slice(0, -1);
          const summary = lines.pop();
          const severities = lines.map((line) => PROBLEM.exec(line)?.[3]);
          const counts = ([['error', 'error'], ['warning', 'warning'], ['information', 'note']] as const)
            .map(([severity, word]) => [severities.filter((s) => s === severity).length, word] as const)
            .filter(([n]) => n > 0)
            .map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`);
          const found = counts.length > 0 ? `${counts.join(', ')} in 1 deck` : 'no problems';
          assert.equal(summary, `1 deck checked, ${found}`, label);
          result.stderr = lines.map((line) => line + '\n').join('');
        }
        if (command === 'simulate') {
          // A transcript only with status 0; the problems of a simulation are check's.
          assert.equal(result.stdout === '', result.status !== 0, `${label}: stdout and status disagree`);
          result.stdout = '';
        }
        assertSound(text, result, label);
      }
    });
  }
});
