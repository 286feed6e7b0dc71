#!/usr/bin/env node
// Renders the app icons (PNG) from the logo's drawing with Chromium, into apps/web/public/icons.
// Browsers want PNG icons of fixed sizes to install an app; a maskable icon fills its square edge to
// edge and keeps the mark inside the centre 80%, since launchers crop it to their own shape.
// Run after changing the logo: node scripts/make-icons.mjs (needs /usr/bin/chromium or CHROMIUM_PATH).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/icons');
const TEAL = '#0f766e';
// The "G" of public/logo.svg, on a 512 × 512 canvas.
const MARK =
  '<path d="M344 179a112 112 0 1 0 24 77H264" fill="none" stroke="#fff" stroke-width="52" stroke-linecap="round" stroke-linejoin="round"/>';

const roundedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${TEAL}"/>${MARK}</svg>`;
// Full bleed, and the mark scaled to 70% about the centre so it sits well inside the safe zone.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${TEAL}"/><g transform="translate(256 256) scale(0.7) translate(-256 -256)">${MARK}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: roundedIcon },
  { file: 'icon-512.png', size: 512, svg: roundedIcon },
  { file: 'maskable-512.png', size: 512, svg: maskableIcon },
  // iOS ignores the manifest's icons and SVG touch icons: it wants a square PNG it rounds itself.
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskableIcon },
];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(out, icon.file), omitBackground: true });
    console.log(`apps/web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
