import type { FastifyInstance } from 'fastify';
import { Invalid } from '../lib/errors';

/**
 * No request of ours nests deeper than a few levels. A body of 100 000 nested brackets parses fine,
 * but any code that walks it recursively (JSON.stringify when the auth routes forward it, hashing,
 * logging) overflows the stack and answers 500: such bodies are refused at the door instead.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/** How deeply the JSON text nests its arrays and objects (brackets inside strings do not count). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Fastify's own JSON parser (with its __proto__ and constructor.prototype checks), behind a nesting
 * limit.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands over a string; the type also allows a Buffer for other parsers.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingDepth(text) > MAX_JSON_DEPTH) return done(new Invalid(TOO_DEEP_MESSAGE), undefined);
    return parse(request, text, done);
  });
}
