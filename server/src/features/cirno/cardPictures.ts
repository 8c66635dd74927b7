/** ⑨ cards as SVG: 50 x 70, icy white with the colour of their letter; escape cards are deep blue. */
import { FONT, SANS, escapeXml, r2, svg } from '../pictures/svg';


const CARD_W = 50;
const CARD_H = 70;
const FAMILY_COLORS: Record<string, [string, string]> = {
  A: ['#1f6fd1', 'ADD'],
  B: ['#c93636', 'SUBTRACT'],
  C: ['#8a3fd1', 'MULTIPLY'],
  D: ['#12837d', 'DIVIDE'],
  E: ['#b86e00', 'SET'],
};

/** A faint six-armed ice crystal. */
function snowflake(x: number, y: number, size: number, color: string, opacity: number): string {
  let arms = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    const ex = x + size * Math.cos(a);
    const ey = y + size * Math.sin(a);
    const bx = x + size * 0.6 * Math.cos(a);
    const by = y + size * 0.6 * Math.sin(a);
    arms += `M${r2(x)} ${r2(y)}L${r2(ex)} ${r2(ey)}`;
    for (const side of [-1, 1]) {
      const b = a + side * 0.6;
      arms += `M${r2(bx)} ${r2(by)}L${r2(bx + size * 0.3 * Math.cos(b))} ${r2(by + size * 0.3 * Math.sin(b))}`;
    }
  }
  return `<path d="${arms}" stroke="${color}" stroke-width="1.3" stroke-linecap="round" fill="none" `
    + `opacity="${opacity}"/>`;
}

/** The ⑨ badge: a circled 9. */
function nineBadge(x: number, y: number, color: string, fill: string): string {
  return `<circle cx="${x}" cy="${y}" r="4.6" fill="${fill}" stroke="${color}" stroke-width="0.9"/>`
    + `<text x="${x}" y="${r2(y + 2.6)}" text-anchor="middle" font-family="${SANS}" font-size="7" font-weight="700" `
    + `fill="${color}">9</text>`;
}

function cardFrame(id: string, top: string, bottom: string, border: string): string {
  return `<defs><linearGradient id="c${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" `
    + `stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`
    + `<rect x="1" y="1" width="48" height="68" rx="5" fill="url(#c${id})" stroke="${border}" stroke-width="1.6"/>`
    + `<rect x="3.5" y="3.5" width="43" height="63" rx="3.5" fill="none" stroke="${border}" stroke-width="0.5" `
    + `opacity="0.6"/>`;
}

/**
 * Font size of the corner labels, in card units (the card is 70 tall): large enough to read at
 * the heights hovers and the replay show cards (56 to 70 pixels).
 */
export const CORNER_FONT_SIZE = 13;

/** The card's name in its top-left corner and, upside down, in the bottom-right one. */
function corners(name: string, color: string): string {
  const label = `<text class="corner" x="5" y="${r2(5 + CORNER_FONT_SIZE * 0.73)}" font-family="${SANS}" `
    + `font-size="${CORNER_FONT_SIZE}" font-weight="700" fill="${color}">${name}</text>`;
  return label + label.replace('<text ', '<text transform="rotate(180 25 35)" ');
}

/** Bold centred text, squeezed to `maxWidth` when a long word would overflow the card. */
function fitted(text: string, x: number, y: number, size: number, maxWidth: number, color: string): string {
  // Bold sans capitals are about 0.72 em wide.
  const squeeze = text.length * size * 0.72 > maxWidth
    ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"`
    : '';
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" `
    + `fill="${color}"${squeeze}>${text}</text>`;
}

const ESCAPE_ICONS: Record<string, string> = {
  PASS: '<g fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round">'
    + '<path d="M12 42 Q21 18 33 34"/><path d="M38 22 L38 44"/></g><path d="M28 31 L36 37 L35 26 Z" fill="#fff"/>',
  TURN: '<g fill="none" stroke="#fff" stroke-width="2.8" stroke-linecap="round">'
    + '<path d="M14 30 A11 11 0 0 1 34 25"/><path d="M36 39 A11 11 0 0 1 16 44"/></g>'
    + '<path d="M31 18 L38 26 L29 28 Z" fill="#fff"/><path d="M19 51 L12 43 L21 41 Z" fill="#fff"/>',
  DOUBLE: `<text x="25" y="42" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" `
    + `fill="#fff">&#215;2</text>`,
};

const cardCache = new Map<string, string>();

/** The SVG of a ⑨ card by its name (`A9`, `B19`, `C2`, `D2`, `E0`, `PASS`, `TURN`, `DOUBLE`). */
export function cirnoCardSvg(name: string): string {
  const cached = cardCache.get(name);
  if (cached !== undefined) return cached;
  const id = `k${cardCache.size}`;
  const label = escapeXml(name);
  let body: string;
  const match = /^([A-E])(\d{1,3})$/.exec(name);
  if (match) {
    const [, letter, number] = match;
    const [color, word] = FAMILY_COLORS[letter];
    const op = { A: '+', B: '&#8722;', C: '&#215;', D: '&#247;', E: '=' }[letter] + number;
    const size = number.length >= 2 ? 18 : 22;
    body = cardFrame(id, '#ffffff', '#d9eefb', color)
      + snowflake(25, 35, 18, '#7fb8e6', 0.35)
      + `<rect x="5" y="19" width="40" height="27" rx="8" fill="#ffffff" opacity="0.85"/>`
      + `<text x="25" y="${r2(32.5 + size * 0.36)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" `
      + `font-weight="700" fill="${color}">${op}</text>`
      + fitted(word, 25, 53, 7, 36, color)
      + corners(name, color) + nineBadge(44, 9.5, '#2b7bc4', '#eaf6ff');
  } else if (name in ESCAPE_ICONS) {
    body = cardFrame(id, '#2b5aa0', '#10264d', '#0b1a36')
      + snowflake(25, 35, 19, '#9fd3ff', 0.22)
      + ESCAPE_ICONS[name]
      + fitted(name, 25, 61, 11, 40, '#ffffff')
      + `<text x="5" y="12" font-family="${SANS}" font-size="7" font-weight="700" fill="#9fd3ff" `
      + `letter-spacing="0.3">ESCAPE</text>`
      + nineBadge(44, 9.5, '#cfe9ff', '#1d3f75');
  } else {
    body = cardFrame(id, '#f3f3f3', '#d8d8d8', '#888')
      + `<text x="25" y="44" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="700" `
      + `fill="#888">?</text>`;
  }
  const picture = svg(CARD_W, CARD_H, label || 'unknown card', body);
  cardCache.set(name, picture);
  return picture;
}
