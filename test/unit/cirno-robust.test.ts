import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CIRNO_CARDS, analyzeCirno, renderCirnoTranscript, type CirnoAnalysis, type CirnoCardName,
} from '../../server/src/core/cirno';
import { compareRanges } from '../../server/src/core/problem';
import { conformanceCase, formatProblem, sharedSkip } from '../helpers';
import { check } from './cirno-helpers';

const sample1 = conformanceCase('cirno', 'sample-1');

describe('layout: CRLF, BOM, tabs, comments, any pile layout', { skip: sharedSkip }, () => {
  test('sample 1 dressed up reads the same', () => {
    const dressed = [
      '\uFEFF# sample 1, dressed up',
      '',
      '\t2  1\t10   # n m k',
      '   # players next',
      'JoesSR\tB9 A99  PASS',
      'Cirno C2 D2 A49 # the last player',
      '',
      'E49',
      '  DOUBLE\tPASS # comment between pile cards',
      'A19 A49 A99',
      '',
      'A99 A99 A99 A99',
      '',
    ];
    check(dressed.join('\r\n'), sample1.expected);
    check(dressed.join('\r'), sample1.expected);
  });

  test('columns count UTF-16 units and ignore line ends; a BOM is white space', () => {
    // 𝒞 is two UTF-16 units.
    const analysis = analyzeCirno('\uFEFF1 1 1\r\nCirno𝒞 A1 A2 A3\r\nA1\r\n');
    const expected = ["2:15-2:17 error unknown-card: Unknown card 'A3'. Did you mean A1, A2, A5?"];
    assert.deepEqual(analysis.problems.map(formatProblem), expected);
    assert.deepEqual(analysis.deck?.n.range, { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } });
  });
});

describe('never throws', () => {
  test('binary junk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        for (const encoding of ['latin1', 'utf8', 'utf16le'] as const) {
          wellFormed(Buffer.from(bytes).toString(encoding));
        }
      }),
      { numRuns: 300, seed: 1122 },
    );
  });

  test('valid-looking decks broken at random', () => {
    const words = ['1', '2', '3', '30', '31', '0', '-1', 'x', 'A1', 'a99', 'A3', 'PASS', 'DOUBLE', 'Cirno', '#'];
    words.push('\uFEFF');
    const spaces = [' ', '\t', '\n', '\r\n', '\r'];
    const text = fc
      .array(fc.oneof(fc.constantFrom(...words), fc.constantFrom(...spaces)), { maxLength: 80 })
      .map((parts) => parts.join(' '));
    const inputs = fc.oneof(text, sampleMutation());
    fc.assert(fc.property(inputs, (input) => void wellFormed(input)), { numRuns: 500, seed: 1122 });
  });

  test('a huge word and a huge pile of unknown cards: one problem each, then a count', () => {
    const word = analyzeCirno(`1 1 1\nX A1 A2 A5\n${'Z'.repeat(5_000_000)}\n`);
    const cards = `Cards are ${CIRNO_CARDS.slice(0, -1).join(', ')} and DOUBLE.`;
    assert.deepEqual(word.problems.map((p) => p.message), [`Unknown card '${'Z'.repeat(24)}…'. ${cards}`]);
    const many = analyzeCirno(`1 1 300000\nX A1 A2 A5\n${'A3 '.repeat(300_000)}\n`);
    assert.equal(many.problems.length, 101);
    const more = '299900 more unknown cards from here on are not listed (only the first 100 are).';
    assert.equal(many.problems[100].message, more);
  });
});

/** Sample 2 with a few tokens changed, dropped or added. */
function sampleMutation(): fc.Arbitrary<string> {
  const tokens = conformanceCase('cirno', 'sample-2').input.split(/(\s+)/);
  return fc
    .array(
      fc.tuple(fc.nat(tokens.length - 1), fc.constantFrom('', 'A3', 'pass', '\n', '7', 'Cirno', 'TURN')),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      const copy = [...tokens];
      for (const [at, word] of edits) copy[at] = word;
      return copy.join('');
    });
}

/** What holds for any input: problems sorted and inside the text, a game exactly when no error. */
function wellFormed(input: string): CirnoAnalysis {
  const analysis = analyzeCirno(input);
  const lines = input.split(/\r\n|\r|\n/);
  for (const [i, problem] of analysis.problems.entries()) {
    const { start, end } = problem.range;
    assert.ok(start.line < lines.length && end.character <= lines[end.line].length, formatProblem(problem));
    if (i > 0) assert.ok(compareRanges(analysis.problems[i - 1].range, problem.range) <= 0);
  }
  const errors = analysis.problems.some((p) => p.severity === 'error');
  assert.equal(analysis.game === undefined, errors);
  if (analysis.game) assert.equal(renderCirnoTranscript(analysis.game).split('\n').length, analysis.game.lineCount + 1);
  return analysis;
}

/**
 * The rules written out a second, plainer way (hands as lists, choices by sorting) to play
 * random decks against: the engine's compact rows, slots and byte renderer must agree.
 */
function reference(
  names: string[], m: number, hands: CirnoCardName[][], pile: CirnoCardName[],
): { lines: string[]; error?: string } {
  const n = names.length;
  const isEscape = (card: string) => card === 'PASS' || card === 'TURN' || card === 'DOUBLE';
  const value = (card: string, p: number): number => {
    const x = Number(card.slice(1));
    return { A: p + x, B: p - x, C: p * 2, D: Math.floor(p / 2), E: x }[card[0]]!;
  };
  const normal = (hand: string[], p: number, doubled: boolean): number | undefined => {
    const order = doubled ? 'DBACE' : 'CABDE';
    const safe = hand
      .map((card, slot) => ({ card, slot, q: isEscape(card) ? Infinity : value(card, p) }))
      .filter((c) => c.q <= 99);
    safe.sort((a, b) => (doubled ? a.q - b.q : b.q - a.q) || order.indexOf(a.card[0]) - order.indexOf(b.card[0]));
    return safe[0]?.slot;
  };
  const escape = (hand: string[]): number | undefined =>
    ['PASS', 'TURN', 'DOUBLE'].map((e) => hand.indexOf(e)).find((slot) => slot >= 0);

  const held = hands.map((hand) => [...hand]);
  const lines: string[] = [];
  let top = 0;
  let starter = 0;
  for (let round = 1; round <= m; round++) {
    lines.push(`Round ${round}:`);
    let p = 0;
    let direction = 1;
    let doubled = false;
    let player = starter;
    for (;;) {
      const hand = held[player];
      const slot = doubled ? escape(hand) ?? normal(hand, p, true) : normal(hand, p, false) ?? escape(hand);
      if (slot === undefined) {
        lines.push(`${names[player]} lost the game.`);
        for (let s = 0; s < 3; s++) {
          if (top === pile.length) return { lines, error: 'pile-runs-out' };
          hand[s] = pile[top++];
        }
        starter = player;
        break;
      }
      const card = hand[slot];
      if (!isEscape(card)) p = value(card, p);
      lines.push(`${names[player]} used ${card},now p=${p}.`);
      if (Math.abs(p) >= 10000) return { lines, error: 'p-out-of-range' };
      if (top === pile.length) return { lines, error: 'pile-runs-out' };
      hand[slot] = pile[top++];
      if (isEscape(card)) {
        if (card === 'TURN') direction = -direction;
        if (card === 'DOUBLE') doubled = true;
      } else if (doubled) {
        doubled = false;
        continue;
      }
      player = (((player + direction) % n) + n) % n;
    }
  }
  return { lines };
}

describe('random decks agree with a plain reading of the rules', () => {
  // Three kinds of deck: any cards; few raising cards (long rounds); hands of B19 and a pile
  // mostly of C2 (p runs away below −10000).
  const uniform = fc.constantFrom(...CIRNO_CARDS);
  const long = fc.constantFrom<CirnoCardName>(
    'B1', 'B9', 'D2', 'E0', 'E49', 'PASS', 'TURN', 'DOUBLE', 'A99', 'A1', 'C2',
  );
  const kinds: [fc.Arbitrary<CirnoCardName>, fc.Arbitrary<CirnoCardName>][] = [
    [uniform, uniform],
    [long, long],
    [fc.constant('B19'), fc.constantFrom<CirnoCardName>('B19', 'C2', 'C2', 'DOUBLE')],
  ];
  const games = fc.constantFrom(...kinds).chain(([handCard, pileCard]) =>
    fc.record({
      n: fc.integer({ min: 1, max: 4 }),
      m: fc.integer({ min: 1, max: 4 }),
      hands: fc.array(fc.array(handCard, { minLength: 3, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
      pile: fc.array(pileCard, { minLength: 1, maxLength: 120 }),
    }),
  );

  test('transcripts, and where undefined games stop', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(games, ({ n, m, hands, pile }) => {
        const names = Array.from({ length: n }, (_, i) => `P${i + 1}`);
        const playerLines = names.map((name, i) => `${name} ${hands[i].join(' ')}`);
        const text = [`${n} ${m} ${pile.length}`, ...playerLines, pile.join(' ')].join('\n');
        const expected = reference(names, m, hands.slice(0, n), pile);
        const analysis = analyzeCirno(text);
        const game = analysis.game ?? analysis.partialGame;
        assert.ok(game);
        assert.deepEqual(analysis.problems.map((p) => p.code), expected.error ? [expected.error] : []);
        assert.equal(renderCirnoTranscript(game), expected.lines.map((line) => `${line}\n`).join(''));
        seen.add(expected.error ?? 'valid');
      }),
      // Seeded: every run plays the same decks, so each outcome is sure to come up.
      { numRuns: 1500, seed: 1122 },
    );
    assert.deepEqual([...seen].sort(), ['p-out-of-range', 'pile-runs-out', 'valid'], 'each outcome was exercised');
  });
});
