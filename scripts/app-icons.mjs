// Draws the app's icons (web/icons/*.png, for the web manifest: Chrome asks for 192 and 512
// pixels to offer "Install") from the tab's icon, web/favicon.svg, in Debian's chromium through
// playwright-core: the icon on its green tile, and a maskable one whose tile fills the square
// with the arrows inside the safe circle (a launcher crops it to its own shape). Run by hand
// when the icon changes: node scripts/app-icons.mjs; the PNGs are kept in the tree.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const svg = readFileSync('web/favicon.svg', 'utf8').trim();
// The maskable one: the arrows at 60% in the middle of a full green square.
const maskable =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f9e4f"/>' +
  '<g transform="translate(12.8 12.8) scale(0.6)">' +
  svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
    .replace(/<rect[^>]*\/>/, '') +
  '</g></svg>';
const browser = await chromium.launch({ executablePath: process.env.QV_CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [name, text, size] of [
  ['icon-192', svg, 192],
  ['icon-512', svg, 512],
  ['icon-maskable-512', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}" width="${size}" height="${size}">` +
      `</body></html>`,
  );
  await page.screenshot({ path: `web/icons/${name}.png`, omitBackground: true });
}
await browser.close();
