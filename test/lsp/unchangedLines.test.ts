import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { unchangedLines } from '../../server/src/lsp/unchangedLines';

const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

/** [what, old text, new text, for each line of the new text: the old line it is a copy of, or undefined]. */
const cases: [string, string, string, (number | undefined)[]][] = [
  ['the same text', 'a\nb\n', 'a\nb\n', [0, 1, 2]],
  ['a word retyped on line 1', 'a\nbb\nc', 'a\nbx\nc', [0, undefined, 2]],
  ['a line inserted above', 'a\nb\nc', 'new\na\nb\nc', [undefined, 0, 1, 2]],
  ['a line deleted whole', 'a\nb\nc', 'b\nc', [1, 2]],
  ['lines 1 and 2 joined', 'a\nb\nc\nd', 'a\nbc\nd', [0, undefined, 3]],
  ['text typed at the end', 'a\nb', 'a\nbc', [0, undefined]],
  // The last line is the same but for its end: counted as edited, to be safe.
  ['a line break added at the end', 'a\nb', 'a\nb\n', [0, undefined, undefined]],
  ['two edits: every line between them counts as edited', 'a\nb\nc\nd\ne', 'x\nb\nc\nd\ny', [
    undefined, undefined, undefined, undefined, undefined]],
  ['a repeated line inserted: the copy is matched once', 'a\na\n', 'a\na\na\n', [0, 1, undefined, 2]],
  ['an edit in a long text, beyond the first chunks compared',
    `${'x\n'.repeat(5000)}y\n${'x\n'.repeat(5000)}`, `${'x\n'.repeat(5000)}z\n${'x\n'.repeat(5000)}`,
    [...Array.from({ length: 5000 }, (_, i) => i), undefined, ...Array.from({ length: 5001 }, (_, i) => 5001 + i)]],
  ['CR LF and CR line breaks', 'a\r\nb\rc\r\nd', 'a\r\nb\rX\r\nc\r\nd', [0, 1, undefined, 2, 3]],
  ['a CR LF split by an insertion', 'a\r\nb', 'a\rx\nb', [0, undefined, 1]],
  ['a CR LF made a CR', 'a\r\nb', 'a\rb', [0, 1]],
];

describe('lines a new text copies from an older one', () => {
  for (const [what, oldText, newText, expected] of cases) {
    test(what, () => {
      assert.equal(lineCount(newText), expected.length, 'the expected lines cover the new text');
      const document = TextDocument.create('file:///a.cirnodeck', 'cirnodeck', 2, newText);
      const map = unchangedLines(oldText, lineCount(oldText), document);
      assert.deepEqual(expected.map((_, line) => map(line)), expected);
    });
  }
});
