/**
 * The base protocol's framing, checked as bytes arrive on stdin: `Name: value` header lines,
 * a numeric Content-Length, a blank line, then exactly that many bytes. vscode-jsonrpc's
 * reader stalls for good on a framing error, so the server checks first and gives up loudly.
 */
import { PassThrough, type Readable } from 'node:stream';

/** Headers are a line or two; more than this without a blank line is not a header. */
export const MAX_HEADER_BYTES = 8192;
/** Far above the largest deck (64 MB) in any JSON escaping. */
export const MAX_CONTENT_LENGTH = 512 * 1024 * 1024;

const HEADER_END = '\r\n\r\n';
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9-]*): ?(.*)$/;

/** The body length a header announces; throws an Error saying what is wrong. */
export function contentLength(header: string): number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const match = HEADER_LINE.exec(line);
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line.slice(0, 40))}`);
    if (match[1].toLowerCase() !== 'content-length') continue;
    if (!/^\d{1,10}$/.test(match[2]) || Number(match[2]) > MAX_CONTENT_LENGTH) {
      throw new Error(`Content-Length must be a number of bytes up to ${MAX_CONTENT_LENGTH}, not ${JSON.stringify(match[2].slice(0, 40))}`);
    }
    length = Number(match[2]);
  }
  if (length === undefined) throw new Error('a header without Content-Length');
  return length;
}

/**
 * The bytes of `input`, passed on unchanged while their framing is sound; at the first fault
 * `onError` is called once with what is wrong, and nothing more is passed on.
 */
export function checkFraming(input: Readable, onError: (message: string) => void): Readable {
  const output = new PassThrough();
  let header = '';
  let bodyLeft = 0;
  let failed = false;
  input.on('data', (chunk: Buffer) => {
    if (failed) return;
    let offset = 0;
    try {
      while (offset < chunk.length) {
        if (bodyLeft > 0) {
          const take = Math.min(bodyLeft, chunk.length - offset);
          bodyLeft -= take;
          offset += take;
          continue;
        }
        // Headers are ASCII: latin1 keeps one character per byte, so offsets stay byte offsets.
        const before = header.length;
        header += chunk.toString('latin1', offset, Math.min(chunk.length, offset + MAX_HEADER_BYTES + 4));
        const end = header.indexOf(HEADER_END);
        if (end < 0) {
          if (header.length > MAX_HEADER_BYTES) throw new Error(`no end of header within ${MAX_HEADER_BYTES} bytes`);
          offset += header.length - before;
          continue;
        }
        bodyLeft = contentLength(header.slice(0, end));
        offset += end + HEADER_END.length - before;
        header = '';
      }
    } catch (error) {
      failed = true;
      onError((error as Error).message);
      return;
    }
    output.write(chunk);
  });
  input.on('end', () => output.end());
  input.on('error', (error) => output.destroy(error));
  return output;
}
