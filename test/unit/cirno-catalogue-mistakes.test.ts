import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno, renderCirnoTranscript } from '../../server/src/core/cirno';
import { CIRNO_CATALOGUE } from '../../server/src/core/cirno/catalogue';
import { conformanceCase, sharedSkip } from '../helpers';

/** The first line where two transcripts differ: its number (1-based) and both texts. */
function firstDifference(expected: string, actual: string): [number, string, string] | undefined {
  const [a, b] = [expected.split('\n'), actual.split('\n')];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return [i + 1, a[i], b[i]];
  }
  return undefined;
}

describe('⑨ likely mistakes', () => {
  // Each mistake, caught by the deck its builder makes for seed 0: the first line where the
  // mistaken transcript leaves the reference, with both texts.
  const CAUGHT: [string, number, string, string][] = [
    ['halve-toward-zero', 3, 'Cirno used D2,now p=-1.', 'Cirno used D2,now p=0.'],
    ['safe-below-99', 2, 'Cirno used A99,now p=99.', 'Cirno used B1,now p=-1.'],
    ['plain-ties-in-hand-order', 3, 'Cirno used C2,now p=4.', 'Cirno used A2,now p=4.'],
    ['plain-ties-alphabetical', 3, 'Cirno used C2,now p=4.', 'Cirno used A2,now p=4.'],
    ['doubled-ties-plain-order', 4, 'Cirno used A2,now p=4.', 'Cirno used C2,now p=4.'],
    ['doubled-ties-in-hand-order', 4, 'Rumia used B1,now p=-2.', 'Rumia used C2,now p=-2.'],
    ['plain-turn-before-pass', 3, 'Cirno used PASS,now p=99.', 'Cirno used TURN,now p=99.'],
    ['plain-double-before-turn', 3, 'Cirno used TURN,now p=99.', 'Cirno used DOUBLE,now p=99.'],
    ['doubled-turn-before-pass', 4, 'Cirno used PASS,now p=1.', 'Cirno used TURN,now p=1.'],
    ['doubled-double-first', 4, 'Cirno used PASS,now p=1.', 'Cirno used DOUBLE,now p=1.'],
    ['doubled-plays-largest', 4, 'Rumia used B9,now p=90.', 'Rumia used B1,now p=98.'],
    ['doubled-normal-first', 4, 'Rumia used PASS,now p=1.', 'Rumia used B9,now p=-8.'],
    ['no-second-play', 5, 'Rumia used B1,now p=89.', 'Mystia used DOUBLE,now p=90.'],
    ['second-play-doubled', 5, 'Rumia used B1,now p=89.', 'Rumia used PASS,now p=90.'],
    ['mark-dropped-on-escape', 5, 'Mystia used DOUBLE,now p=1.', 'Mystia used B1,now p=0.'],
    ['double-cancels-mark', 5, 'Mystia used DOUBLE,now p=1.', 'Mystia used B1,now p=0.'],
    ['double-stacks', 7, 'Rumia used A99,now p=91.', 'Rumia used B1,now p=-9.'],
    ['doubled-turn-old-direction', 6, 'Wriggle used DOUBLE,now p=0.', 'Mystia used B1,now p=-1.'],
    ['turn-old-direction', 3, 'Wriggle used A99,now p=99.', 'Mystia used A99,now p=99.'],
    ['rounds-start-with-player-1', 5, 'Mystia used B1,now p=-1.', 'Rumia used A99,now p=99.'],
    ['round-starts-after-loser', 5, 'Mystia used B1,now p=-1.', 'Rumia used A99,now p=99.'],
    ['p-kept-across-rounds', 5, 'Mystia used B1,now p=-1.', 'Mystia used B1,now p=98.'],
    ['direction-kept-across-rounds', 7, 'Wriggle lost the game.', 'Rumia used TURN,now p=99.'],
    ['mark-kept-across-rounds', 6, 'Rumia used B1,now p=-1.', 'Rumia used PASS,now p=0.'],
    ['loser-keeps-hand', 5, 'Mystia used B1,now p=-1.', 'Mystia used A99,now p=99.'],
  ];

  test('every mistake has a deck of its own below', () => {
    assert.deepEqual(CAUGHT.map(([id]) => id).sort(), CIRNO_CATALOGUE.mistakes.map((mistake) => mistake.id).sort());
  });

  for (const [id, line, reference, mistaken] of CAUGHT) {
    test(`${id}: caught at line ${line}`, () => {
      const analysis = analyzeCirno(CIRNO_CATALOGUE.targetedDeck(id, 0)!);
      assert.ok(analysis.game);
      const variant = CIRNO_CATALOGUE.mistakeTranscript(analysis, id);
      assert.ok(variant !== undefined, 'the mistaken game is defined');
      assert.deepEqual(firstDifference(renderCirnoTranscript(analysis.game), variant), [line, reference, mistaken]);
    });
  }

  test('no transcript for an unknown mistake or a deck with errors', () => {
    const valid = analyzeCirno('1 1 4\nX A99 A1 A1\nA99 A99 A99 A99\n');
    assert.ok(valid.game);
    assert.equal(CIRNO_CATALOGUE.mistakeTranscript(valid, 'no-such-mistake'), undefined);
    const broken = analyzeCirno('1 1 1\nX A1 A1 A1\nA99\n');
    assert.equal(broken.game, undefined);
    assert.equal(CIRNO_CATALOGUE.mistakeTranscript(broken, 'halve-toward-zero'), undefined);
  });

  test('a mistaken game that is not defined has no transcript (sample 1, safe below 99: the pile runs out)', {
    skip: sharedSkip,
  }, () => {
    const analysis = analyzeCirno(conformanceCase('cirno', 'sample-1').input);
    assert.ok(analysis.game);
    assert.equal(CIRNO_CATALOGUE.mistakeTranscript(analysis, 'safe-below-99'), undefined);
  });

  test('a mistake that does not matter to a deck gives the reference transcript', () => {
    const analysis = analyzeCirno('1 1 4\nX A99 A1 A1\nA99 A99 A99 A99\n');
    const reference = renderCirnoTranscript(analysis.game!);
    assert.equal(CIRNO_CATALOGUE.mistakeTranscript(analysis, 'halve-toward-zero'), reference);
  });
});
