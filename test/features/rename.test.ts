import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position } from '../../server/src/core/problem';
import type { RenameResult } from '../../server/src/features/gameService';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, sharedSkip } from '../helpers';

const sample2 = conformanceCase('cirno', 'sample-2');
const cirno = serviceFor('cirno').analyze(sample2.input);
const reimu: Position = { line: 2, character: 3 };
const nameRange = { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } };

describe('renaming a ⑨ player', { skip: sharedSkip }, () => {
  test('where a name can be renamed', () => {
    assert.deepEqual(cirno.renameTarget(reimu), { range: nameRange, placeholder: 'Reimu' });
    assert.equal(cirno.renameTarget({ line: 2, character: 8 }), undefined, 'a card');
    assert.equal(cirno.renameTarget({ line: 0, character: 0 }), undefined, 'the header');
    assert.equal(serviceFor('mahjong').analyze('1M\n').renameTarget({ line: 0, character: 0 }), undefined);
  });

  const cases: [string, Position, string, RenameResult][] = [
    ['a new name', reimu, 'Sakuya', { edits: [{ range: nameRange, newText: 'Sakuya' }] }],
    ['the same name', reimu, 'Reimu', { edits: [{ range: nameRange, newText: 'Reimu' }] }],
    ['a clash', reimu, 'Cirno', { error: '"Cirno" is already the name of the player on line 2.' }],
    ['two words', reimu, 'a b', { error: 'A player name is one word: "a b" holds white space.' }],
    ['nothing', reimu, '', { error: 'A player name cannot be empty.' }],
    ['a comment mark', reimu, 'x#y', { error: 'A player name cannot hold \'#\', which starts a comment: "x#y".' }],
    ['not on a name', { line: 4, character: 0 }, 'X', { error: 'Only a player name can be renamed.' }],
  ];
  for (const [name, position, newName, expected] of cases) {
    test(name, () => assert.deepEqual(cirno.rename(position, newName), expected));
  }

  // Issue 20, item 12: names the grammar would not read back as this one name, or no one could see.
  const refused: [string, string, string][] = [
    ['NUL', 'a\u0000b', 'A player name cannot hold the control character \\u0000: "a\\u0000b".'],
    ['ESC', 'a\u001B[31mb', 'A player name cannot hold the control character \\u001B: "a\\u001B[31mb".'],
    ['DEL', 'a\u007F', 'A player name cannot hold the control character \\u007F: "a\\u007F".'],
    ['a right-to-left override', 'Reimu\u202Eabc',
      'A player name cannot hold \\u202E, a character no one can see: "Reimu\\u202Eabc".'],
    ['a zero-width space', 'Rei\u200Bmu',
      'A player name cannot hold \\u200B, a character no one can see: "Rei\\u200Bmu".'],
    ['a soft hyphen', 'Rei\u00ADmu', 'A player name cannot hold \\u00AD, a character no one can see: "Rei\\u00ADmu".'],
    ['a Hangul filler alone', '\u3164', 'A player name cannot hold \\u3164, a character no one can see: "\\u3164".'],
    ['a variation selector after a letter', 'Reimu\uFE0F',
      'A player name cannot hold \\uFE0F, a character no one can see: "Reimu\\uFE0F".'],
    ['a lone surrogate', 'a\uD800b',
      'A player name cannot hold \\uD800, half of a character (a lone surrogate): "a\\uD800b".'],
    ['a no-break space', 'a\u00A0b', 'A player name is one word: "a\\u00A0b" holds white space (\\u00A0).'],
    ['a line break', 'a\nb', 'A player name is one word: "a\\u000Ab" holds white space (\\u000A).'],
    ['a 1 MB name', 'x'.repeat(1 << 20), 'A player name is at most 256 characters long, not 1048576.'],
    ['257 characters', 'x'.repeat(257), 'A player name is at most 256 characters long, not 257.'],
  ];
  for (const [name, newName, error] of refused) {
    test(`refused: ${name}`, () => assert.deepEqual(cirno.rename(reimu, newName), { error }));
  }

  const accepted: [string, string][] = [
    ['256 characters', 'x'.repeat(256)],
    ['letters of any script', 'Чирно⑨'],
    ['an emoji sequence with joiners', '👨\u200D👩\u200D👧'],
    ['an emoji with its variation selector', '❤\uFE0F'],
  ];
  for (const [name, newName] of accepted) {
    test(`accepted: ${name}`, () => assert.deepEqual(cirno.rename(reimu, newName),
      { edits: [{ range: nameRange, newText: newName }] }));
  }

  test('a long name that clashes is quoted cut', () => {
    const long = serviceFor('cirno').analyze(sample2.input.replace('Cirno', 'y'.repeat(100)));
    assert.deepEqual(long.rename(reimu, 'y'.repeat(100)),
      { error: `"${'y'.repeat(40)}…" is already the name of the player on line 2.` });
  });

  test('a Mahjong deck has nothing to rename', () => {
    assert.deepEqual(serviceFor('mahjong').analyze('1M\n').rename({ line: 0, character: 0 }, 'X'), {
      error: 'A Mahjong deck has no names to rename: its players are always A, B, C and D.',
    });
  });
});
