import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOf } from './auth';
import type { FirstScreenRenderer } from './server-render';

/** The built web app: apps/web/dist, found from source (tsx) and from the bundled server. */
export function findWebDist(configured?: string): string | null {
  if (configured) return fs.existsSync(path.join(configured, 'index.html')) ? path.resolve(configured) : null;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

/**
 * Serves the web app with a single-page fallback: any GET that is not an API path and not a file
 * gets its page drawn on the server (`drawFirstScreen`, decision 024) or else index.html, so deep
 * links work. Hashed assets are cached for a year; index.html never. Text
 * files go out as the Brotli or gzip copies the build made beside them (scripts/precompress.mjs)
 * when the browser accepts them.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  dir: string,
  drawFirstScreen: FirstScreenRenderer | null = null,
) {
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours (below), not send's "public, max-age=0".
    cacheControl: false,
    // Runs after the plugin's own headers (since @fastify/static 10), so these are what go out.
    // `Vary: accept-encoding`, which caches need to keep the compressed and the plain answer apart,
    // the plugin adds itself with preCompressed, to whatever a route set (`/` varies on the cookie).
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  const sendPage = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile(file);
  const sendIndex = (reply: FastifyReply) => sendPage(reply, 'index.html');
  const hasSession = (request: FastifyRequest) =>
    request.headers.cookie ? sessionCookieOf(request.headers.cookie) !== null : false;
  /** The page drawn on the server where it can be, else the app's index.html for the browser to draw. */
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) =>
    (drawFirstScreen && (await drawFirstScreen(request, reply, hasSession(request)))) ?? sendIndex(reply);
  // The landing page already drawn (scripts/prerender-landing.mjs), for whoever has no session: a
  // signed-in person's `/` is their home, which must not flash the landing page first.
  const hasLanding = fs.existsSync(path.join(dir, 'landing.html'));
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    reply.header('vary', 'cookie, accept-encoding');
    return hasLanding && !hasSession(request) ? sendPage(reply, 'landing.html') : sendApp(request, reply);
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      return reply.status(404).send({ error: 'not_found', message: `No such endpoint: GET ${url}` });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return sendIndex(reply);
    }
    const file = path.resolve(dir, `.${path.posix.normalize(decoded)}`);
    if (file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dir, file));
    }
    return sendApp(request, reply);
  });
}
