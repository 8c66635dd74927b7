/**
 * Issue 15: a seeded fuzz run through every feature of the game services, as the language
 * server calls them: thousands of mutated decks per game, none may throw, and every problem
 * range and every completion range lies inside the document.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position, Range } from '../../server/src/core/problem';
import { seededRandom } from '../../server/src/core/seededRandom';
import { splitLines } from '../../server/src/core/deckText';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { selectionEdits } from '../../server/src/features/format';
import { replayFrames, replayTarget } from '../../server/src/features/replay';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCases, sharedSkip } from '../helpers';

const DECKS_PER_GAME = 2000;
const ALPHABET = ['A', 'B', 'E', 'M', 'P', 'S', 'Z', '1', '9', '0', '-', ' ', ' ', '\t', '\n', '\r\n', '\r', '#', '⑨',
  '\uFEFF', 'DOUBLE', 'PASS', 'TURN'];

function mutate(text: string, random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  let out = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (out.length + 1));
    switch (Math.floor(random() * 5)) {
      case 0: out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 6)); break;
      case 1: out = out.slice(0, at) + pick(ALPHABET) + out.slice(at); break;
      case 2: {
        const lines = out.split('\n');
        const i = Math.floor(random() * lines.length);
        lines.splice(Math.floor(random() * lines.length), 0, lines[i]);
        out = lines.join('\n');
        break;
      }
      case 3: out = out.slice(0, at); break;
      default: out = out.slice(0, at) + String(Math.floor(random() * 400_000)) + out.slice(at);
    }
  }
  return out;
}

function inside(lines: readonly string[], position: Position): boolean {
  const { line, character } = position;
  return line >= 0 && line < lines.length && character >= 0 && character <= lines[line].length;
}

function rangeInside(lines: readonly string[], range: Range): boolean {
  return inside(lines, range.start) && inside(lines, range.end);
}

for (const game of ['mahjong', 'cirno'] as const) {
  describe(`fuzzing the ${game} service`, { skip: sharedSkip }, () => {
    test(`${DECKS_PER_GAME} mutated decks: no exception, every range inside the document`, () => {
      const service = serviceFor(game);
      const seeds = conformanceCases(game).map((c) => c.input);
      const random = seededRandom(game === 'mahjong' ? 9 : 10);
      let played = 0;
      for (let i = 0; i < DECKS_PER_GAME; i++) {
        const text = mutate(seeds[i % seeds.length], random);
        const lines = splitLines(text);
        const where = `deck ${i}: ${JSON.stringify(text.slice(0, 60))}`;
        const deck = service.analyze(text);
        for (const problem of deck.problems) assert.ok(rangeInside(lines, problem.range),
          `${where}: ${problem.code} ${JSON.stringify(problem.range)}`);
        for (let probe = 0; probe < 3; probe++) {
          const line = Math.floor(random() * lines.length);
          const position = { line, character: Math.floor(random() * (lines[line].length + 1)) };
          const hover = deck.hover(position, { pictures: probe === 0 });
          if (hover !== undefined) assert.equal(typeof hover, 'string');
          for (const item of deck.completions(position)) assert.ok(rangeInside(lines, item.range),
            `${where}: completion ${JSON.stringify(item.range)}`);
          replayTarget(deck, position);
        }
        for (const hint of deck.inlayHints(0, lines.length)) assert.ok(inside(lines, hint.position),
          `${where}: hint ${JSON.stringify(hint.position)}`);
        deck.selectionSummary(new Set([0, 1, 2, Math.floor(random() * lines.length)]));
        const symbols = deck.symbols();
        const visit = (symbol: (typeof symbols)[number]): void => {
          assert.ok(rangeInside(lines, symbol.range) && rangeInside(lines, symbol.selectionRange),
            `${where}: ${symbol.name}`);
          symbol.children?.forEach(visit);
        };
        symbols.forEach(visit);
        for (const fold of deck.folds()) assert.ok(fold.startLine < fold.endLine && fold.endLine < lines.length, where);
        const probe = { line: Math.floor(random() * lines.length), character: 0 };
        for (const range of [...deck.highlights(probe), ...deck.references(probe)]) assert.ok(rangeInside(lines,
          range), where);
        assert.equal(typeof deck.lensTitle(), 'string');
        assert.equal(typeof deck.outcome(), 'string');
        // Format Document: idempotent, and a deck that plays plays the same after it.
        const canonical = deck.format().text;
        const formatted = service.analyze(canonical);
        assert.equal(formatted.format().text, canonical, `${where}: formatting twice`);
        // Format Selection of some lines, then Format Document: the same canonical text.
        const first = Math.floor(random() * lines.length);
        const last = first + Math.floor(random() * (lines.length - first));
        const selected = TextDocument.applyEdits(TextDocument.create('file:///fuzz', 'deck', 0, text),
          selectionEdits(text, deck.format(), first, last));
        assert.equal(service.analyze(selected).format().text, canonical, `${where}: lines ${first} to ${last}`);
        if (deck.transcript() !== undefined) assert.equal(formatted.transcript(), deck.transcript(),
          `${where}: format`);
        if (deck.transcript() !== undefined) {
          played++;
          replayFrames(deck, 0, 50);
        }
      }
      // The run covers both outcomes: decks that play and decks that do not.
      assert.ok(played > 0 && played < DECKS_PER_GAME, `played ${played}`);
    });
  });
}
