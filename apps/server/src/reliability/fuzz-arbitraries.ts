/**
 * Generators for the API fuzzer (fuzz.test.ts): request bodies, query strings and path parameters
 * made from the JSON schemas the server publishes for its own routes (GET /api/openapi.json), so a
 * route added later is fuzzed with its own fields. A valid value is generated first and then broken
 * in the ways clients (and attackers) break them: wrong types, missing and extra fields, prototype
 * keys, huge and strange strings, numbers JSON can carry but JavaScript dislikes, deep nesting.
 */
import fc from 'fast-check';

/** The part of JSON Schema the server's route schemas use (Zod's output, OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
}

/**
 * JSON text written as is, for what JSON.stringify cannot say: -0, 1e309 (parses to Infinity),
 * integers beyond 2^53, 100 000 levels of nesting (which our own serializer must not recurse into).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Objects and arrays as JSON text; own `__proto__` keys are kept (JSON.stringify keeps them too). */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    return Number.isFinite(value) ? String(value) : 'null';
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    // A plain loop: generated arrays may carry a `constructor` key that breaks Array#map.
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(jsonText(value[i]));
    return `[${items.join(',')}]`;
  }
  if (value && typeof value === 'object') {
    if (value instanceof Date) return JSON.stringify(value);
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${jsonText((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Sets an own property, even one named `__proto__` (plain assignment would change the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// ---------------------------------------------------------------------------------------------
// Strange text

/** Characters that break naive code: bidi overrides, zero-width, BOM, NUL, controls, lone surrogates. */
const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u00a0',
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\u2028', // line separator
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\ufeff', // byte order mark
  '\ufffd',
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\u0627\u0644\u0639\u0631\u0628\u064a\u0629', // Arabic (RTL)
  '\u05e2\u05d1\u05e8\u05d9\u05ea', // Hebrew (RTL)
  '\ud83d\ude00', // emoji
  '\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67', // family: emoji joined by ZWJ
  '\ud83c\uddfa\ud83c\uddf8', // flag: regional indicators
  'e\u0301', // combining accent
  '\u0130', // dotted capital I (changes length when lower-cased)
  '\u1e9e',
  '%',
  '%00',
  '\\',
  '"',
  "'",
  '`',
  '<',
  '>',
  '&',
  '/',
  '..',
  '\r\n',
  '\t',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** One "character": mostly ordinary, often nasty. */
export const nastyChar = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARS) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

export const nastyString = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({
    unit: nastyChar,
    minLength: constraints.minLength ?? 0,
    maxLength: constraints.maxLength ?? 40,
  });

/** About 100 kB of text in several flavours (made once: generating them per case would be slow). */
const HUGE_STRINGS = [
  'a'.repeat(100_000),
  '\ud83d\ude00'.repeat(25_000),
  '\u202e\u200b'.repeat(50_000),
  `${'\u0000'.repeat(10)}${'x'.repeat(99_990)}`,
  '%'.repeat(100_000),
];
export const hugeString = fc.constantFrom(...HUGE_STRINGS);

/** Values that look like numbers, dates or ids but are not, or are at the edge. */
const TRICKY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '1,5',
  '١٢٣', // Arabic-Indic digits
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '../../../../etc/passwd',
  '/uploads/../../etc/passwd',
  '/uploads/aaaaaaaa.png',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; drop table profiles; --",
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '9999-99-99',
  '0000-00-00',
  '2024-02-30',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '24:00',
  '23:59:60',
  'a@b',
  'not-an-email',
  'x'.repeat(257),
];

/** Numbers at and past every edge, some only expressible as raw JSON text. */
const TRICKY_NUMBERS: unknown[] = [
  0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('-0'),
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-9007199254740993'),
  new RawJson('1.0000000000000000000000001'),
];

/** Nesting deep enough to overflow a recursive walker: as raw text, so our own code never recurses. */
export const deepNesting = fc
  .constantFrom(1_000, 10_000, 100_000)
  .chain((depth) =>
    fc.constantFrom(
      new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`),
      new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      new RawJson(
        `${'{"__proto__":'.repeat(Math.min(depth, 10_000))}1${'}'.repeat(Math.min(depth, 10_000))}`,
      ),
    ),
  );

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

/** An object carrying prototype keys (as own properties, the way JSON.parse would make them). */
const prototypePoison = fc
  .tuple(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom<unknown>({ isAdmin: true }, { prototype: { polluted: 1 } }, 1, null),
  )
  .map(([key, value]) => {
    const target: Record<string, unknown> = {};
    setOwn(target, key, value);
    return target;
  });

/** Any value a hostile client could put where a field goes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(null, true, false, ...TRICKY_NUMBERS, ...TRICKY_STRINGS) },
  { weight: 3, arbitrary: nastyString() },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n })),
  },
  { weight: 2, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constant(new Array(10_000).fill(0)) },
  { weight: 2, arbitrary: fc.object({ maxDepth: 2 }) },
  { weight: 1, arbitrary: prototypePoison },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.anything() },
);

// ---------------------------------------------------------------------------------------------
// Valid values from a schema

/** Real things of the fuzzed database, so some cases get past "not found" into the real logic. */
export interface RealValues {
  /** Ids of real objects (requests, quotes, notifications, users...), for fields and path params. */
  ids: string[];
  /** /uploads/... URLs the caller uploaded. */
  uploadUrls: string[];
}

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

function stringFor(schema: JsonSchema, name: string, real: RealValues): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 300);
  const min = Math.min(schema.minLength ?? 0, max);
  let base: fc.Arbitrary<string>;
  if (schema.format === 'uuid') base = fc.uuid();
  else if (schema.format === 'email') base = fc.emailAddress();
  else if (schema.format === 'uri' || schema.format === 'url') base = fc.webUrl();
  else if (schema.format === 'date-time') base = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (schema.format === 'date')
    base = fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (schema.pattern) {
    base = matching(schema.pattern) ?? nastyString({ minLength: min, maxLength: max });
  } else base = nastyString({ minLength: min, maxLength: max });
  const realOnes: fc.Arbitrary<string>[] = [];
  if (/id$/i.test(name) && real.ids.length > 0) realOnes.push(fc.constantFrom(...real.ids));
  if (schema.pattern?.includes('uploads') || /image|avatar|attachment|proof/i.test(name)) {
    if (real.uploadUrls.length > 0) realOnes.push(fc.constantFrom(...real.uploadUrls));
  }
  return realOnes.length > 0 ? fc.oneof(base, ...realOnes) : base;
}

function matching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // A pattern fast-check cannot generate from: strange strings will do.
    return null;
  }
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const hi = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  if (integer) {
    const min = Math.max(Math.ceil(lo ?? -1_000_000), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(hi ?? 1_000_000), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min, max: Math.max(min, max) });
  }
  return fc.double({ min: lo ?? -1e6, max: hi ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema allows (nearly: patterns and lengths together are not always both met). */
export function validValue(
  schema: JsonSchema,
  real: RealValues,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const base = validValueNotNull(schema, real, name, depth);
  const nullable = schema.nullable || isType(schema, 'null');
  return nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validValueNotNull(
  schema: JsonSchema,
  real: RealValues,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => validValue(s, real, name, depth)));
  }
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], real, name, depth);
  if (isType(schema, 'string')) return stringFor(schema, name, real);
  if (isType(schema, 'integer')) return numberFor(schema, true);
  if (isType(schema, 'number')) return numberFor(schema, false);
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'array') || schema.items) {
    const items = schema.items ?? {};
    const minLength = schema.minItems ?? 0;
    return fc.array(validValue(items, real, name, depth + 1), {
      minLength,
      maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
    });
  }
  if (isType(schema, 'object') || schema.properties) {
    if (depth > 4) return fc.constant({});
    const properties = schema.properties ?? {};
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, s] of Object.entries(properties)) record[key] = validValue(s, real, key, depth + 1);
    const required = (schema.required ?? []).filter((k) => k in properties);
    return fc.record(record, { requiredKeys: required });
  }
  // No type at all (z.unknown()): anything JSON can hold.
  return fc.jsonValue({ maxDepth: 2 });
}

// ---------------------------------------------------------------------------------------------
// Breaking a valid body

type Path = string[];

/** Every property path of a schema's objects (a.b.c), to aim mutations at nested fields too. */
export function fieldPaths(schema: JsonSchema, prefix: Path = [], depth = 0): Path[] {
  if (depth > 3) return [];
  const out: Path[] = [];
  for (const [key, s] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key]);
    out.push(...fieldPaths(s, [...prefix, key], depth + 1));
    if (s.items?.properties) out.push(...fieldPaths(s.items, [...prefix, key, '0'], depth + 1));
  }
  return out;
}

export type Mutation =
  | { kind: 'set'; path: Path; value: unknown }
  | { kind: 'delete'; path: Path }
  | { kind: 'extra'; path: Path; key: string; value: unknown }
  | { kind: 'wrap-in-array'; path: Path }
  | { kind: 'null-everything' };

export function mutationOf(paths: Path[]): fc.Arbitrary<Mutation> {
  const anyPath = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant<Path>([]);
  const objectPath = fc.constantFrom<Path>([], ...paths);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('set' as const), path: anyPath, value: hostileValue }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: anyPath }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        path: objectPath,
        key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 20 })),
        value: hostileValue,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrap-in-array' as const), path: objectPath }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'null-everything' as const }) },
  );
}

/** A deep copy that keeps own `__proto__` keys and RawJson leaves. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from({ length: value.length }, (_, i) => copy(value[i]));
  if (value && typeof value === 'object' && !(value instanceof RawJson) && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, copy((value as Record<string, unknown>)[key]));
    return out;
  }
  return value;
}

/** Applies the mutations to a copy of the body; paths that do not exist (any more) are created. */
export function applyMutations(body: unknown, mutations: Mutation[]): unknown {
  let root = copy(body);
  for (const m of mutations) {
    if (m.kind === 'null-everything') {
      if (root && typeof root === 'object' && !Array.isArray(root)) {
        for (const key of Object.keys(root)) setOwn(root as Record<string, unknown>, key, null);
      }
      continue;
    }
    if (m.path.length === 0) {
      if (m.kind === 'wrap-in-array') root = [root];
      else if (m.kind === 'set') root = m.value;
      else if (m.kind === 'delete') root = undefined;
      else if (root && typeof root === 'object') setOwn(root as Record<string, unknown>, m.key, m.value);
      continue;
    }
    if (!root || typeof root !== 'object') root = {};
    let parent = root as Record<string, unknown>;
    for (const key of m.path.slice(0, -1)) {
      const next = parent[key];
      if (!next || typeof next !== 'object' || next instanceof RawJson) setOwn(parent, key, {});
      parent = parent[key] as Record<string, unknown>;
    }
    const last = m.path[m.path.length - 1]!;
    if (m.kind === 'set') setOwn(parent, last, m.value);
    else if (m.kind === 'delete') delete parent[last];
    else if (m.kind === 'wrap-in-array') setOwn(parent, last, [parent[last]]);
    else {
      const target = parent[last];
      if (target && typeof target === 'object' && !Array.isArray(target)) {
        setOwn(target as Record<string, unknown>, m.key, m.value);
      } else setOwn(parent, m.key, m.value);
    }
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters

/** Percent sequences that do not decode, or decode to something nasty. */
const PERCENT_GARBAGE = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%u0041',
  '%2',
  '%ED%A0%80',
  '%F4%90%80%80',
];

/** A key or value of a query string, as written in the URL (already encoded, or deliberately not). */
const queryToken = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: valid.map(encodeUnpaired) },
    { weight: 3, arbitrary: nastyString().map(encodeUnpaired) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...PERCENT_GARBAGE, '+', '=', '&', '#', '[', ']', '[]', '.', '..'),
    },
    { weight: 1, arbitrary: hugeString.map((s) => encodeUnpaired(s.slice(0, 50_000))) },
    { weight: 2, arbitrary: fc.constantFrom(...TRICKY_STRINGS).map(encodeURIComponent) },
  );

/** encodeURIComponent throws on a lone surrogate: those go out as raw UTF-8 of U+FFFD instead. */
export function encodeUnpaired(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
      const code = c.charCodeAt(0);
      const next = s.charCodeAt(i + 1);
      const prev = s.charCodeAt(i - 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return c;
      if (code >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff) return c;
      return '\ufffd';
    }),
  );
}

export interface QueryParameter {
  name: string;
  schema: JsonSchema;
  required?: boolean;
}

/** The text of a valid value in a query string. */
const asQueryText = (v: unknown) => (typeof v === 'string' ? v : jsonText(v));

/**
 * A whole query string (without '?'): the known parameters with valid values (the required ones
 * always), then none to a few broken pairs — known keys again with strange values (repeated keys),
 * random keys, `a[]=` and `a[b]=` forms, percent garbage, huge values.
 */
export function queryString(params: QueryParameter[], real: RealValues): fc.Arbitrary<string> {
  const validPairs = fc.tuple(
    ...params.map((p) => {
      const pair = validValue(p.schema, real, p.name).map((v): [string, string] => [
        encodeUnpaired(p.name),
        encodeUnpaired(asQueryText(v)),
      ]);
      return p.required ? pair : fc.option(pair, { nil: undefined });
    }),
  );
  const names = params.map((p) => p.name);
  const key = fc.oneof(
    { weight: 3, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('q') },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map(encodeUnpaired) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, ...PERCENT_GARBAGE) },
  );
  const broken = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, queryToken(fc.string())) },
    // a[]=x and a[b]=x: qs-style arrays and objects.
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc
          .tuple(key, fc.constantFrom('[]', '[b]', '[0]', '[__proto__]', '%5B%5D', '[][]'))
          .map(([k, s]) => k + s),
        queryToken(fc.string()),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(key, fc.constant('')) },
  );
  const rendering = fc.constantFrom('k=v', 'k=v', 'k=v', 'k', 'k==v', '=v');
  return fc
    .tuple(
      validPairs,
      fc.array(fc.tuple(broken, rendering), { minLength: 0, maxLength: 4 }),
      // Where the broken pairs go, and whether the whole list comes twice (every key repeated).
      fc.boolean(),
      fc.boolean(),
    )
    .map(([valid, extra, brokenFirst, twice]) => {
      const good = valid.filter((p): p is [string, string] => p !== undefined).map(([k, v]) => `${k}=${v}`);
      const bad = extra.map(([[k, v], how]) =>
        how === 'k' ? k : how === 'k==v' ? `${k}==${v}` : how === '=v' ? `=${v}` : `${k}=${v}`,
      );
      const all = brokenFirst ? [...bad, ...good] : [...good, ...bad];
      return (twice ? [...all, ...all] : all).join('&');
    });
}

/** A path parameter, as written in the URL. */
export function pathParameter(
  schema: JsonSchema | undefined,
  real: RealValues,
  name: string,
): fc.Arbitrary<string> {
  const valid = schema ? validValue(schema, real, name).map((v) => encodeUnpaired(String(v))) : fc.uuid();
  return fc.oneof(
    { weight: 3, arbitrary: real.ids.length > 0 ? fc.constantFrom(...real.ids) : fc.uuid() },
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: nastyString({ minLength: 1 }).map(encodeUnpaired) },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((u) => `${u}x`) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1e3', '9'.repeat(30), 'null', 'undefined', 'NaN') },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(101), 'a'.repeat(10_000), `${'%2F'.repeat(2_000)}`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%2F',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e',
        '%2e%2e%2f',
        '..%5C..%5C',
        '%00',
        'a%00b',
        '%',
        '%zz',
        '%C0%AE%C0%AE',
        '%E2%80%AE',
        '%F0%9F%98%80',
        '%ED%A0%80',
        '.',
        '~',
        'a;b',
        'a,b',
      ),
    },
  );
}

/** Bodies that are not JSON, or barely. */
export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '[1,2',
  "{'a':1}",
  '{"a":1,}',
  '{a:1}',
  'NaN',
  'Infinity',
  'undefined',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\u"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  ' ',
  '\r\n',
  '<xml/>',
  'a=1&b=2',
];

export const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/merge-patch+json',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  ';',
  'application/json, text/plain',
];
