// Draws the advisor's home-screen icons (src/web/public/icons/*.png) from its favicon
// (src/web/favicon.svg), rendered by Chromium through playwright-core: the system's Chromium
// ($CHROMIUM, else Debian's package). The PNGs are committed; run this again after changing the
// favicon:
//
//   node scripts/app-icons.mjs
//
// "any" icons are the favicon as it is (rounded corners, transparent outside them). A "maskable"
// icon is cut to a circle or squircle by the phone, which keeps only the middle 80%: its colour
// fills the whole square and the glyph is shrunk into that safe zone. iOS puts its own rounded
// corners on the apple-touch-icon and shows transparency as black, so that one is full-bleed too.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}src/web/public/icons/`;
const favicon = readFileSync(`${ROOT}src/web/favicon.svg`, 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(favicon)?.[1];
if (!background) throw new Error('src/web/favicon.svg: no filled <rect> to take the background colour from');
const glyph = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** The favicon on a full square of its colour, scaled by `scale` about the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${glyph}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The glyph reaches 30.4 of 64 units from the centre; at 0.7 that is 33% of the side, inside the 40% safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

const executablePath = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!executablePath) throw new Error('no Chromium found: install Debian\'s chromium package, or set $CHROMIUM to a Chromium binary');
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace(/^<svg /, `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: `${OUT}${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    process.stdout.write(`${OUT.slice(ROOT.length)}${file} (${size}×${size})\n`);
  }
} finally {
  await browser.close();
}
