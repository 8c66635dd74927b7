import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position } from '../../server/src/core/common/problem';
import type { RenameResult } from '../../server/src/features/service';
import { serviceFor } from '../../server/src/features/services';
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

  test('a Mahjong deck has nothing to rename', () => {
    assert.deepEqual(serviceFor('mahjong').analyze('1M\n').rename({ line: 0, character: 0 }, 'X'), {
      error: 'A Mahjong deck has no names to rename: its players are always A, B, C and D.',
    });
  });
});
