/**
 * Draws the extension's icon, images/icon.png (128 x 128): the replay's own pictures of a
 * Mahjong tile (the red dragon, Z) and a ⑨ card (A9), fanned on an icy disc, rendered by
 * headless Chromium. `npm run build && node out/scripts/draw-icon.js [chromium]`; Chromium is
 * /usr/bin/chromium unless named.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { cirnoCardSvg } from '../server/src/features/cirno/cardPictures';
import { tileSvg } from '../server/src/features/mahjong/tilePictures';
import { svgDataUri } from '../server/src/features/pictures/svg';

const SIZE = 128;
const RED_DRAGON = 33; // tile kinds: 1M..9M, 1P..9P, 1S..9S, E S W N B F Z

/** A page of exactly SIZE x SIZE: the disc, then the tile and the card turned apart. */
function iconPage(): string {
  const picture = (uri: string, style: string) => `<img src="${uri}" style="position:absolute;${style}">`;
  return `<!DOCTYPE html><html><head><style>
html, body { margin: 0; width: ${SIZE}px; height: ${SIZE}px; background: transparent; overflow: hidden; }
.disc { position: absolute; left: 4px; top: 4px; width: 120px; height: 120px; border-radius: 50%;
  background: radial-gradient(circle at 35% 30%, #e9f6ff, #9fd0f0 70%, #5aa2d6); }
img { filter: drop-shadow(1px 2px 2px rgba(0, 0, 0, 0.35)); }
</style></head><body><div class="disc"></div>
${picture(svgDataUri(tileSvg(RED_DRAGON)), 'left:14px;top:24px;width:60px;height:80px;transform:rotate(-12deg)')}
${picture(svgDataUri(cirnoCardSvg('A9')), 'left:60px;top:22px;width:56px;height:78px;transform:rotate(10deg)')}
</body></html>`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.argv[2] ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    await page.setContent(iconPage(), { waitUntil: 'load' });
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    const out = join(__dirname, '..', '..', 'images', 'icon.png');
    writeFileSync(out, png);
    console.log(`wrote ${out} (${png.length} bytes, ${SIZE} x ${SIZE})`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(`draw-icon failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
