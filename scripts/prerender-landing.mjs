#!/usr/bin/env node
// After `vite build`: landing.html, the app's index.html with the landing page already drawn in it
// (renderLandingPage of apps/web/src/app/entry-server.tsx, built for Node beside the web build). The server sends it
// to visitors at `/`, so their first paint needs no JavaScript; the app then replaces it with the same
// page, live (docs/performance.md). Its forms are inert until then: nothing typed can be lost.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const { renderLandingPage } = await import(
  pathToFileURL(path.join(web, 'dist-server', 'entry-server.js')).href
);

/** index.html with the page's markup in #root and the page's title; throws when the template changed. */
function landingHtml(indexHtml, pageMarkup) {
  const title = /<title>([^<]*)<\/title>/.exec(pageMarkup)?.[1];
  if (!title) throw new Error('the landing page renders no <title>');
  const markup = pageMarkup.replace(/<title>[^<]*<\/title>/, '').replace(/<form(?=[\s>])/g, '<form inert=""');
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !/<title>[^<]*<\/title>/.test(indexHtml)) {
    throw new Error('index.html has no empty #root or no <title> to fill');
  }
  // Replacement functions, so that a '$' in the page's text is never read as a pattern.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(root, () => `<div id="root" data-prerendered="landing">${markup}</div>`);
}

const dist = path.join(web, 'dist');
const html = landingHtml(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), renderLandingPage());
fs.writeFileSync(path.join(dist, 'landing.html'), html);
console.log(`prerendered the landing page: landing.html, ${(html.length / 1024).toFixed(1)} KB`);
