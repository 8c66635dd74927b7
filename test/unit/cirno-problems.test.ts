import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno } from '../../server/src/core/cirno';
import { checkProblems, deck } from './cirno-helpers';

const EMPTY = "1:1-1:1 error empty-deck: The deck holds no cards at all: it should start with the header line 'n m k' "
  + '(players, rounds, pile cards).';

describe('the header', () => {
  test('an empty file, or one of blanks and comments, is one problem at 1:1', () => {
    checkProblems('', [EMPTY]);
    checkProblems('# only a comment\r\n\r\n \t \n', [EMPTY]);
  });

  test('a missing number: where it would go', () => {
    checkProblems(deck('2 1', 'A C2 D2 E0', 'B C2 D2 E0'), [
      "1:4-1:4 error bad-header: The header must be three whole numbers 'n m k': k (pile cards) is missing.",
    ]);
    checkProblems(deck('1', 'X A1 A2 A5'), [
      "1:2-1:2 error bad-header: The header must be three whole numbers 'n m k': m (rounds) and k (pile cards) are "
        + "missing.",
    ]);
  });

  test('a number that is not a whole number', () => {
    checkProblems(deck('1 x 1', 'X A1 A2 A5', 'A1'), [
      "1:3-1:4 error bad-header: m (rounds) must be a whole number, not 'x'.",
    ]);
    checkProblems(deck('1 1 2.5', 'X A1 A2 A5', 'A1'), [
      "1:5-1:8 error bad-header: k (pile cards) must be a whole number, not '2.5'.",
    ]);
  });

  test('out of bounds: n, m, k', () => {
    // Without a valid n the player lines cannot be told from the pile: nothing else is read.
    const analysis = checkProblems(deck('31 1 10', 'A B C D'), [
      '1:1-1:3 error bad-header: n (players) must be between 1 and 30, not 31.',
    ]);
    assert.equal(analysis.deck, undefined);
    checkProblems(deck('0 1 10'), ['1:1-1:2 error bad-header: n (players) must be between 1 and 30, not 0.']);
    checkProblems(deck('1 0 1', 'X A1 A2 A5', 'A1'), [
      '1:3-1:4 error bad-header: m (rounds) must be between 1 and 100, not 0.',
    ]);
    checkProblems(deck('1 101 1', 'X A1 A2 A5', 'A1'), [
      '1:3-1:6 error bad-header: m (rounds) must be between 1 and 100, not 101.',
    ]);
    checkProblems(deck('1 1 300001', 'X A1 A2 A5', 'A1'), [
      '1:5-1:11 error bad-header: k (pile cards) must be between 1 and 300000, not 300001.',
    ]);
    checkProblems(deck('1 1 -3', 'X A1 A2 A5', 'A1'), [
      '1:5-1:7 error bad-header: k (pile cards) must be between 1 and 300000, not -3.',
    ]);
  });

  test('a fourth number', () => {
    checkProblems(deck('1 1 1 7', 'X A1 A2 A5', 'A1'), [
      "1:7-1:8 error bad-header: The header holds only the three numbers 'n m k'; '7' is extra.",
    ]);
  });

  test('the header is the first line that is not blank or a comment', () => {
    const analysis = analyzeCirno(deck('# a deck', '', '1 1 4 # n m k', 'X A99 A1 A2', 'A99 A99 A99 A99'));
    assert.deepEqual(analysis.problems, []);
    assert.equal(analysis.deck?.n.range.start.line, 2);
    assert.ok(analysis.game);
  });
});

describe('player lines', () => {
  test('fewer than three cards: where the next would go; more: the first extra card', () => {
    checkProblems(deck('3 1 1', 'Cirno C2 D2', 'Marisa A1 A2 A5 A9 A19', 'Reimu', 'A1'), [
      "2:12-2:12 error bad-player-line: Player 'Cirno' holds 2 cards; a player line is a name and exactly three cards.",
      "3:17-3:19 error bad-player-line: Player 'Marisa' holds 5 cards; a player line is a name and exactly three "
        + "cards.",
      "4:6-4:6 error bad-player-line: Player 'Reimu' holds 0 cards; a player line is a name and exactly three cards.",
    ]);
  });

  test('missing player lines: at the end of the file', () => {
    checkProblems(deck('3 1 1', 'A A1 A2 A5'), [
      '1:5-1:6 error pile-size: The header announces 1 pile card but the pile holds 0.',
      '3:1-3:1 error missing-players: The header announces 3 players but only 1 player line follows.',
      '3:1-3:1 error pile-size: The pile ends after 0 cards: 1 more is needed to make k = 1.',
    ]);
  });

  test('one player announced and none there: "1 player", in the singular', () => {
    checkProblems('1 1 1\n', [
      '1:5-1:6 error pile-size: The header announces 1 pile card but the pile holds 0.',
      '2:1-2:1 error missing-players: The header announces 1 player but no player lines follow.',
      '2:1-2:1 error pile-size: The pile ends after 0 cards: 1 more is needed to make k = 1.',
    ]);
  });

  test('a name used twice: the second, naming the line of the first', () => {
    checkProblems(deck('3 1 1', 'Cirno A1 A2 A5', 'Reimu A1 A2 A5', 'Cirno A1 A2 A5', 'A1'), [
      "4:1-4:6 error duplicate-name: Player name 'Cirno' is already used on line 2.",
    ]);
  });
});

describe('cards', () => {
  test('unknown cards, with the closest names as fixes (the first preferred)', () => {
    const analysis = checkProblems(deck('1 1 4', 'X A3 A049 PASSS', 'DRAW2 HELLO A1 A2'), [
      "2:3-2:5 error unknown-card: Unknown card 'A3'. Did you mean A1, A2, A5?",
      "2:6-2:10 error unknown-card: Unknown card 'A049'. Did you mean A49, A9, A19?",
      "2:11-2:16 error unknown-card: Unknown card 'PASSS'. Did you mean PASS?",
      "3:1-3:6 error unknown-card: Unknown card 'DRAW2'. Did you mean A2, D2?",
      "3:7-3:12 error unknown-card: Unknown card 'HELLO'. Cards are A1, A2, A5, A9, A19, A49, A99, B1, B9, B19, C2, "
        + "D2, E0, E49, E99, PASS, TURN and DOUBLE.",
    ]);
    const [a3, , passs, , hello] = analysis.problems;
    assert.deepEqual(a3.fixes, ['A1', 'A2', 'A5'].map((name, i) => ({
      title: `Change to ${name}`,
      edits: [{ range: a3.range, newText: name }],
      preferred: i === 0,
    })));
    assert.deepEqual(passs.fixes, [
      { title: 'Change to PASS', edits: [{ range: passs.range, newText: 'PASS' }], preferred: true },
    ]);
    assert.deepEqual(hello.fixes, []);
    assert.equal(analysis.deck?.players[0].hand[0].card, undefined);
  });

  test('invisible characters are shown, and what differs from the card they look like is said', () => {
    const analysis = checkProblems(deck('1 1 2', 'X A1 A2 A9\u0000', 'TURN\u200B \uFEFFA9\u2060'), [
      "2:9-2:12 error unknown-card: Unknown card 'A9\\u0000': it is A9 with the invisible character U+0000."
        + ' Did you mean A9?',
      "3:1-3:6 error unknown-card: Unknown card 'TURN\\u200B': it is TURN with the invisible character U+200B."
        + ' Did you mean TURN?',
      "3:8-3:11 error unknown-card: Unknown card 'A9\\u2060': it is A9 with the invisible character U+2060."
        + ' Did you mean A9?',
    ]);
    const [nul] = analysis.problems;
    assert.deepEqual(nul.fixes, [
      { title: 'Change to A9', edits: [{ range: nul.range, newText: 'A9' }], preferred: true },
    ]);
  });

  test('full-width and look-alike forms are read as ASCII to find the names (NFKC)', () => {
    checkProblems(deck('1 1 3', 'X Ａ１ A2 A5', 'Ａ７ ｔｕｒｎ A⑨'), [
      "2:3-2:5 error unknown-card: Unknown card 'Ａ１': it is A1 in full-width characters. Did you mean A1?",
      "3:1-3:3 error unknown-card: Unknown card 'Ａ７'. Did you mean A1, A2, A5?",
      "3:4-3:8 error unknown-card: Unknown card 'ｔｕｒｎ': it is TURN in full-width characters. Did you mean TURN?",
      "3:9-3:11 error unknown-card: Unknown card 'A⑨': it is A9 in look-alike characters. Did you mean A9?",
    ]);
  });

  test('a long junk word is cut short in the message and gets no suggestion', () => {
    checkProblems(deck('1 1 1', 'X A1 A2 A5', 'DOUBLEDOUBLEDOUBLEDOUBLEDOUBLE'), [
      "3:1-3:31 error unknown-card: Unknown card 'DOUBLEDOUBLEDOUBLEDOUBLE…'. Cards are A1, A2, A5, A9, A19, A49, A99, "
        + "B1, B9, B19, C2, D2, E0, E49, E99, PASS, TURN and DOUBLE.",
    ]);
  });

  test('wrongly cased cards: a warning with the uppercase fix, and the deck is still played', () => {
    const analysis = checkProblems(deck('1 1 8', 'X a99 pass A1', 'Double\tE0', 'A99 A99 A99 A99 A99 A99'), [
      "2:3-2:6 warning lowercase-card: Card names are uppercase: 'a99' is read as A99.",
      "2:7-2:11 warning lowercase-card: Card names are uppercase: 'pass' is read as PASS.",
      "3:1-3:7 warning lowercase-card: Card names are uppercase: 'Double' is read as DOUBLE.",
    ]);
    const [a99] = analysis.problems;
    assert.deepEqual(a99.fixes, [
      { title: 'Change to A99', edits: [{ range: a99.range, newText: 'A99' }], preferred: true },
    ]);
    assert.ok(analysis.game);
    // a99 → 99; nothing safe: pass; E0; A99; nothing safe: the drawn Double, so she is doubled.
    const plays = analysis.game.events.filter((e) => e.kind === 'play').map((e) => e.card);
    assert.deepEqual(plays, ['A99', 'PASS', 'E0', 'A99', 'DOUBLE']);
  });

  test('past 100 unknown cards, one summary stands for the rest', () => {
    const analysis = analyzeCirno(deck('1 1 150', 'X A1 A2 A5', Array(150).fill('Q').join(' ')));
    const codes = analysis.problems.map((p) => p.code);
    assert.equal(codes.filter((c) => c === 'unknown-card').length, 100);
    assert.deepEqual(analysis.problems.at(-1), {
      range: { start: { line: 2, character: 200 }, end: { line: 2, character: 201 } },
      severity: 'error',
      code: 'more-problems',
      message: '50 more unknown cards from here on are not listed (only the first 100 are).',
    });
  });
});

describe('the pile size', () => {
  test('too few: at k, with a fix, and at the end of the file', () => {
    const analysis = checkProblems(deck('1 1 5', 'X A1 A2 A5', 'A1 A1', 'A1'), [
      '1:5-1:6 error pile-size: The header announces 5 pile cards but the pile holds 3.',
      '5:1-5:1 error pile-size: The pile ends after 3 cards: 2 more are needed to make k = 5.',
    ]);
    const k = analysis.deck!.k!;
    assert.deepEqual(analysis.problems[0].fixes, [
      { title: 'Change k to 3', edits: [{ range: k.range, newText: '3' }] },
    ]);
  });

  test('too many: at k and at the first surplus card', () => {
    checkProblems(deck('1 1 2', 'X A1 A2 A5', 'A1 A1 A1', 'A1'), [
      '1:5-1:6 error pile-size: The header announces 2 pile cards but the pile holds 4.',
      '3:7-3:9 error pile-size: This is pile card 3, past the k = 2 the header announces (2 cards too many).',
    ]);
  });
});

describe('games that are not defined', () => {
  // Sample 1 with only its first five pile cards: Cirno's DOUBLE is the sixth play.
  const sample1 = (m: number) => deck(`2 ${m} 5`, 'JoesSR B9 A99 PASS', 'Cirno C2 D2 A49', 'E49 DOUBLE PASS A19 A49');

  test('the pile runs out after a play: round, player, and how many more cards at least', () => {
    const analysis = checkProblems(sample1(1), [
      '1:5-1:6 error pile-runs-out: The draw pile runs out in round 1: Cirno must draw after playing DOUBLE, but all 5 '
        + 'cards are used; at least 4 more cards are needed to finish the game.',
    ]);
    assert.equal(analysis.partialGame?.lineCount, 7);
  });

  test('each later round needs at least four more: a play and the loser’s three', () => {
    checkProblems(sample1(3), [
      '1:5-1:6 error pile-runs-out: The draw pile runs out in round 1: Cirno must draw after playing DOUBLE, but all 5 '
        + 'cards are used; at least 12 more cards are needed to finish the game.',
    ]);
  });

  test('the pile runs out for the loser: none left', () => {
    checkProblems(deck('1 1 1', 'X A99 A99 A99', 'A99'), [
      '1:5-1:6 error pile-runs-out: The draw pile runs out in round 1: X lost and must draw three new cards, but the '
        + 'pile is empty; at least 3 more cards are needed to finish the game.',
    ]);
  });

  test('|p| reaches 10,000: at the card played', () => {
    // B19 to −19, then C2 and B19 (both the largest), then C2 only: −76 doubles to −19456.
    const analysis = checkProblems(deck('1 1 12', 'X B19 B19 B19', Array(12).fill('C2').join(' ')), [
      '3:31-3:33 error p-out-of-range: p reaches -19456 in round 1 when X plays C2; the game is only defined while |p| '
        + '< 10000.',
    ]);
    const last = analysis.partialGame!.events.at(-1);
    assert.deepEqual(
      last?.kind === 'play' && [last.pBefore, last.pAfter, last.source], [-9728, -19456, { from: 'pile', index: 10 }],
    );
  });
});
