// Renders the app icons (web app manifest, issue 11) from the brand mark in apps/web/public/icon.svg
// with Debian's Chromium, so the PNGs are the logo itself, not a redrawing. Run after the logo changes:
//   node --import tsx scripts/generate-icons.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../tests/browser/helpers/chromium.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(PUBLIC, 'icon.svg'), 'utf8');
const BRAND = '#0f5e63';
// The glyph of icon.svg without its rounded tile: a maskable icon is cropped to any shape by the
// launcher, so its background must bleed to the edges and the glyph stay inside the central 80 %.
const glyph = svg.replace(/<title>.*?<\/title>/, '').replace(/<rect[^>]*\/>/, '');

const icons = [
  { file: 'icon-192.png', size: 192, html: svg },
  { file: 'icon-512.png', size: 512, html: svg },
  { file: 'apple-touch-icon.png', size: 180, html: full(0.8) },
  { file: 'icon-maskable-512.png', size: 512, html: full(0.62) },
];

function full(scale: number) {
  const inner = glyph.replace('<svg ', `<svg width="${scale * 100}%" height="${scale * 100}%" `);
  return `<div style="width:100%;height:100%;background:${BRAND};display:grid;place-items:center">${inner}</div>`;
}

const browser = await launchChromium();
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<style>html,body{margin:0;width:100%;height:100%;background:transparent}svg{display:block;width:100%;height:100%}div svg{width:auto;height:auto}</style>${icon.html}`,
    );
    await page.screenshot({ path: path.join(PUBLIC, icon.file), omitBackground: true });
    await page.close();
    console.info(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
