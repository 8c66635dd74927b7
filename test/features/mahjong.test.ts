import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position } from '../../server/src/core/problem';
import type { DeckCompletion } from '../../server/src/features/gameService';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, pictures, sharedSkip } from '../helpers';

const mahjong = serviceFor('mahjong');
const official = conformanceCase('mahjong', 'official-01');
const tiles = official.input.trimEnd().split('\n');

/** official-01 with some lines replaced. */
function edited(changes: Record<number, string>): string {
  return tiles.map((tile, i) => changes[i] ?? tile).join('\n') + '\n';
}

const at = (line: number, character = 0): Position => ({ line, character });

describe('Mahjong hovers', { skip: sharedSkip }, () => {
  const cases: [string, string, Position, string | undefined][] = [
    ['a tile dealt and kept', official.input, at(0),
      "**8M** — 8 of Characters · tile 1 of 148\n\n"
        + "- dealt to A (the 1st tile of A's starting hand) · transcript line 1\n"
        + "- still in A's hand at the end"],
    ['a DOUBLE, with the hand it leaves', official.input, at(10),
      '**DOUBLE** — Double: discarded at once, its owner draws again · tile 11 of 148\n\n'
      + "- dealt to C (the 3rd tile of C's starting hand) · transcript line 11\n- discarded by C · transcript line 56\n"
      + "- lies in C's discards at the end\n\n"
      + "C's hand then: `3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E Z DOUBLE` · no melds · winning distance 4\n\n"
      + '**Why C discarded it** · transcript line 56\n\n'
      + 'Special tiles go first, PASS before REVERSE before DOUBLE; C held DOUBLE. C draws again.'],
    ['a tile ponged from a discard', official.input, at(53, 1),
      '**Z** — Red Dragon · tile 54 of 148\n\n- drawn by C on turn 2 · transcript line 55\n'
        + '- discarded by C · transcript line 58\n'
      + "- ponged by A from C's discard · transcript line 59\n\n"
      + "C's hand then: `3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N Z` · no melds · winning distance 4\n\n"
      + '**Why C discarded it** · transcript line 58: every choice leaves distance 4 or 5; '
      + '5P, 6P, 6S, E, N and Z leave 4; '
      + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).\n\n'
      + '| discard | 3M | 4M | 5M | 7M | 9M | 5P | 6P | 3S | 6S | E | N | **Z** |\n'
      + '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
      + '| distance left | 5 | 5 | 5 | 5 | 5 | 4 | 4 | 5 | 4 | 4 | 4 | **4** |\n\n'
      + "Then the rules checked:\n- A's pong Z Z Z: distance 3 → 2, taken"],
    ['a hand with melds', official.input, at(58),
      "**S** — South Wind · tile 59 of 148\n\n- drawn by B on turn 5 · transcript line 73\n"
        + "- discarded by B · transcript line 74\n"
        + "- lies in B's discards at the end\n\n"
      + "B's hand then: `2M 1P 2P 4S 9S 9S 9S S` · 7P 8P 9P · 3P 4P 5P · winning distance 2\n\n"
      + '**Why B discarded it** · transcript line 74: every choice leaves distance 2 or 3; 2M, 4S and S leave 2; '
      + 'S comes first in the discard order (Z F B N W S E 9S … 1M).\n\n'
      + '| discard | 2M | 1P | 2P | 4S | 9S | **S** |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
      + '| distance left | 2 | 3 | 3 | 2 | 3 | **2** |'],
    ['a tile never drawn', official.input, at(147),
      '**E** — East Wind · tile 148 of 148\n\n- never drawn: the game ended first (63 of 148 tiles left the wall)'],
    ['past the last tile', official.input, at(148), undefined],
    ['far past the end', official.input, at(100_000, 5), undefined],
    ['an unknown tile', edited({ 2: '5Q' }), at(2), '**5Q** is not a tile · tile 3 of 148'],
    ['a valid tile of a broken deck', edited({ 2: '5Q' }), at(0),
      "**8M** — 8 of Characters · tile 1 of 148\n\n"
        + "No simulation: 2 errors, the first at line 3: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?"],
    ['a hostile unknown word', edited({ 2: '<img/src=x>' }), at(2),
      '**\\<img/src=x\\>** is not a tile · tile 3 of 148'],
    ['a hostile link', edited({ 2: '[run](command:x)' }), at(2),
      '**\\[run\\]\\(command:x\\)** is not a tile · tile 3 of 148'],
    ['a hostile image', edited({ 2: '![x](https://example.invalid/t.png)' }), at(2),
      '**\\!\\[x\\]\\(https\\://example.invalid/t.png\\)** is not a tile · tile 3 of 148'],
    ['hostile text quoted in the reason', edited({ 2: '<img/src=x>' }), at(0),
      "**8M** — 8 of Characters · tile 1 of 148\n\n"
        + "No simulation: 2 errors, the first at line 3: Unknown tile '\\<img/src=x\\>'. "
      + 'Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS.'],
  ];
  for (const [name, text, position, expected] of cases) {
    test(name, () => assert.equal(mahjong.analyze(text).hover(position, { pictures: false }), expected));
  }

  test('pictures: the tile first, then the hand it leaves', () => {
    const value = mahjong.analyze(official.input).hover(at(53), { pictures: true })!;
    assert.deepEqual(pictures(value).map((p) => p.alt), ['Z', "C's hand"]);
    assert.ok(value.startsWith('![Z](data:image/svg+xml;base64,'));
  });
});

describe('Mahjong completion', { skip: sharedSkip }, () => {
  const fivePs = tiles.flatMap((t, i) => (t === '5P' ? [i] : []));
  const cases: [string, string, Position, string[]][] = [
    ['an emptied line offers the missing kind', edited({ [fivePs[0]]: '' }), at(fivePs[0]),
      ['5P 1 left 000 ' + fivePs[0] + ':0-0']],
    ['a complete deck: the tile being replaced', official.input, at(3), ['9P 1 left 000 3:0-2']],
    ['a surplus tile does not count', edited({ [fivePs[0]]: '', [fivePs[1]]: 'E' }), at(fivePs[1], 1),
      ['5P 2 left 000 ' + fivePs[1] + ':0-1']],
    ['in a comment: nothing', edited({ 5: `${tiles[5]} # note` }), at(5, tiles[5].length + 4), []],
  ];
  for (const [name, text, position, expected] of cases) {
    test(name, () => {
      const items = mahjong.analyze(text).completions(position);
      const where = ({ range: { start, end } }: DeckCompletion) => `${start.line}:${start.character}-${end.character}`;
      assert.deepEqual(items.map((i) => `${i.label} ${i.detail} ${i.sortText} ${where(i)}`), expected);
    });
  }

  test('ranked like the quick fixes, closest to what is typed first', () => {
    const items = mahjong.analyze('5\n').completions(at(0, 1));
    assert.deepEqual(items.slice(0, 5).map((i) => `${i.label} ${i.detail}`),
      ['5M 4 left', '5P 4 left', '5S 4 left', 'E 4 left', 'S 4 left']);
    assert.equal(items[0].documentation, '5 of Characters');
  });
});

describe('Mahjong inlay hints', { skip: sharedSkip }, () => {
  const cases: [string, string, number, number, string[]][] = [
    ['deals and draws', official.input, 50, 56,
      ['50:2  → C (deal) | Dealt to C · transcript line 51', '51:2  → D (deal) | Dealt to D · transcript line 52',
        '52:1  → A | Drawn by A on turn 1 · transcript line '
          + '53', '53:1  → C | Drawn by C on turn 2 · transcript line 55',
        '54:1  → C | Drawn by C on turn 2 · transcript line '
          + '57', '55:2  → C | Drawn by C on turn 3 · transcript line 63',
        '56:6  → C | Drawn by C on turn 4 · transcript line 69']],
    ['never drawn', official.input, 146, 147,
      ['146:1  — not drawn | The game ends before this tile is drawn.',
        '147:1  — not drawn | The game ends before this tile is drawn.']],
    ['a broken deck has none', edited({ 2: '5Q' }), 0, 147, []],
  ];
  for (const [name, text, from, to, expected] of cases) {
    test(name, () => {
      const hints = mahjong.analyze(text).inlayHints(from, to);
      assert.deepEqual(hints.map((h) => `${h.position.line}:${h.position.character} ${h.label} | ${h.tooltip}`),
        expected);
    });
  }
});

describe('Mahjong lens, outcome and transcript', { skip: sharedSkip }, () => {
  const cases: [string, string, string, string, boolean][] = [
    ['a won game', official.input, 'A wins by RON · 84 events · 63 tiles drawn', 'A wins by RON after 84 events', true],
    ['one error', tiles.slice(0, 147).join('\n') + '\n', '1 error · fix it to simulate',
      'simulation skipped: 1 error, the first at line 148: The deck has 147 tiles, 1 short of 148. Missing: E '
        + '×1.', false],
    ['two errors', edited({ 2: '5Q' }), '2 errors · fix them to simulate',
      "simulation skipped: 2 errors, the first at line 3: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?", false],
    // The walk-through's broken deck: the Problems view counts 3, the lens says which are which.
    ['two errors and a warning', edited({ 2: '5Q', 6: '5p' }), '2 errors, 1 warning · fix the errors to simulate',
      "simulation skipped: 2 errors, the first at line 3: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?", false],
    ['an error and a warning', edited({ 6: '5p' }).replace(/^8M\n/, ''),
      '1 error, 1 warning · fix the error to simulate',
      'simulation skipped: 1 error, the first at line 148: The deck has 147 tiles, 1 short of 148. Missing: 8M ×1.',
      false],
  ];
  for (const [name, text, lens, outcome, played] of cases) {
    test(name, () => {
      const deck = mahjong.analyze(text);
      assert.equal(deck.lensTitle(), lens);
      assert.equal(deck.outcome(), outcome);
      assert.equal(deck.transcript(), played ? official.expected : undefined);
    });
  }
});

describe('Mahjong selection figures', { skip: sharedSkip }, () => {
  const cases: [string, string, number[], string][] = [
    ['four lines', official.input, [0, 1, 2, 3], '4 tiles · 8M×1 9P×1 E×1 Z×1'],
    ['an unknown tile is not counted', edited({ 2: '5Q' }), [0, 1, 2, 3], '3 tiles · 8M×1 9P×1 Z×1'],
    ['lines past the end', official.input, [200, 201], ''],
  ];
  for (const [name, text, lines, expected] of cases) {
    test(name, () => assert.equal(mahjong.analyze(text).selectionSummary(new Set(lines)).text, expected));
  }
});

describe('new Mahjong decks', () => {
  test('the same seed gives the same valid deck', () => {
    const text = mahjong.newDeck(42, {});
    assert.equal(text, mahjong.newDeck(42, {}));
    assert.notEqual(text, mahjong.newDeck(43, {}));
    assert.equal(text.split('\n')[0], '# seed 42: a shuffled deck from Deck Simulator: New Shuffled Deck');
    assert.deepEqual(mahjong.analyze(text).problems, []);
  });
});
