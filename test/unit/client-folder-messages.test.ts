import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { unknownGameMessage } from '../../client/src/testSets/folderMessages';

describe('what a folder command says of a .in no game recognises', () => {
  test('one file, named', () => assert.equal(
    unknownGameMessage('tests', ['notes.in'], 'audit', ['.mjdeck', '.cirnodeck']),
    'Deck Simulator: nothing to audit in tests: no game recognises the first word of notes.in. '
      + "Fix the deck, move it out, or give it a game's ending (.mjdeck or .cirnodeck).",
  ));

  test('many files, in one message: five named and a count', () => assert.equal(
    unknownGameMessage('tests', ['a.in', 'b.in', 'c.in', 'd.in', 'e.in', 'f.in'], 'export', ['.mjdeck']),
    'Deck Simulator: nothing to export in tests: no game recognises the first word of 6 files '
      + "(a.in, b.in, c.in, d.in, e.in and 1 more). Fix the deck, move it out, or give it a game's ending (.mjdeck).",
  ));
});
