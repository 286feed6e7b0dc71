import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, StorageUnavailable, TooManyRequests } from '../lib/errors';

/** Stable names for framework-level client errors (never Fastify's internal FST_* codes). */
const ERROR_NAMES: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** PostgreSQL error codes that mean the database is unreachable or restarting. */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  // The connection broke under a query (the database stopped or restarted mid-way).
  'ECONNRESET',
  'EPIPE',
]);

/**
 * node-postgres reports a connection that ended under a query without a code, only in words
 * ('Connection terminated unexpectedly', '… due to connection timeout').
 */
function isConnectionLost(error: unknown): boolean {
  const e = error as { message?: unknown; cause?: { message?: unknown } };
  const message = typeof e.cause?.message === 'string' ? e.cause.message : e.message;
  return typeof message === 'string' && message.startsWith('Connection terminated');
}

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code =
    typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}

/**
 * The one error handler: client mistakes get a 4xx with a clear message; anything unexpected is a
 * 500 without internals, logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof StorageUnavailable) request.log.warn({ err: error.reason }, 'storage unavailable');
      if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (key && !fields[key]) fields[key] = issue.message ?? 'Invalid value.';
      }
      const first = error.validation[0]?.message ?? 'Invalid input.';
      return reply.status(400).send({ error: 'invalid', message: first, fields });
    }
    const code = pgCode(error);
    if ((code && UNAVAILABLE_CODES.has(code)) || isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ error: 'unavailable', message: 'The service is temporarily unavailable.' });
    }
    // Class 22 is "data exception": values the database refused as malformed (a bad uuid, an
    // out-of-range date or number, a NUL character) came from the client.
    if (code?.startsWith('22')) {
      return reply.status(400).send({ error: 'invalid', message: 'Some of the values sent are not valid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: ERROR_NAMES[status] ?? 'bad_request', message: clientMessage(error, status) });
    }
    request.log.error(loggable(error), 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: INTERNAL_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: 'not_found',
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

/**
 * What to log of an unexpected error. A failed query's message carries its parameters (names,
 * emails, messages): log the query text and the database's own error instead.
 */
function loggable(error: Error): Record<string, unknown> {
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && error.cause instanceof Error) {
    return { err: error.cause, query };
  }
  return { err: error };
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported. Send JSON.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid.';
    default:
      if (status === 413) return 'The request is too large.';
      if (status === 429) return 'Too many requests. Please wait a minute and try again.';
      return error.message || 'The request could not be processed.';
  }
}
