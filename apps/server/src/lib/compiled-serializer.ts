import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (how Zod writes a nullable enum or integer) as `type: [X, 'null']`:
 * fast-json-stringify answers an anyOf by validating the value against each branch at run time.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, simplified(value)]),
  ) as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const value = anyOf.find((branch) => branch.type !== 'null');
    if (value && anyOf.some((branch) => branch.type === 'null') && typeof value.type === 'string') {
      const rest = Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'anyOf'));
      // Bounds and enums only validate; the serializer writes what it is given.
      return { ...rest, type: [value.type, 'null'] };
    }
  }
  return node;
}

/**
 * A route's Zod response schema compiled once with fast-json-stringify, for hot read routes whose
 * answers are large lists (the matching feed, a conversation page). Zod's own serializer checks the
 * whole answer against the schema and then calls JSON.stringify on every request.
 *
 * What it keeps: every object is written with its schema's properties only (Zod's output schemas say
 * `additionalProperties: false`), so a field the schema does not name — a request's owner, its exact
 * point — never reaches the client, whatever the object carries. What it drops: the type check of each
 * value, which the route's own shaping function (typed by the same schema) already guarantees.
 */
export function compiledSerializer(schema: z.ZodType): FastifySerializerCompiler<unknown> {
  const json = simplified(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as JsonSchema;
  delete json.$schema;
  const stringify = fastJsonStringify(json);
  return () => stringify;
}
