/**
 * The maps' style (issue 33 item 1): OpenFreeMap's free, keyless style unless MAP_STYLE_URL says
 * otherwise or turns maps off, told to the web app through /api/config, and the content security
 * policy lets the browser reach that style's origin and nothing wider.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A content security policy header as directive -> its sources. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Whether connect-src lets a page of `self` fetch `url` (origins and 'self' only: all this CSP uses). */
function connectAllows(sources: string[], self: string, url: string): boolean {
  const origin = new URL(url).origin;
  return sources.some((source) => (source === "'self'" ? origin === self : source === origin));
}

/**
 * A style server as a self-hosted tile server would be: the style names its tiles, glyphs and
 * sprites on its own origin (as OpenFreeMap's does on tiles.openfreemap.org).
 */
function startStyleServer(): Promise<{ url: string; origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    if (req.url !== '/styles/liberty') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        version: 8,
        sources: {
          openmaptiles: {
            type: 'vector',
            url: `${origin}/planet`,
            attribution: 'OpenFreeMap © OpenMapTiles Data from OpenStreetMap',
          },
        },
        glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
        sprite: `${origin}/sprites/ofm_f384/ofm`,
        layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } }],
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: `${origin}/styles/liberty`,
        origin,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}

describe('MAP_STYLE_URL', () => {
  it("is OpenFreeMap's free, keyless Liberty style when not set (or set blank)", () => {
    expect(DEFAULT_MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({}).mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL);
    expect(loadConfig({ MAP_STYLE_URL: ' ' }).mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL);
  });

  it("takes another style, or 'off' for no maps at all", () => {
    expect(loadConfig({ MAP_STYLE_URL: 'https://maps.example.org/style.json' }).mapStyleUrl).toBe(
      'https://maps.example.org/style.json',
    );
    expect(loadConfig({ MAP_STYLE_URL: 'off' }).mapStyleUrl).toBeNull();
  });

  it('refuses what is not an http(s) address, naming the variable', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'tiles.openfreemap.org' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow(/MAP_STYLE_URL/);
  });
});

describe('the map style in /api/config and the content security policy', () => {
  let byDefault: TestApp;
  let own: TestApp;
  let off: TestApp;
  let styleServer: Awaited<ReturnType<typeof startStyleServer>>;

  beforeAll(async () => {
    styleServer = await startStyleServer();
    [byDefault, own, off] = await Promise.all([
      createTestApp(),
      createTestApp({ MAP_STYLE_URL: styleServer.url }),
      createTestApp({ MAP_STYLE_URL: 'off' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([byDefault?.close(), own?.close(), off?.close(), styleServer?.close()]);
  });

  it("gives a new install OpenFreeMap's style, and lets the browser reach exactly its host", async () => {
    const res = await byDefault.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    // MapLibre's worker starts from a blob: URL.
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it("allows the configured style's origin only, which serves its style, tiles, glyphs and sprites", async () => {
    const res = await own.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ mapStyleUrl: styleServer.url });
    const connect = directives(res.headers['content-security-policy']).get('connect-src')!;
    expect(connect).toEqual(["'self'", styleServer.origin]);

    // Every address the browser will fetch for this style, read from the style itself over HTTP.
    const style = (await (await fetch(styleServer.url)).json()) as {
      sources: Record<string, { url: string }>;
      glyphs: string;
      sprite: string;
    };
    const self = 'http://localhost:3000';
    const fetched = [
      styleServer.url,
      ...Object.values(style.sources).map((s) => s.url),
      style.glyphs.replace('{fontstack}', 'Noto Sans Regular').replace('{range}', '0-255'),
      `${style.sprite}.json`,
    ];
    for (const url of fetched) expect(connectAllows(connect, self, url), url).toBe(true);
    // Nothing wider: not another host, not every https address.
    expect(connectAllows(connect, self, 'https://tiles.openfreemap.org/planet')).toBe(false);
    expect(connectAllows(connect, self, 'https://evil.example/steal')).toBe(false);
  });

  it("tells the web app there is no map when MAP_STYLE_URL is 'off', and allows no map host", async () => {
    const res = await off.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ mapStyleUrl: null });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
  });
});
