/** Deck text inside hover Markdown: shown as typed, never read as a link, an image or HTML. */

/**
 * Backslash-escapes every character that could start Markdown syntax, an HTML tag or entity,
 * or an autolink (`https://…`, `www.…`, `a@b.c`); CommonMark shows an escaped character as itself.
 * Deck text never starts a hover line, so line-start syntax (`-`, `+`, `1.`) needs no escape.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()<>#!|~&@]/g, (c) => `\\${c}`)
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.');
}
