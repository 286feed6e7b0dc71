/**
 * The built web app as the server sends it: compressed copies made by the build
 * (scripts/precompress.mjs) when the browser accepts them, the plain file otherwise, caching by kind
 * of file, and the single-page fallback.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web';

const script = path.resolve(import.meta.dirname, '../../../../scripts/precompress.mjs');
const appJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const indexHtml = `<!doctype html><html><head><title>Grip</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const landingHtml = indexHtml.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="landing"><h1>Welcome to Grip</h1></div>',
);

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/app-1234.js'), appJs);
  fs.writeFileSync(path.join(dir, 'assets/tiny-1234.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'landing.html'), landingHtml);
  const built = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  app = Fastify();
  await registerStaticWeb(app, dir);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed web app', () => {
  it('made a Brotli and a gzip copy of each text file worth compressing, and none of tiny ones', () => {
    expect(fs.existsSync(path.join(dir, 'assets/app-1234.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/app-1234.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/tiny-1234.js.br'))).toBe(false);
  });

  it('sends Brotli to a browser that accepts it, smaller and the same once decoded', async () => {
    const res = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(appJs.length / 2);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(appJs);
  });

  it('sends gzip when that is all the browser takes, and the plain file when it takes neither', async () => {
    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(appJs);
    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
    const tiny = await get('/assets/tiny-1234.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('answers a deep link with the compressed page, never cached', async () => {
    const res = await get('/requests/123', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it('gives a visitor at / the prerendered landing page, and anyone with a session the app page', async () => {
    const page = async (url: string, cookie?: string) => {
      const res = await app.inject({
        url,
        headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return zlib.brotliDecompressSync(res.rawPayload).toString();
    };
    expect(await page('/')).toBe(landingHtml);
    expect(await page('/?utm_source=flyer')).toBe(landingHtml);
    expect(await page('/', 'theme=dark')).toBe(landingHtml);
    expect(await page('/', 'theme=dark; grip.session_token=abc.def')).toBe(indexHtml);
    expect(await page('/', '__Secure-grip.session_token=abc.def')).toBe(indexHtml);
    // Only `/` is the landing page; every other page is the app's.
    expect(await page('/auth')).toBe(indexHtml);
    // What `/` answers depends on the cookie: a shared cache must not hand one to the other.
    expect((await app.inject({ url: '/' })).headers.vary).toMatch(/cookie/i);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/nothing-here' });
  });
});
