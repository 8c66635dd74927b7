/**
 * The base protocol's framing, checked as bytes arrive: `Name: value` header lines, a numeric
 * Content-Length, a blank line, then exactly that many bytes. vscode-jsonrpc's reader stalls
 * for good on a framing error, so the server checks first and gives up loudly.
 */

/** Headers are a line or two; more than this without a blank line is not a header. */
export const MAX_HEADER_BYTES = 8192;
/** Far above the largest deck (64 MB) in any JSON escaping. */
export const MAX_CONTENT_LENGTH = 512 * 1024 * 1024;

const HEADER_END = '\r\n\r\n';
const LINE_FEED = 0x0a;
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9-]*): ?(.*)$/;

/** The body length a header announces; throws an Error saying what is wrong. */
export function contentLength(header: string): number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const match = HEADER_LINE.exec(line);
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line.slice(0, 40))}`);
    if (match[1].toLowerCase() !== 'content-length') continue;
    if (!/^\d{1,10}$/.test(match[2]) || Number(match[2]) > MAX_CONTENT_LENGTH) {
      const value = JSON.stringify(match[2].slice(0, 40));
      throw new Error(`Content-Length must be a number of bytes up to ${MAX_CONTENT_LENGTH}, not ${value}`);
    }
    length = Number(match[2]);
  }
  if (length === undefined) throw new Error('a header without Content-Length');
  return length;
}

/** Follows the framing of a byte stream chunk by chunk. */
export class FramingCheck {
  private header = '';
  private bodyLeft = 0;

  /** What is wrong with the framing once `chunk` is added; undefined while it is sound. */
  add(chunk: Uint8Array): string | undefined {
    let offset = 0;
    try {
      while (offset < chunk.length) {
        if (this.bodyLeft > 0) {
          const take = Math.min(this.bodyLeft, chunk.length - offset);
          this.bodyLeft -= take;
          offset += take;
          continue;
        }
        // Headers are ASCII and short: byte by byte up to the blank line, never into the body.
        const byte = chunk[offset++];
        this.header += String.fromCharCode(byte);
        if (byte === LINE_FEED && this.header.endsWith(HEADER_END)) {
          this.bodyLeft = contentLength(this.header.slice(0, -HEADER_END.length));
          this.header = '';
        } else if (this.header.length > MAX_HEADER_BYTES + HEADER_END.length) {
          throw new Error(`no end of header within ${MAX_HEADER_BYTES} bytes`);
        }
      }
    } catch (error) {
      return (error as Error).message;
    }
    return undefined;
  }
}
