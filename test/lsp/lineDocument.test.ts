/**
 * Issue 20, item 10: the server's document model (blocks of lines) gives the text, positions
 * and offsets the text-document library gives, after any sequence of incremental changes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { seededRandom } from '../../server/src/core/seededRandom';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { LineDocument } from '../../server/src/lsp/lineDocument';
import { sharedSkip } from '../helpers';
import { LspSession } from './lspClient';

const PIECES = ['a', 'bc', 'A9 ', '\n', '\r\n', '\r', ' ', '⑨', '😀', '\n\n', 'x\r', '\ny'];

function randomText(random: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

/** A position anywhere, past the ends too, and a range that may be reversed. */
function randomChange(random: () => number, lineCount: number): TextDocumentContentChangeEvent {
  const position = () => ({
    line: Math.floor(random() * (lineCount + 2)) - (random() < 0.05 ? 1 : 0),
    character: Math.floor(random() * 12),
  });
  if (random() < 0.02) return { text: randomText(random, 20) };
  return { range: { start: position(), end: position() }, text: randomText(random, Math.floor(random() * 4)) };
}

/** Same text, lines, offsets and positions as the library's document of the same text. */
function assertSame(document: LineDocument, text: string, random: () => number): void {
  const expected = TextDocument.create('file:///x', 'x', 1, text);
  assert.equal(document.getText(), text);
  assert.equal(document.lineCount, expected.lineCount);
  for (let offset = -1; offset <= text.length + 1; offset++) {
    assert.deepEqual(document.positionAt(offset), expected.positionAt(offset), `positionAt(${offset})`);
  }
  for (let line = -1; line <= expected.lineCount; line++) {
    assert.deepEqual(document.getLineRange(line), expected.getLineRange(line), `getLineRange(${line})`);
    assert.equal(document.getEOLCharacters(line), expected.getEOLCharacters(line), `getEOLCharacters(${line})`);
    for (let character = 0; character < 8; character++) {
      const position = { line, character };
      assert.equal(document.offsetAt(position), expected.offsetAt(position), JSON.stringify(position));
    }
  }
  for (let i = 0; i < 20; i++) {
    const { range } = randomChange(random, expected.lineCount) as { range?: never };
    if (range) assert.equal(document.getText(range), expected.getText(range), JSON.stringify(range));
  }
}

describe('the server\'s document model', () => {
  // Blocks of 1 to 3 lines, so edits across blocks are common.
  test('2,000 documents, 40 random changes each: the library\'s text, positions and offsets', () => {
    const random = seededRandom(20);
    for (let run = 0; run < 2000; run++) {
      const initial = randomText(random, Math.floor(random() * 30));
      const document = LineDocument.create('file:///x', 'x', 1, initial, 1 + (run % 3));
      let text = initial;
      for (let step = 0; step < 40; step++) {
        const change = randomChange(random, document.lineCount);
        // The text as the library's own document makes it from the same change.
        const reference = TextDocument.create('file:///x', 'x', 1, text);
        text = TextDocument.update(reference, [change], 2).getText();
        LineDocument.update(document, [change], step + 2);
        assert.equal(document.version, step + 2);
        if (step % 10 === 9 || run < 50) assertSame(document, text, random);
      }
      assertSame(document, text, random);
    }
  });

  test('blocks split and merge: 3,000 lines typed one by one, then deleted from the middle', () => {
    const document = LineDocument.create('file:///x', 'x', 1, '', 4);
    let text = '';
    for (let i = 0; i < 3000; i++) {
      const line = `line ${i}\n`;
      LineDocument.update(document, [{ range: document.getLineRange(i), text: line }], i + 2);
      text += line;
    }
    assert.equal(document.getText(), text);
    const lines = text.split('\n');
    const range = { start: { line: 100, character: 3 }, end: { line: 2900, character: 2 } };
    LineDocument.update(document, [{ range, text: '' }], 9999);
    const joined = lines[100].slice(0, 3) + lines[2900].slice(2);
    const expected = [...lines.slice(0, 100), joined, ...lines.slice(2901)].join('\n');
    assert.equal(document.getText(), expected);
    assertSame(document, expected, seededRandom(1));
  });

  test('one didChange of 10,000 changes', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `A9 B1 C2 ${i}`).join('\n');
    const document = LineDocument.create('file:///x', 'x', 1, text);
    const changes = Array.from({ length: 10_000 }, (_, i) => ({
      range: { start: { line: i % 5000, character: 0 }, end: { line: i % 5000, character: 2 } },
      text: i % 2 ? 'A9' : 'E0',
    }));
    LineDocument.update(document, changes, 2);
    const reference = TextDocument.update(TextDocument.create('file:///x', 'x', 1, text), changes, 2);
    assert.equal(document.getText(), reference.getText());
  });
});

describe('incremental edits over stdio', { skip: sharedSkip }, () => {
  test('2,000 didChange notifications and one of 500 changes: the server reads the expected text', async () => {
    const uri = 'file:///decks/edited.cirnodeck';
    const initial = serviceFor('cirno').newDeck(3, { players: 3, rounds: 20, cards: 3000 });
    const random = seededRandom(21);
    const cards = ['A1', 'B19', 'PASS', 'E0', 'DOUBLE'];
    let expected = TextDocument.create(uri, 'cirnodeck', 1, initial);
    /** A card typed over another, or a line break, spaces or a CR LF put between two cards. */
    const randomEdit = (): TextDocumentContentChangeEvent => {
      let line: number;
      let words: RegExpMatchArray[];
      do {
        line = 4 + Math.floor(random() * (expected.lineCount - 5));
        words = [...expected.getText(expected.getLineRange(line)).matchAll(/\S+/g)];
      } while (words.length === 0);
      const word = words[Math.floor(random() * words.length)];
      const start = { line, character: word.index! };
      if (random() < 0.2) return { range: { start, end: start }, text: ['\n', '  ', '\r\n'][Math.floor(random() * 3)] };
      const end = { line, character: word.index! + word[0].length };
      return { range: { start, end }, text: cards[Math.floor(random() * cards.length)] };
    };
    const lsp = new LspSession();
    try {
      await lsp.initialize({}, { diagnosticsDelayMs: 0 });
      await lsp.open(uri, 'cirnodeck', initial, 1);
      let version = 1;
      const send = async (changes: TextDocumentContentChangeEvent[]) => {
        version++;
        await lsp.connection.sendNotification('textDocument/didChange',
          { textDocument: { uri, version }, contentChanges: changes });
      };
      for (let i = 0; i < 2000; i++) {
        const change = randomEdit();
        expected = TextDocument.update(expected, [change], version + 1);
        await send([change]);
      }
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let i = 0; i < 500; i++) {
        const change = randomEdit();
        expected = TextDocument.update(expected, [change], version + 1);
        changes.push(change);
      }
      await send(changes);
      const text = expected.getText();
      const analysed = serviceFor('cirno').analyze(text);
      const published = await lsp.diagnosticsFor(uri, version);
      assert.deepEqual(published.diagnostics.map((d) => [d.range, d.message]),
        analysed.problems.slice(0, 1000).map((p) => [p.range, p.message]));
      const edits = await lsp.connection.sendRequest('textDocument/formatting',
        { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
      assert.deepEqual(edits, [{
        range: { start: { line: 0, character: 0 }, end: expected.positionAt(text.length) },
        newText: analysed.format().text,
      }]);
    } finally {
      await lsp.close();
    }
  });
});
