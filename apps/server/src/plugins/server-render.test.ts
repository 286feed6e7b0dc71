/**
 * How the server sends a first screen drawn by the web build's server module (decision 024): the
 * page never cached and compressed, the guard's redirect, the API asked as the person whose page it
 * is, and the browser's index.html whenever the module cannot draw the page. The module here is a
 * stand-in written to a temporary build; the real one is proven end to end (e2e/ssr.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFirstScreenRenderer } from './server-render';
import { registerStaticWeb } from './static-web';

const indexHtml =
  '<!doctype html><html><head><title>Grip</title></head><body><div id="root"></div></body></html>';

// What the stand-in does by path: draws the API's answer into the page, redirects, declines, fails.
const serverModule = `
export async function renderFirstScreen({ template, url, signedIn, fetchApi, liveFrom }) {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/away') return { kind: 'redirect', location: '/auth' };
  if (path === '/browser') return { kind: 'browser', reason: 'a query failed' };
  if (path === '/boom') throw new Error('window is not defined');
  const answer = await fetchApi('/api/whoami', { method: 'GET' });
  const who = await answer.json();
  return {
    kind: 'page',
    html: template.replace('<div id="root"></div>', '<div id="root"><p>' + who.cookie + ' ' + who.ip + ' ' + signedIn + ' ' + liveFrom + '</p></div>'),
  };
}
`;

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-ssr-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(root, 'dist-server/entry-server.js'), serverModule);
  app = Fastify({ trustProxy: true });
  app.get('/api/whoami', (request) => ({ cookie: request.headers.cookie ?? 'none', ip: request.ip }));
  await registerStaticWeb(app, dist, await loadFirstScreenRenderer(app, dist, async () => 42));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const open = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe('first screens drawn on the server', () => {
  it('sends the drawn page compressed, never cached, made from the API as the person asking', async () => {
    const res = await open('/requests', {
      cookie: 'grip.session_token=abc.def',
      'accept-encoding': 'gzip, br',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    // The person's cookie and address reached the API (rate limits count them, not the server).
    expect(html).toContain('<p>grip.session_token=abc.def 203.0.113.9 true 42</p>');
  });

  it('says signed out to the module when the request carries no session', async () => {
    const res = await open('/auth', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('<p>none 127.0.0.1 false null</p>');
  });

  it("answers the route guard's redirect", async () => {
    const res = await open('/away');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends index.html for the browser to draw when the module declines or fails', async () => {
    for (const url of ['/browser', '/boom']) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('is off without a server module, or with GRIP_SERVER_RENDER=off', async () => {
    const dist = path.join(root, 'dist');
    process.env.GRIP_SERVER_RENDER = 'off';
    try {
      expect(await loadFirstScreenRenderer(app, dist, async () => 0)).toBeNull();
    } finally {
      delete process.env.GRIP_SERVER_RENDER;
    }
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-ssr-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), indexHtml);
    expect(await loadFirstScreenRenderer(app, bare, async () => 0)).toBeNull();
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
