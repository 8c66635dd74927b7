import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeMahjong, mahjongDeckText, shuffledMahjongDeck } from '../../server/src/core/mahjong';
import { formatProblem } from '../helpers';
import { range } from '../../server/src/core/problem';

/** A valid deck's lines (seed 1), to break one at a time. */
const validLines = mahjongDeckText(shuffledMahjongDeck(1)).trimEnd().split('\n');

function deckWith(change: (lines: string[]) => void, eol = '\n'): string {
  const lines = [...validLines];
  change(lines);
  return lines.join(eol) + eol;
}

/** Analyses text and compares every problem, formatted `L:C-L:C severity code: message`. */
function check(input: string, expected: string[]): void {
  assert.deepEqual(analyzeMahjong(input).problems.map(formatProblem), expected);
}

/** The unknown-tile problems of a one-line deck (the deck is also short, which is not the point). */
function unknownTiles(line: string) {
  return analyzeMahjong(`${line}\n`).problems.filter((problem) => problem.code === 'unknown-tile');
}

describe('Mahjong deck problems', () => {
  test('a shuffled deck is valid and is played', () => {
    const analysis = analyzeMahjong(deckWith(() => {}));
    assert.deepEqual(analysis.problems, []);
    assert.ok(analysis.game);
  });

  test('an unknown tile, with the closest names', () => {
    const line2 = validLines[2];
    check(deckWith((l) => { l[2] = '5Q'; }), [
      "3:1-3:3 error unknown-tile: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?",
      `149:1-149:1 error missing-tiles: Missing: ${line2} ×1.`,
    ]);
  });

  test('junk with no close name lists the tiles', () => {
    const fixes = analyzeMahjong('HELLOWORLD\n').problems[0];
    assert.equal(
      formatProblem(fixes),
      "1:1-1:11 error unknown-tile: Unknown tile 'HELLOWORLD'."
        + ' Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS.',
    );
    assert.deepEqual(fixes.fixes, []);
  });

  test('a misspelt special tile', () => {
    const problem = analyzeMahjong('PASSS\n').problems[0];
    assert.equal(formatProblem(problem), "1:1-1:6 error unknown-tile: Unknown tile 'PASSS'. Did you mean PASS?");
    assert.deepEqual(problem.fixes, [
      { title: 'Change to PASS', edits: [{ range: problem.range, newText: 'PASS' }], preferred: true },
    ]);
  });

  test('an invisible character is shown, and what differs from the tile it looks like is said', () => {
    const problems = (text: string) => unknownTiles(text);
    assert.deepEqual(problems('9P\u0000').map(formatProblem), [
      "1:1-1:4 error unknown-tile: Unknown tile '9P\\u0000': it is 9P with the invisible character U+0000."
        + ' Did you mean 9P?',
    ]);
    assert.deepEqual(problems('\u200B9P\u200B\u00AD').map(formatProblem), [
      "1:1-1:6 error unknown-tile: Unknown tile '\\u200B9P\\u200B\\u00AD': it is 9P with the invisible characters"
        + ' U+200B, U+00AD. Did you mean 9P?',
    ]);
    // Not a tile once cleaned: the closest names of what is seen, and the character still shown.
    assert.deepEqual(problems('9Q\u0000').map(formatProblem), [
      "1:1-1:4 error unknown-tile: Unknown tile '9Q\\u0000'. Did you mean 9M, 9P, 9S?",
    ]);
    const [nul] = problems('9P\u0000');
    assert.deepEqual(nul.fixes, [
      { title: 'Change to 9P', edits: [{ range: nul.range, newText: '9P' }], preferred: true },
    ]);
  });

  test('full-width forms are read as ASCII to find the names (NFKC)', () => {
    const problems = (text: string) => unknownTiles(text).map(formatProblem);
    assert.deepEqual(problems('５Ｍ'), [
      "1:1-1:3 error unknown-tile: Unknown tile '５Ｍ': it is 5M in full-width characters. Did you mean 5M?",
    ]);
    assert.deepEqual(problems('ｐａｓｓ'), [
      "1:1-1:5 error unknown-tile: Unknown tile 'ｐａｓｓ': it is PASS in full-width characters. Did you mean PASS?",
    ]);
    assert.deepEqual(problems('５Ｑ'), ["1:1-1:3 error unknown-tile: Unknown tile '５Ｑ'. Did you mean 5M, 5P, 5S?"]);
  });

  test('lowercase is a warning with the fix, and the deck is still played', () => {
    const lower = validLines[7].toLowerCase();
    const analysis = analyzeMahjong(deckWith((l) => { l[7] = `  ${lower}`; }));
    assert.deepEqual(analysis.problems.map(formatProblem), [
      `8:3-8:${3 + lower.length} warning lowercase-tile:`
        + ` Tile names are uppercase: '${lower}' is read as ${validLines[7]}.`,
    ]);
    assert.deepEqual(analysis.problems[0].fixes?.[0].edits[0].newText, validLines[7]);
    assert.ok(analysis.game);
  });

  test('more than one token on a line', () => {
    const analysis = analyzeMahjong(deckWith((l) => { l[0] = `${l[0]} 5P\tE`; }));
    const expectedEnd = validLines[0].length + 6;
    assert.deepEqual(analysis.problems.map(formatProblem).slice(0, 1), [
      `1:${validLines[0].length + 2}-1:${expectedEnd} error extra-tokens:`
        + ` One tile per line: '5P', 'E' after '${validLines[0]}' are not read.`,
    ]);
    const fix = analysis.problems[0].fixes![0];
    assert.equal(fix.title, 'Put each tile on its own line');
    // One edit from the first word's end to the last word's: each run of white space a line break.
    assert.deepEqual(fix.edits.map((e) => [e.range.start.character, e.range.end.character, e.newText]), [
      [validLines[0].length, validLines[0].length + 5, '\n5P\nE'],
    ]);
  });

  test('a line of 3 million words: three named and the rest counted, no fix past 10,000 words', () => {
    const line = (words: number) => Array.from({ length: words }, (_, i) => (i % 2 === 0 ? '1M' : '9P')).join(' ');
    const huge = analyzeMahjong(line(3_000_000) + '\n').problems.find((p) => p.code === 'extra-tokens')!;
    assert.deepEqual([formatProblem(huge), huge.fixes], [
      `1:4-1:${3_000_000 * 3} error extra-tokens: One tile per line: '9P', '1M', '9P' and 2,999,996 more `
        + "after '1M' are not read.", undefined,
    ]);
    const last = analyzeMahjong(line(10_001) + ' # comment\n').problems.find((p) => p.code === 'extra-tokens')!;
    assert.equal(last.message, "One tile per line: '9P', '1M', '9P' and 9,997 more after '1M' are not read.");
    const [edit] = last.fixes![0].edits;
    assert.deepEqual([edit.range, edit.newText.split('\n').length], [range(0, 2, 10_001 * 3 - 1), 10_001]);
    assert.ok(edit.newText.startsWith('\n9P\n1M\n') && edit.newText.endsWith('\n1M'));
  });

  test('a surplus tile is marked, the missing kind named, and the fix replaces one with the other', () => {
    const analysis = analyzeMahjong(deckWith((l) => {
      l[l.indexOf('E')] = 'Z';
    }));
    const zLines = analysis.deck.tiles.filter((t) => t.kind === 33).map((t) => t.token.line);
    const fifth = zLines[4];
    assert.deepEqual(analysis.problems.map(formatProblem), [
      `${fifth + 1}:1-${fifth + 1}:2 error surplus-tile:`
        + ' Too many Z: this is the fifth; a deck holds exactly 4 of each tile.',
      '149:1-149:1 error missing-tiles: Missing: E ×1.',
    ]);
    assert.deepEqual(analysis.problems[0].fixes?.map((f) => f.title), ['Change to E']);
  });

  test('too few tiles names each missing kind and how many', () => {
    check(['1M', '1M', 'PASS', ''].join('\n'), [
      '4:1-4:1 error missing-tiles: The deck has 3 tiles, 145 short of 148. Missing:'
        + ' 1M ×2, 2M ×4, 3M ×4, 4M ×4, 5M ×4, 6M ×4, 7M ×4, 8M ×4, 9M ×4,'
        + ' 1P ×4, 2P ×4, 3P ×4, 4P ×4, 5P ×4, 6P ×4, 7P ×4, 8P ×4, 9P ×4,'
        + ' 1S ×4, 2S ×4, 3S ×4, 4S ×4, 5S ×4, 6S ×4, 7S ×4, 8S ×4, 9S ×4,'
        + ' E ×4, S ×4, W ×4, N ×4, B ×4, F ×4, Z ×4, DOUBLE ×4, REVERSE ×4, PASS ×3.',
    ]);
  });

  test('too many tiles marks the tiles past 148', () => {
    check(deckWith((l) => { l.push('1M', '2M'); }), [
      '149:1-149:3 error surplus-tile: Too many 1M: this is the fifth; a deck holds exactly 4 of each tile.',
      '149:1-150:3 error too-many-tiles:'
        + ' The deck has 150 tiles, 2 more than 148: tile 149 and after are never reached.',
      '150:1-150:3 error surplus-tile: Too many 2M: this is the fifth; a deck holds exactly 4 of each tile.',
    ].sort(byPosition));
  });

  test('empty files and files of comments only', () => {
    check('', [
      '1:1-1:1 error empty-deck: The deck holds no tiles at all: a Mahjong deck lists 148 tiles, one per line, '
        + 'top first.',
    ]);
    // At line 1, not at the end of the text, which can be far below.
    check('# a puzzle\n\n' + '\n'.repeat(1000), [
      '1:1-1:1 error empty-deck: The deck holds no tiles at all: a Mahjong deck lists 148 tiles, one per line, '
        + 'top first.',
    ]);
  });

  test('CRLF, a BOM, tabs, blank lines and comments are all tolerated, with exact columns', () => {
    const text = '\uFEFF# deck\r\n'
      + validLines.map((t, i) => (i % 3 === 0 ? `\t${t}  # tile ${i + 1}` : t)).join('\r\n\r\n')
      + '\r\n';
    const analysis = analyzeMahjong(text);
    assert.deepEqual(analysis.problems, []);
    assert.deepEqual(analysis.deck.tiles[0].token, {
      text: validLines[0], line: 1, start: 1, end: 1 + validLines[0].length,
    });
    assert.equal(analysis.deck.tiles[1].token.line, 3);
    assert.ok(analysis.game);
  });

  test('a BOM on the first tile line keeps the tile readable', () => {
    const analysis = analyzeMahjong('\uFEFF' + validLines.join('\n'));
    assert.deepEqual(analysis.problems, []);
    assert.equal(analysis.deck.tiles[0].token.start, 1);
  });

  test('binary junk never throws and every problem has a range inside the text', () => {
    const bytes = Array.from({ length: 5000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    const analysis = analyzeMahjong(bytes);
    const lines = bytes.split(/\r\n|\r|\n/);
    assert.ok(analysis.problems.length > 0);
    for (const p of analysis.problems) {
      assert.ok(p.range.end.line < lines.length);
      assert.ok(p.range.end.character <= lines[p.range.end.line].length);
    }
    assert.equal(analysis.game, undefined);
  });

  test('a huge file lists 100 problems of a kind and sums up the rest', () => {
    const lines = Array.from({ length: 100000 }, (_, i) => (i % 2 ? 'XX' : 'E'));
    const analysis = analyzeMahjong(lines.join('\n'));
    const codes = new Map<string, number>();
    for (const p of analysis.problems) codes.set(p.code, (codes.get(p.code) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(codes), {
      'unknown-tile': 100, 'surplus-tile': 100, 'more-problems': 2, 'too-many-tiles': 1, 'missing-tiles': 1,
    });
    assert.deepEqual(analysis.problems.filter((p) => p.code === 'more-problems').map(formatProblem), [
      '202:1-202:3 error more-problems: 49900 more unknown tiles from here on are not listed (only the first 100 are).',
      '209:1-209:2 error more-problems: 49896 more surplus tiles from here on are not listed (only the first 100 are).',
    ]);
    // A surplus tile offers a few missing kinds, not all 36.
    assert.deepEqual(analysis.problems.find((p) => p.code === 'surplus-tile')!.fixes!.map((f) => f.title),
      ['Change to 1M', 'Change to 2M', 'Change to 3M', 'Change to 4M', 'Change to 5M']);
  });

  test('long junk is quoted short in messages', () => {
    const [problem] = analyzeMahjong('X'.repeat(100000)).problems;
    assert.equal(
      problem.message,
      "Unknown tile 'XXXXXXXXXXXXXXXXXXXXXXXX…'."
        + ' Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS.',
    );
    assert.deepEqual(problem.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 100000 } });
  });
});

function byPosition(a: string, b: string): number {
  const [la, ca] = a.split(/[:-]/).map(Number);
  const [lb, cb] = b.split(/[:-]/).map(Number);
  return la - lb || ca - cb;
}
