/**
 * What every picture drawn by this project shares: the palette, the SVG wrapper, `data:` URIs
 * and rows of pictures. Pure and dependency-free (no DOM, no fonts beyond the generic
 * families, no network): the replay view shows them as `data:` images and hovers embed them.
 *
 * Every SVG is ASCII (other characters as entities), has a viewBox and refers to nothing
 * outside itself. The games' own pictures live in their features folders.
 */

export const INK = '#1b2a4a';
export const RED = '#c0392b';
export const GREEN = '#1e7b4f';
export const BLUE = '#1f5fa8';
export const IVORY = '#fffdf5';
export const FONT = 'Georgia, Cambria, Times New Roman, serif';
export const SANS = 'Segoe UI, Helvetica, Arial, sans-serif';

/** Rounds to 2 decimals so the text stays short. */
export const r2 = (n: number): string => String(Math.round(n * 100) / 100);

/** An SVG document; `label` must already be XML-escaped. */
export function svg(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${label}">`
    + `<title>${label}</title>${body}</svg>`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/[^\x20-\x7e]/g, (c) => `&#${c.codePointAt(0)};`);
}

/** A `data:` URI of an SVG (base64, so it is safe in HTML attributes, CSS and Markdown links). */
export function svgDataUri(svgText: string): string {
  const bytes = new TextEncoder().encode(svgText);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/**
 * Pictures side by side in one SVG, each scaled to `height`: a hand as one image, so a hover
 * shows it as one small row rather than a dozen tall pictures.
 */
export function pictureRow(groups: readonly (readonly string[])[], height: number, gap = 2): string {
  let x = 0;
  // Groups (a hand, then each meld) stand apart by a wider gap.
  const groupGap = height / 3;
  const placed = groups.filter((group) => group.length > 0).flatMap((group, g) => {
    if (g > 0) x += groupGap - gap;
    return group.map((picture) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(picture);
      const width = size ? (Number(size[1]) * height) / Number(size[2]) : height * 0.75;
      const placement = `x="${x.toFixed(1)}" y="0" width="${width.toFixed(1)}" height="${height}"`;
      const nested = picture.replace(/width="[\d.]+" height="[\d.]+"/, placement);
      x += width + gap;
      return nested;
    });
  });
  const total = Math.max(0, x - gap).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" width="${total}" height="${height}">${placed.join('')}</svg>`;
}

/** A picture as a Markdown image. */
export function markdownPicture(alt: string, svgText: string): string {
  return `![${alt}](${svgDataUri(svgText)})`;
}
