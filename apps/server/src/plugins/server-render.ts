import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { formatSettings, type FormatSettings } from '@grip/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_STORE } from './cache-control';

/** What apps/web/src/app/entry-server.tsx gives the server (built to apps/web/dist-server). */
type FirstScreen =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; html: string }
  | { kind: 'browser'; reason: string };
interface FirstScreenModule {
  renderFirstScreen(options: {
    template: string;
    url: string;
    signedIn: boolean;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    now: Date;
    liveFrom: number | null;
    formats?: FormatSettings;
  }): Promise<FirstScreen>;
}

/** Draws a page's first screen on the server, or says the browser draws it (null). */
export type FirstScreenRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: boolean,
) => Promise<FastifyReply | null>;

/**
 * The first screen drawn on the server (decision 024): the web build's server module beside `dist`
 * (apps/web/dist-server), or null when the build has none (then the browser draws every page, as
 * before). `GRIP_SERVER_RENDER=off` turns it off, to compare.
 */
export async function loadFirstScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  /** Where the live stream stands (LiveHub.position). */
  livePosition: () => Promise<number>,
): Promise<FirstScreenRenderer | null> {
  const file = path.resolve(webDist, '../dist-server/entry-server.js');
  if (process.env.GRIP_SERVER_RENDER === 'off' || !fs.existsSync(file)) return null;
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // Loaded with the first page asked for, not at start-up: the module is the whole app (about 5 MB),
  // and a process that only answers the API (or a test) never needs it.
  let loading: Promise<FirstScreenModule> | undefined;
  const serverModule = () => (loading ??= import(pathToFileURL(file).href) as Promise<FirstScreenModule>);

  return async (request, reply, signedIn) => {
    let screen: FirstScreen;
    try {
      const module = await serverModule();
      // Read before the page's data: the page's live stream replays whatever comes after it.
      const liveFrom = signedIn ? await livePosition() : null;
      screen = await module.renderFirstScreen({
        liveFrom,
        template,
        url: request.url,
        signedIn,
        fetchApi: apiAs(app, request),
        now: new Date(),
        // The platform's locale and currency (decision 032): the module has its own copy of the formats.
        formats: formatSettings(),
      });
    } catch (err) {
      // A page that cannot be drawn here is still drawn in the browser: never an error page.
      request.log.warn({ err, url: request.url }, 'first screen not drawn on the server');
      return null;
    }
    if (screen.kind === 'browser') {
      request.log.info({ url: request.url, reason: screen.reason }, 'first screen left to the browser');
      return null;
    }
    reply.header('vary', 'cookie, accept-encoding');
    if (screen.kind === 'redirect') {
      return reply.header('cache-control', NO_STORE).redirect(screen.location, 302);
    }
    // The person's own data is in it: never kept by a cache (as every API answer, cache-control.ts).
    reply.header('cache-control', NO_STORE).type('text/html; charset=utf-8');
    return sendCompressed(request, reply, screen.html);
  };
}

/**
 * The server's own API, asked in-process as the person whose page it is: their cookie and address
 * (rate limits count them, not the server), every permission checked as for the browser's call.
 */
function apiAs(app: FastifyInstance, request: FastifyRequest) {
  const cookie = request.headers.cookie;
  return async (url: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** Brotli (fast setting) or gzip when the browser takes them: the page and its data are mostly text. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}
