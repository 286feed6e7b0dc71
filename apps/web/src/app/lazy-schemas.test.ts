import { types } from 'node:util';
import { CreatedRequestSchema, ServiceRequestInputSchema } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { lazySchemas } from '../../vite-lazy-schemas';
import { DraftSchema } from '@/features/assistant/draft';

type Transform = (
  this: { parse: (code: string) => unknown },
  code: string,
  id: string,
) => { code: string } | null;

/** The plugin's transform, with Vite's parser (the same oxc-based one through Rolldown). */
async function transform(code: string, id = '/repo/packages/domain/src/example.ts') {
  const { parseAst } = await import('vite');
  const hook = lazySchemas().transform as Transform;
  return hook.call({ parse: (source) => parseAst(source) }, code, id)?.code ?? null;
}

describe('schemas built on first use (vite-lazy-schemas.ts)', () => {
  it('is what the app and these tests run: the domain’s and the web app’s schemas are stand-ins', () => {
    expect(types.isProxy(CreatedRequestSchema)).toBe(true);
    expect(types.isProxy(ServiceRequestInputSchema)).toBe(true);
    expect(types.isProxy(DraftSchema)).toBe(true);
    expect(CreatedRequestSchema.safeParse({}).success).toBe(false);
  });

  it('wraps top-level schemas, pure, and leaves everything else as written', async () => {
    const out = await transform(
      [
        "import { z } from 'zod';",
        'export const LIMIT = 5;',
        'export const NAMES = new Set(["a"]);',
        'export const ItemSchema = z.object({ name: z.string().max(LIMIT) });',
        'const amount = z.number().int();',
        'export const ListSchema = ItemSchema.array();',
        'export const nameSchema = ItemSchema.shape.name;',
        'export const Alias = ItemSchema;',
        'export function build() { const Inner = z.string(); return Inner; }',
      ].join('\n'),
    );
    expect(out).not.toBeNull();
    const wrapped = (init: string) => `/* @__PURE__ */ __lazySchema(() => (${init}))`;
    expect(out).toContain(
      `export const ItemSchema = ${wrapped('z.object({ name: z.string().max(LIMIT) })')};`,
    );
    expect(out).toContain(`const amount = ${wrapped('z.number().int()')};`);
    expect(out).toContain(`export const ListSchema = ${wrapped('ItemSchema.array()')};`);
    expect(out).toContain(`export const nameSchema = ${wrapped('ItemSchema.shape.name')};`);
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('export const NAMES = new Set(["a"]);');
    expect(out).toContain('export const Alias = ItemSchema;');
    expect(out).toContain('const Inner = z.string();');
    expect(out).toMatch(/^import \{ lazySchema as __lazySchema \} from ".*lazy-schema\.ts";/);
  });

  it('leaves tests, other packages and files without schemas alone', async () => {
    const code = 'export const ItemSchema = z.object({});';
    expect(await transform(code, '/repo/packages/domain/src/example.test.ts')).toBeNull();
    expect(await transform(code, '/repo/node_modules/zod/index.ts')).toBeNull();
    expect(await transform('export const LIMIT = 5;')).toBeNull();
  });
});
