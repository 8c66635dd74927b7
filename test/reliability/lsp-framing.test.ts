/**
 * Issue 15, defect 3: after broken message framing the server used to stay up and never answer
 * again. Now it says why on stderr and exits with code 3, so the client restarts it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { seededRandom } from '../../server/src/core/seededRandom';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession } from '../lsp/lspClient';

const mahjong = conformanceCase('mahjong', 'official-01');
const uri = 'file:///decks/framing.mjdeck';
const PREFIX = 'deck-sim: broken message framing from the client (';
const SUFFIX = '); exiting for the client to restart the server\n';

/** One message framed as the protocol says. */
function framed(message: object): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

const hoverMessage = framed({ jsonrpc: '2.0', id: 1000, method: 'textDocument/hover',
  params: { textDocument: { uri }, position: { line: 0, character: 0 } } });

function junk(bytes: number): Buffer {
  const random = seededRandom(15);
  return Buffer.from(Array.from({ length: bytes }, () => Math.floor(random() * 256)));
}

/** Starts a server with a deck open, checks it answers, then sends `bytes`; resolves with its exit and stderr. */
async function afterSending(bytes: Buffer): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const lsp = new LspSession();
  try {
    await lsp.initialize();
    await lsp.open(uri, 'mjdeck', mahjong.input);
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 0, character: 0 } }) as Hover;
    assert.ok(hover.contents, 'answers before the fault');
    lsp.writeRaw(bytes);
    const exit = await lsp.exited;
    return { ...exit, stderr: lsp.stderr };
  } finally {
    await lsp.close();
  }
}

describe('a framing error: logged, and the server exits for a restart', { skip: sharedSkip }, () => {
  const exact: [string, Buffer, string][] = [
    ['a non-numeric Content-Length', Buffer.from('Content-Length: abc\r\n\r\n{}'),
      'Content-Length must be a number of bytes up to 536870912, not "abc"'],
    ['a negative Content-Length', Buffer.from('Content-Length: -5\r\n\r\n{}'),
      'Content-Length must be a number of bytes up to 536870912, not "-5"'],
    ['a header without Content-Length',
      Buffer.from('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}'),
      'a header without Content-Length'],
    ['a header line without a colon', Buffer.from('Content-Length 2\r\n\r\n{}'),
      'not a header line: "Content-Length 2"'],
    ['64 KB of binary junk', junk(64 * 1024), 'no end of header within 8192 bytes'],
  ];
  for (const [name, bytes, why] of exact) {
    test(name, async () => {
      assert.deepEqual(await afterSending(bytes), { code: 3, signal: null, stderr: PREFIX + why + SUFFIX });
    });
  }

  // The body is then not JSON: JSON.parse says where, in words that vary with Node's version.
  const body: [string, Buffer][] = [
    ['a Content-Length too short',
      Buffer.concat([Buffer.from('Content-Length: 5\r\n\r\n'), hoverMessage.subarray(hoverMessage.indexOf('{'))])],
    ['a Content-Length too long',
      Buffer.concat([Buffer.from('Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","method":"x"}'), hoverMessage])],
  ];
  for (const [name, bytes] of body) {
    test(name, async () => {
      const { code, signal, stderr } = await afterSending(bytes);
      assert.deepEqual({ code, signal }, { code: 3, signal: null });
      assert.ok(stderr.startsWith(PREFIX) && stderr.endsWith(SUFFIX) && /JSON/.test(stderr), stderr);
      assert.equal(stderr.split('\n').length, 2, 'one line, no stack trace');
    });
  }

  test('sound framing split anywhere still works', async () => {
    const lsp = new LspSession();
    try {
      await lsp.initialize();
      await lsp.open(uri, 'mjdeck', mahjong.input);
      // The hover request, one byte at a time.
      for (const byte of hoverMessage) lsp.writeRaw(Buffer.from([byte]));
      const hover = await lsp.connection.sendRequest('textDocument/hover',
        { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover;
      assert.match((hover.contents as { value: string }).value, /^!\[Z\]|^\*\*Z\*\*/);
      assert.equal(lsp.stderr, '');
    } finally {
      await lsp.close();
    }
  });
});

/**
 * Issue 20, item 6: a malformed `$/cancelRequest` used to be taken for broken framing (exit 3).
 * A well-framed message with bad content is logged and dropped; the server answers on.
 */
describe('a well-framed message with bad content: logged, and the server answers on', { skip: sharedSkip }, () => {
  const cancels: [string, object, string][] = [
    ['null params', { params: null }, 'params must be an object, not null'],
    ['no params', {}, 'params must be an object, not undefined'],
    ['params {}', { params: {} }, 'params.id must be a request id (an integer or a string), not undefined'],
    ['params [1]', { params: [1] }, 'params must be an object, not an array'],
    ['params "x"', { params: 'x' }, 'params must be an object, not string "x"'],
    ['params 5', { params: 5 }, 'params must be an object, not number 5'],
    ['a null id', { params: { id: null } }, 'params.id must be a request id (an integer or a string), not null'],
  ];
  for (const [name, message, why] of cancels) {
    test(`$/cancelRequest with ${name}`, async () => {
      const lsp = new LspSession();
      try {
        await lsp.initialize();
        await lsp.open(uri, 'mjdeck', mahjong.input);
        await lsp.rawMessage({ method: '$/cancelRequest', ...message });
        const hover = await lsp.connection.sendRequest('textDocument/hover',
          { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover;
        assert.match((hover.contents as { value: string }).value, /^!\[Z\]|^\*\*Z\*\*/);
        const logged = await lsp.until('the log line', () => lsp.logs.find((line) => line.includes('ignored')));
        assert.equal(logged, `deck-sim: ignored $/cancelRequest: ${why}`);
        assert.equal(lsp.stderr, '');
      } finally {
        await lsp.close();
      }
    });
  }

  test('a request with a null id and a bare null are not framing errors', async () => {
    const lsp = new LspSession();
    try {
      await lsp.initialize();
      await lsp.open(uri, 'mjdeck', mahjong.input);
      await lsp.rawMessage({ id: null, method: 'textDocument/hover',
        params: { textDocument: { uri }, position: { line: 1, character: 0 } } });
      lsp.writeRaw('Content-Length: 4\r\n\r\nnull');
      const hover = await lsp.connection.sendRequest('textDocument/hover',
        { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover;
      assert.match((hover.contents as { value: string }).value, /^!\[Z\]|^\*\*Z\*\*/);
      assert.equal(lsp.stderr, '');
    } finally {
      await lsp.close();
    }
  });
});
