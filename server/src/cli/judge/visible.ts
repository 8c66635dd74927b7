/**
 * A user's program's text made safe for a terminal: control characters (C0, DEL, C1), bidi
 * controls and line separators are shown as escapes, so output like `ESC ] 52` (set the
 * clipboard) or `ESC [ 2J` (clear the screen) is seen, not obeyed. A backslash is doubled, so
 * an escape shown always stands for the character.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const SHOWN_ESCAPED = /[\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\r': '\\r', '\n': '\\n' };

function escaped(c: string): string {
  const code = c.charCodeAt(0);
  if (NAMED[c]) return NAMED[c];
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export function visible(text: string): string {
  return text.replace(SHOWN_ESCAPED, escaped);
}
