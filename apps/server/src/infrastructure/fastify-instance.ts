import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { requestLogSerializer } from '../lib/log-redaction';
import { registerJsonBodyParser } from '../plugins/json-body';
import type { Grip } from './grip';

/**
 * The Fastify instance every part is registered on: logging, request ids, proxies, body limits and
 * JSON only, Zod schemas, and app.grip, which the infrastructure plugins fill as they start.
 */
export function createFastify(config: Config, logStream?: { write(line: string): void }) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tests read what would be logged (a secret must never be).
      ...(logStream ? { stream: logStream } : {}),
      ...(config.logPretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Emailed links are logged without their token when followed (lib/log-redaction.ts).
      serializers: { req: requestLogSerializer },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of us (Fastify types take it as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The infrastructure plugins open, migrate and seed the database while they load: a slow
    // migration or demo seed is no reason to fail the start (Fastify's default gives plugins 10 s).
    pluginTimeout: 0,
    // Malformed URLs (e.g. a lone '%') get the same error shape as everything else.
    frameworkErrors: (_error, request, reply) => {
      // The reply here is typed for the generic route; it is a plain reply at run time.
      (reply as unknown as FastifyReply)
        .status(400)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid', message: 'The address is not valid.' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: anything else gets a clear 415 (and cross-site forms cannot post).
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request comes in, so that errors and early answers carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // From the moment the process is asked to stop (infrastructure/shutdown.ts), every answer closes its
  // connection: a keep-alive socket left idle would hold the stop for its whole idle timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (app.grip.draining) reply.header('connection', 'close');
  });
  // The rest is set by the infrastructure plugins, each before any later one reads it (app.ts).
  app.decorate('grip', { config, routes, demoLogins: null, draining: false } as Partial<Grip> as Grip);
  return app;
}
