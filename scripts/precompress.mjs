#!/usr/bin/env node
// After `vite build`: a Brotli (.br) and a gzip (.gz) copy beside every text file of the built web app,
// made once at the best settings, so the server sends compressed files without compressing per
// request (@fastify/static preCompressed). Uncompressed JS and CSS were the largest loss Lighthouse
// found on every page (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist =
  process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (TEXT.test(entry.name)) compress(full);
  }
}
function compress(file) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files++;
  before += data.length;
  after += br.length;
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
);
