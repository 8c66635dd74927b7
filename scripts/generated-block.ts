/**
 * A document's generated block: the text between a BEGIN and an END marker comment, rewritten by
 * `npm run generate` and compared by a test, so a document cannot drift from its source.
 */

/** `text` with the block between `begin` and `end` replaced by `body`; an error when a marker is missing. */
export function withBlock(text: string, begin: string, end: string, body: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${begin} … ${end} block`);
  return `${text.slice(0, from + begin.length)}\n${body}\n${text.slice(to)}`;
}
