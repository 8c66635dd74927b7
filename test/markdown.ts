// Hover Markdown helpers free of Node: the web suite runs them in a web worker.

const PICTURE = /!\[([^\]]*)\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)/g;

/**
 * Hover Markdown without its pictures, to compare the words exactly: a picture that is a
 * paragraph of its own goes, one among words (a table cell, a line) leaves its alt text.
 */
export function stripPictures(markdown: string): string {
  return markdown.split('\n\n').filter((paragraph) => paragraph.replace(PICTURE, '') !== '')
    .join('\n\n').replace(PICTURE, '$1');
}
