// Hover Markdown helpers free of Node: the web suite runs them in a web worker.

const PICTURE = /!\[[^\]]*\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)(\n\n)?/g;

/** Hover Markdown without its pictures, to compare the words exactly. */
export function stripPictures(markdown: string): string {
  return markdown.replace(PICTURE, '').replace(/\n\n$/, '');
}
