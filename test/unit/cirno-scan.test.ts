import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { endOfText, lineTokens, splitLines } from '../../server/src/core/deckText';
import { CIRNO_CARDS, MISCASED, UNKNOWN_CARD, cardKind, readCardAt } from '../../server/src/core/cirno/cards';
import { WordScanner } from '../../server/src/core/cirno/scan';
import { analyzeCirno } from '../../server/src/core/cirno';
import { formatProblem } from '../helpers';

const seed = 1122;

describe('reading words without a string each', () => {
  test('the scanner finds the words, lines, columns and end that splitLines and lineTokens find', () => {
    const pieces = ['A1', 'pass', 'x', 'é', '#', '# c', ' ', '\t', '\v', '\f', '\n', '\r', '\r\n', '😀'];
    pieces.push('\uFEFF', '\u00a0', '\u2028', '\u3000');
    const texts = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(texts, (text) => {
        const lines = splitLines(text);
        const expected = lines.flatMap((line, i) => lineTokens(line, i));
        const words = new WordScanner(text);
        const found = [];
        while (words.next()) found.push(words.token());
        assert.deepEqual(found, expected);
        assert.deepEqual(words.endRange(), endOfText(lines));
      }),
      { numRuns: 2000, seed },
    );
  });

  // The reading before: the exact spelling, else its uppercase form (toUpperCase), else unknown.
  const byUppercase = (word: string): number => {
    const exact = cardKind(word);
    if (exact >= 0) return exact;
    const upper = cardKind(word.toUpperCase());
    return upper >= 0 ? upper | MISCASED : UNKNOWN_CARD;
  };

  test('a card is read as its uppercase form reads, in any letter case, ſ and ß included', () => {
    const letters = fc.constantFrom(...'aAbBcdeEpPsSuUtTrRnNoOlL0124599ſßıé'.split(''), 'DOUBLE', 'pass');
    const spelled = fc.array(letters, { minLength: 1, maxLength: 7 }).map((l) => l.join(''));
    const words = fc.oneof(fc.constantFrom(...CIRNO_CARDS), spelled);
    fc.assert(
      fc.property(words, fc.constantFrom('', 'x '), (word, before) => {
        const text = `${before}${word} y`;
        assert.equal(readCardAt(text, before.length, before.length + word.length), byUppercase(word), word);
      }),
      { numRuns: 5000, seed },
    );
    const table: [string, number][] = [
      ['A19', 4], ['a19', 4 | MISCASED], ['Double', 17 | MISCASED], ['paſſ', 15 | MISCASED], ['PAß', 15 | MISCASED],
      ['A3', UNKNOWN_CARD], ['A199', UNKNOWN_CARD], ['DOUBLES', UNKNOWN_CARD], ['', UNKNOWN_CARD], ['E', UNKNOWN_CARD],
    ];
    for (const [word, code] of table) assert.equal(readCardAt(word, 0, word.length), code, word);
  });
});

describe('a pile longer than any k is counted, not kept', () => {
  test('past 300,001 cards: the true count, and the odd cards past there still listed', () => {
    const text = `1 1 4\nX A1 A1 A1\n${'A1 '.repeat(300_000)}\n${'zz '.repeat(150)}a1\n`;
    const analysis = analyzeCirno(text);
    const { pile } = analysis.deck!;
    assert.deepEqual([pile.length, pile.written], [300_001, 300_151]);
    const problems = analysis.problems.map(formatProblem);
    const unknownZz = "error unknown-card: Unknown card 'zz'. Cards are "
      + 'A1, A2, A5, A9, A19, A49, A99, B1, B9, B19, C2, D2, E0, E49, E99, PASS, TURN and DOUBLE.';
    assert.deepEqual(problems.slice(0, 4), [
      '1:5-1:6 error pile-size: The header announces 4 pile cards but the pile holds 300151.',
      '3:13-3:15 error pile-size: This is pile card 5, past the k = 4 the header announces (300147 cards too many).',
      `4:1-4:3 ${unknownZz}`,
      `4:4-4:6 ${unknownZz}`,
    ]);
    assert.deepEqual(problems.slice(101), [
      `4:298-4:300 ${unknownZz}`,
      '4:301-4:303 error more-problems: 50 more unknown cards from here on are not listed (only the first 100 are).',
      "4:451-4:453 warning lowercase-card: Card names are uppercase: 'a1' is read as A1.",
    ]);
    assert.equal(pile.at(300_001), undefined);
    const range = (line: number, start: number) =>
      ({ start: { line, character: start }, end: { line, character: start + 2 } });
    assert.deepEqual(pile.at(299_999), { text: 'A1', card: 'A1', range: range(2, 899_997) });
    assert.deepEqual(pile.at(300_000), { text: 'zz', card: undefined, range: range(3, 0) });
  });
});

describe('the pile finds its cards by position', () => {
  test('ranges, lines and lookups by position agree with the words of each line', () => {
    const pieces = ['A1', 'pass', 'zz', 'DOUBLE', ' ', '  ', '\t', '\n', '\r\n', '\n\n', '# c\n', 'é'];
    const piles = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(piles, (pileText) => {
        const text = `1 1 1\nX A1 A1 A1\n${pileText}`;
        const { pile } = analyzeCirno(text).deck!;
        const lines = splitLines(text);
        const words = lines.flatMap((line, i) => lineTokens(line, i)).slice(7); // past the header and the player
        assert.equal(pile.length, words.length);
        words.forEach((word, i) => {
          const { line, start, end } = word;
          const range = { start: { line, character: start }, end: { line, character: end } };
          assert.deepEqual([pile.range(i), pile.lineOf(i), pile.at(i)!.text], [range, word.line, word.text]);
        });
        lines.forEach((line, number) => {
          for (let character = 0; character <= line.length + 2; character++) {
            // White space parts words, so at most one holds the position.
            const at = words.findIndex((w) => w.line === number && w.start <= character && character <= w.end);
            assert.equal(pile.indexAt(number, character), at, `line ${number} character ${character}`);
          }
          const first = words.findIndex((w) => w.line >= number);
          assert.equal(pile.firstIndexFrom(number), first < 0 ? words.length : first);
        });
      }),
      { numRuns: 500, seed },
    );
  });
});

describe('an ASCII pile, read 8 bytes at a time, is read as word by word', () => {
  test('cards, odd words and every kind of white space: the same pile as a text holding a non-ASCII letter', () => {
    const pieces = [
      'A1', 'A19', 'PASS', 'DOUBLE', 'E99', 'a1', 'Double', 'zz', 'A1A1A1A1A', 'DOUBLEX', 'A1#c', 'A\u0001', '\u0000',
      ' ', ' ', '\n', '\n', '  ', '\t', '\r', '\r\n', '\v', '# c\n', '\u007f',
    ];
    const piles = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));
    const read = (text: string) => {
      const { pile } = analyzeCirno(text).deck!;
      const cards = Array.from({ length: pile.length }, (_, i) => pile.at(i));
      return { cards, written: pile.written, unknown: pile.unknown, miscased: pile.miscased };
    };
    fc.assert(
      fc.property(piles, (pileText) => {
        const text = `1 1 1\nX A1 A1 A1\n${pileText}`;
        // The comment after a line end adds no word, but makes the text non-ASCII.
        assert.deepEqual(read(text), read(`${text}\n# é`));
      }),
      { numRuns: 2000, seed },
    );
  });
});

describe('a pile of many windows (the text is read as bytes 64 KB at a time)', () => {
  test('cards across the windows\' ends, and non-ASCII text in some windows, are read as word by word', () => {
    const cards = ['A1', 'A19', 'DOUBLE', 'a1', 'zz', 'A1A1A1A1A'];
    const spaces = [' ', ' ', ' ', '\n', '\r\n', '\t', '# c\n'];
    // 40,000 to 50,000 words: some 200 KB, so three windows or more, whose ends fall anywhere;
    // one word is not ASCII, so one window (at most two) is not either.
    const words = fc.array(fc.tuple(fc.constantFrom(...cards), fc.constantFrom(...spaces)), {
      minLength: 40_000, maxLength: 50_000,
    });
    const piles = fc.tuple(words, fc.nat()).map(([parts, at]) => {
      parts[at % parts.length][0] = 'é';
      return parts.flat().join('');
    });
    fc.assert(
      fc.property(piles, (pileText) => {
        const text = `1 1 1\nX A1 A1 A1\n${pileText}`;
        const { pile } = analyzeCirno(text).deck!;
        const words = splitLines(text).flatMap((line, i) => lineTokens(line, i)).slice(7);
        assert.equal(pile.length, words.length);
        words.forEach((word, i) => {
          const { line, start, end } = word;
          const range = { start: { line, character: start }, end: { line, character: end } };
          assert.deepEqual([pile.at(i)!.text, pile.range(i)], [word.text, range], `word ${i}`);
        });
        // Out of order too, and by position: every 7th word from the last, at its start and end.
        const firstOfLine = new Map<number, number>();
        words.forEach((word, i) => firstOfLine.set(word.line, firstOfLine.get(word.line) ?? i));
        for (let i = words.length - 1; i >= 0; i -= 7) {
          const { line, start, end } = words[i];
          assert.deepEqual(pile.range(i), { start: { line, character: start }, end: { line, character: end } });
          assert.deepEqual([pile.indexAt(line, start), pile.indexAt(line, end)], [i, i], `word ${i} by position`);
          assert.equal(pile.firstIndexFrom(line), firstOfLine.get(line), `first word of line ${line}`);
        }
      }),
      // No shrinking: a failing pile of 40,000 words would take minutes.
      { numRuns: 3, seed, endOnFailure: true },
    );
  });
});
