/** Mahjong tiles as SVG: 60 x 80, an ivory face over a jade back, content inside x 6..51, y 6..70. */
import { TILE_NAMES } from '../../core/mahjong';
import { BLUE, FONT, GREEN, INK, IVORY, RED, SANS, r2, svg } from '../pictures/svg';


const TILE_W = 60;
const TILE_H = 80;
const CX = 28.5;

function tileFrame(id: string, face: string): string {
  return `<defs><linearGradient id="f${id}" x1="0" y1="0" x2="0.35" y2="1">`
    + `<stop offset="0" stop-color="${IVORY}"/><stop offset="1" stop-color="#ede3c8"/></linearGradient></defs>`
    + '<rect x="3" y="4" width="56" height="75" rx="7" fill="#2f7d62"/>'
    + '<rect x="2.5" y="3" width="55" height="74" rx="7" fill="#c9b98f"/>'
    + `<rect x="1" y="1" width="55" height="74" rx="7" fill="url(#f${id})" stroke="#b8a77c" stroke-width="0.8"/>`
    + face;
}

/** A circle of the Circles suit: coloured ring, ivory band, coloured core, a highlight. */
function coin(x: number, y: number, radius: number, color: string): string {
  return `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(radius)}" fill="${color}"/>`
    + `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(radius * 0.74)}" fill="${IVORY}"/>`
    + `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(radius * 0.5)}" fill="${color}"/>`
    + `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(radius * 0.18)}" fill="${IVORY}"/>`;
}

const CIRCLE_LAYOUTS: Record<number, [number, number, number, string][]> = {
  2: [[CX, 22, 12, GREEN], [CX, 54, 12, BLUE]],
  3: [[14, 17, 9.5, BLUE], [CX, 38, 9.5, RED], [43, 59, 9.5, GREEN]],
  4: [[17, 23, 10, BLUE], [40, 23, 10, GREEN], [17, 53, 10, GREEN], [40, 53, 10, BLUE]],
  5: [[15, 17, 8.8, BLUE], [42, 17, 8.8, GREEN], [CX, 38, 8.8, RED], [15, 59, 8.8, GREEN], [42, 59, 8.8, BLUE]],
  6: [[18, 15, 8, GREEN], [39, 15, 8, GREEN], [18, 40, 8, RED], [39, 40, 8, RED], [18, 60, 8, RED], [39, 60, 8, RED]],
  7: [[12.5, 12, 6.3, GREEN], [CX, 19, 6.3, GREEN], [44.5, 26, 6.3, GREEN],
    [18, 44, 7.6, RED], [39, 44, 7.6, RED], [18, 62, 7.6, RED], [39, 62, 7.6, RED]],
  8: [13, 30, 47, 64].flatMap((y) => [[18, y, 7.6, BLUE], [39, y, 7.6, BLUE]] as [number, number, number, string][]),
  9: [16, 38, 60].flatMap((y, row) => [13, CX, 44]
    .map((x) => [x, y, 7.6, [BLUE, RED, GREEN][row]] as [number, number, number, string])),
};

function circles(rank: number): string {
  if (rank === 1) {
    // The big one: rings of colour around a flower-like core.
    let petals = '';
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      petals += `<circle cx="${r2(CX + 12.5 * Math.cos(a))}" cy="${r2(38 + 12.5 * Math.sin(a))}" r="2.6" `
        + `fill="${i % 2 ? RED : BLUE}"/>`;
    }
    return `<circle cx="${CX}" cy="38" r="22" fill="${GREEN}"/><circle cx="${CX}" cy="38" r="19" fill="${IVORY}"/>`
      + `<circle cx="${CX}" cy="38" r="16.5" fill="none" stroke="${BLUE}" stroke-width="1.6"/>` + petals
      + coin(CX, 38, 8.5, RED);
  }
  return CIRCLE_LAYOUTS[rank].map(([x, y, radius, color]) => coin(x, y, radius, color)).join('');
}

/** A bamboo stick centred at (x, y), `h` tall, tilted by `tilt` degrees. */
function stick(x: number, y: number, h: number, color: string, tilt = 0, w = 5.6): string {
  const top = y - h / 2;
  const light = color === RED ? '#e0675a' : color === BLUE ? '#4f8bd0' : '#3aa56f';
  const body = `<rect x="${r2(x - w / 2)}" y="${r2(top)}" width="${r2(w)}" height="${r2(h)}" rx="${r2(w / 2)}" `
    + `fill="${color}"/>`
    + `<rect x="${r2(x - w / 2 + 1.2)}" y="${r2(top + 1.5)}" width="${r2(w * 0.28)}" height="${r2(h - 3)}" rx="0.8" `
    + `fill="${light}"/>`
    + [top + 1.2, y, top + h - 1.2].map((ny) => `<rect x="${r2(x - w / 2 - 0.6)}" y="${r2(ny - 0.9)}" `
    + `width="${r2(w + 1.2)}" height="1.8" rx="0.9" fill="${INK}" opacity="0.75"/>`).join('');
  return tilt === 0 ? body : `<g transform="rotate(${tilt} ${r2(x)} ${r2(y)})">${body}</g>`;
}

function bamboo(rank: number): string {
  switch (rank) {
    case 1: // A bird, as on most sets: body, wing, tail fan, crest.
      return `<path d="M18 52 Q10 64 14 70 Q22 62 26 56 Z" `
        + `fill="${BLUE}"/><path d="M22 54 Q20 68 28 72 Q30 62 30 56 Z" fill="${GREEN}"/>`
        + `<path d="M26 55 Q30 69 38 70 Q35 60 33 54 Z" fill="${RED}"/>`
        + `<ellipse cx="31" cy="42" rx="12" ry="14" fill="${GREEN}"/><path d="M24 40 Q32 34 40 44 Q32 52 24 40 Z" `
        + `fill="${BLUE}"/>`
        + `<circle cx="36" cy="23" r="7" fill="${GREEN}"/><path d="M42 22 L50 24 L42 26 Z" fill="#d4a017"/>`
        + `<circle cx="38" cy="21.5" r="1.6" fill="${IVORY}"/><circle cx="38.3" cy="21.6" r="0.8" fill="${INK}"/>`
        + `<path d="M31 17 Q30 9 35 8 Q33 13 36 16 Q37 9 42 10 Q38 14 37 17 Z" fill="${RED}"/>`;
    case 2: return stick(CX, 22, 27, GREEN) + stick(CX, 54, 27, BLUE);
    case 3: return stick(CX, 22, 27, BLUE) + stick(17, 54, 27, GREEN) + stick(40, 54, 27, GREEN);
    case 4: return stick(18, 22, 27, BLUE) + stick(39, 22, 27, GREEN)
      + stick(18, 54, 27, GREEN) + stick(39, 54, 27, BLUE);
    case 5: return [[14, 22], [43, 22], [14, 54], [43, 54]]
      .map(([x, y], i) => stick(x, y, 26, i % 3 === 0 ? GREEN : BLUE)).join('')
      + stick(CX, 38, 26, RED);
    case 6: return [22, 54].flatMap((y) => [14, CX, 43].map((x) => stick(x, y, 27, y === 22 ? GREEN : BLUE))).join('');
    case 7: return stick(CX, 14.5, 17, RED)
      + [38, 60].flatMap((y) => [14, CX, 43].map((x) => stick(x, y, 18.5, GREEN))).join('');
    case 8: return [22, 54].flatMap((y, row) => [
      stick(11, y, 27, GREEN, 0, 5), stick(22.5, y, 27, BLUE, row ? -18 : 18, 5),
      stick(34.5, y, 27, BLUE, row ? 18 : -18, 5), stick(46, y, 27, GREEN, 0, 5),
    ]).join('');
    default: return [15, 38, 61]
      .flatMap((y) => [14, CX, 43].map((x) => stick(x, y, 19.5, x === CX ? RED : GREEN))).join('');
  }
}

// The Chinese numerals and 万, as brush-like strokes in a unit box (x right, y down).
const NUMERAL_STROKES: Record<number, string[]> = {
  1: ['M.06 .52 Q.5 .42 .94 .5'],
  2: ['M.2 .28 Q.5 .24 .8 .28', 'M.06 .76 Q.5 .7 .94 .75'],
  3: ['M.18 .16 Q.5 .12 .82 .16', 'M.26 .47 Q.5 .44 .74 .47', 'M.06 .84 Q.5 .78 .94 .83'],
  4: [
    'M.12 .18 L.12 .88', 'M.12 .18 L.88 .18 L.88 .88', 'M.12 .84 L.88 .84', 'M.4 .2 Q.4 .56 .24 .64',
    'M.6 .2 L.6 .54 Q.6 .62 .74 .6',
  ],
  5: ['M.14 .12 L.86 .12', 'M.46 .12 L.38 .84', 'M.18 .46 L.74 .46 L.7 .84', 'M.04 .86 L.96 .86'],
  6: ['M.46 .02 L.56 .17', 'M.08 .33 Q.5 .29 .92 .33', 'M.38 .5 Q.3 .74 .1 .92', 'M.62 .5 Q.74 .72 .9 .9'],
  7: ['M.06 .52 L.94 .38', 'M.38 .06 L.38 .78 Q.38 .92 .56 .92 L.9 .92 L.92 .78'],
  8: ['M.4 .16 Q.36 .64 .06 .9', 'M.58 .16 Q.68 .64 .96 .88'],
  9: ['M.42 .06 Q.44 .64 .06 .94', 'M.1 .34 L.7 .34 Q.68 .82 .74 .9 Q.8 .96 .96 .9 L.96 .76'],
};
const WAN_STROKES = ['M.06 .16 L.94 .16', 'M.36 .42 L.84 .42 Q.84 .86 .7 .94 L.58 .86', 'M.44 .16 Q.42 .7 .06 .94'];

function strokes(paths: string[], x: number, y: number, w: number, h: number, color: string, width: number): string {
  // Scale the unit box with a transform; a non-scaling stroke keeps the brush width.
  return `<g transform="translate(${x} ${y}) scale(${w} ${h})" fill="none" stroke="${color}" stroke-linecap="round" `
    + `stroke-linejoin="round">`
    + paths.map((d) => `<path d="${d}" stroke-width="${r2(width / Math.min(w, h))}"/>`).join('') + '</g>';
}

function characters(rank: number): string {
  return strokes(NUMERAL_STROKES[rank], 14, 8, 30, 26, INK, 4.6)
    + strokes(WAN_STROKES, 13, 38, 32, 30, RED, 5.2)
    + `<text x="4.5" y="11" font-family="${SANS}" font-size="8.5" font-weight="700" fill="${RED}">${rank}</text>`;
}


function bigLetter(letter: string, color: string, size = 42): string {
  return `<text x="${CX}" y="53" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" `
    + `fill="${color}">${letter}</text>`;
}

function honour(index: number): string {
  switch (index) {
    case 4: // White dragon: the blue frame, with its letter.
      return `<rect x="10" y="12" width="37" height="52" rx="3" fill="none" stroke="${BLUE}" stroke-width="3"/>`
        + `<rect x="14.5" y="16.5" width="28" height="43" rx="1.5" fill="none" stroke="${BLUE}" stroke-width="1.2" `
        + `stroke-dasharray="3 2"/>`
        + bigLetter('B', BLUE, 30).replace('y="53"', 'y="49"');
    case 5: // Green dragon
      return `<path d="M14 64 Q${CX} 56 43 64" fill="none" stroke="${GREEN}" stroke-width="2.4" `
        + `stroke-linecap="round"/>` + bigLetter('F', GREEN);
    case 6: // Red dragon
      return `<rect x="${CX - 1.6}" y="8" width="3.2" height="60" rx="1.6" fill="${RED}" `
        + `opacity="0.25"/>` + bigLetter('Z', RED);
    default: { // Winds
      const letter = 'ESWN'[index];
      return `<circle cx="${CX}" cy="38" r="21" fill="none" stroke="${INK}" stroke-width="1" `
        + `opacity="0.35"/>` + bigLetter(letter, INK, 38).replace('y="53"', 'y="51.5"');
    }
  }
}

/** The three special tiles: a coloured panel with an icon and the name. */
function special(index: number): string {
  const [color, dark, name] = [
    ['#7b3fb8', '#4f2380', 'DOUBLE'], ['#d9731a', '#9c4d0c', 'REVERSE'], ['#138a8a', '#0b5c5c', 'PASS'],
  ][index];
  const panel = `<rect x="6" y="7" width="45" height="62" rx="5" fill="${color}"/><rect x="6" y="55" width="45" `
    + `height="14" rx="0" fill="${dark}"/>`
    + `<rect x="6" y="7" width="45" height="62" rx="5" fill="none" stroke="${dark}" stroke-width="1.2"/>`
    + `<text x="${CX}" y="65.5" text-anchor="middle" font-family="${SANS}" font-size="${index === 1 ? 7.6 : 8.6}" `
    + `font-weight="700" fill="#fff" letter-spacing="0.3">${name}</text>`;
  let icon: string;
  if (index === 0) {
    icon = `<text x="${CX}" y="41" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="700" `
      + `fill="#fff">&#215;2</text>`
      + `<path d="M16 47 L41 47" stroke="#f5d76e" stroke-width="2" stroke-linecap="round"/>`;
  } else if (index === 1) {
    icon = '<g fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round">'
      + `<path d="M17 28 A12 12 0 0 1 39 24"/><path d="M40 40 A12 12 0 0 1 18 44"/></g>`
      + '<path d="M35 17 L43 25 L33 28 Z" fill="#fff"/><path d="M22 51 L14 43 L24 40 Z" fill="#fff"/>';
  } else {
    icon = '<g fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">'
      + '<path d="M13 42 Q24 14 37 34"/><path d="M44 20 L44 46"/></g><path d="M32 32 L40 38 L39 27 Z" fill="#fff"/>'
      + '<circle cx="13" cy="44" r="3" fill="#f5d76e"/>';
  }
  return panel + icon;
}

const tileCache = new Map<number, string>();

/** The SVG of a Mahjong tile kind (0-36: 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, DOUBLE REVERSE PASS). */
export function tileSvg(kind: number): string {
  const cached = tileCache.get(kind);
  if (cached !== undefined) return cached;
  let face: string;
  if (!Number.isInteger(kind) || kind < 0 || kind >= TILE_NAMES.length) {
    face = bigLetter('?', '#888');
  } else if (kind < 27) {
    const rank = (kind % 9) + 1;
    face = [characters, circles, bamboo][Math.floor(kind / 9)](rank);
  } else if (kind < 34) {
    face = honour(kind - 27);
  } else {
    face = special(kind - 34);
  }
  const name = TILE_NAMES[kind] ?? 'unknown tile';
  const picture = svg(TILE_W, TILE_H, name, tileFrame(`t${tileCache.size}`, face));
  tileCache.set(kind, picture);
  return picture;
}
