#!/usr/bin/env node
// Draws the PNG app icons from www/icons/icon.svg in headless Chromium:
//   node scripts/make-icons.mjs
// icon-192.png and icon-512.png as drawn; icon-maskable-512.png with the artwork inside the
// central safe zone (80%) on a full-bleed wood background, as launchers crop it.
import { readFile } from 'node:fs/promises';
import { launchChromium } from './chromium.mjs';

const svg = await readFile('www/icons/icon.svg', 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const draw = async (size, file, { maskable = false } = {}) => {
    await page.setViewportSize({ width: size, height: size });
    const inset = maskable ? Math.round(size * 0.1) : 0;
    await page.setContent(`<!doctype html><body style="margin:0;width:${size}px;height:${size}px;
      background:${maskable ? '#dfae68' : 'transparent'}">
      <img src="${dataUrl}" style="position:absolute;left:${inset}px;top:${inset}px;
        width:${size - 2 * inset}px;height:${size - 2 * inset}px"></body>`);
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({ path: `www/icons/${file}`, omitBackground: !maskable });
    console.log(`www/icons/${file}`);
  };
  await draw(192, 'icon-192.png');
  await draw(512, 'icon-512.png');
  await draw(512, 'icon-maskable-512.png', { maskable: true });
} finally {
  await browser.close();
}
