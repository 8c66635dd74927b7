import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyzeCirno, randomCirnoDeckText, renderCirnoTranscript, renderCirnoTranscriptChunks,
} from '../../server/src/core/cirno';
import { check, deck, transcript } from './cirno-helpers';

// Sample 1 with the first player renamed: nothing limits a name's length but the line it is on.
function sample1(name: string): [string, string] {
  return [
    deck('2 1 10', `${name} B9 A99 PASS`, 'Cirno C2 D2 A49', 'E49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99'),
    transcript(
      'Round 1:',
      `${name} used A99,now p=99.`,
      'Cirno used D2,now p=49.',
      `${name} used E49,now p=49.`,
      'Cirno used C2,now p=98.',
      `${name} used B9,now p=89.`,
      'Cirno used DOUBLE,now p=89.',
      `${name} used PASS,now p=89.`,
      'Cirno lost the game.',
    ),
  ];
}

describe('Cirno transcripts with long lines', () => {
  // 4,071 and 4,072 characters once corrupted a line or overflowed the renderer's buffer.
  for (const length of [4071, 4072, 65_536, 100_000]) {
    test(`a player name of ${length} characters`, () => {
      check(...sample1('N'.repeat(length)));
    });
  }

  test('a name of 3,000 two-byte characters (6,000 bytes of UTF-8)', () => {
    check(...sample1('é'.repeat(3000)));
  });

  test('a losing player with a 100,000-character name', () => {
    const name = 'L'.repeat(100_000);
    const expected = transcript('Round 1:', `${name} used A99,now p=99.`, `${name} lost the game.`);
    check(deck('1 1 4', `${name} A99 A99 A99`, 'A1 A1 A1 A1'), expected);
  });
});

describe('the transcript in chunks', () => {
  const game = analyzeCirno(randomCirnoDeckText(3, 6, 30, 4000)).game!;
  const whole = renderCirnoTranscript(game);

  for (const chunkBytes of [1, 100, 4096, 1 << 16]) {
    test(`chunks of ${chunkBytes} bytes hold whole lines and make the transcript`, () => {
      const chunks: Uint8Array[] = [];
      renderCirnoTranscriptChunks(game, (bytes) => chunks.push(bytes), { chunkBytes });
      const texts = chunks.map((bytes) => new TextDecoder().decode(bytes));
      assert.equal(texts.join(''), whole);
      for (const text of texts) assert.ok(text.endsWith('\n') && text.length > 0);
      // Each chunk is its own array: keeping one (an asynchronous stream does) is safe.
      assert.equal(new Set(chunks.map((bytes) => bytes.buffer)).size, chunks.length);
      if (chunkBytes === 1) assert.equal(chunks.length, game.lineCount);
    });
  }

  test('reused chunks: the same array each time, read before the next', () => {
    const texts: string[] = [];
    const arrays = new Set<ArrayBufferLike>();
    renderCirnoTranscriptChunks(game, (bytes) => {
      texts.push(new TextDecoder().decode(bytes));
      arrays.add(bytes.buffer);
    }, { chunkBytes: 100, reuse: true });
    assert.equal(texts.join(''), whole);
    assert.ok(texts.length > 10);
    assert.equal(arrays.size, 1);
  });
});
