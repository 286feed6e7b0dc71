import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const eager = () =>
  z.object({
    title: z.string().trim().min(3, 'Too short'),
    budget: z.number().int().nonnegative().nullable(),
    tags: z.array(z.enum(['a', 'b'])).max(2),
  });

describe('lazySchema', () => {
  it('builds nothing until first touched, and only once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return eager();
    });
    expect(builds).toBe(0);
    schema.parse({ title: 'Fix tap', budget: 5, tags: [] });
    schema.safeParse({});
    expect(builds).toBe(1);
  });

  it('parses, refuses and explains exactly as the schema it stands for', () => {
    const real = eager();
    const lazy = lazySchema(eager);
    const inputs: unknown[] = [
      { title: '  Fix the tap ', budget: 40, tags: ['a'] },
      { title: 'ab', budget: -1, tags: ['a', 'b', 'a'] },
      { title: 'Paint', budget: null, tags: ['c'] },
      null,
      'text',
    ];
    for (const input of inputs) expect(lazy.safeParse(input)).toEqual(real.safeParse(input));
  });

  it('is a schema to Zod: instanceof, nesting, extend, shape, JSON Schema', () => {
    const lazy = lazySchema(eager);
    expect(lazy instanceof z.ZodObject).toBe(true);
    expect('_zod' in lazy).toBe(true);
    expect(Object.keys(lazy.shape)).toEqual(['title', 'budget', 'tags']);

    const wrapper = z.object({ request: lazy, note: z.string().optional() });
    expect(wrapper.safeParse({ request: { title: 'Mow', budget: 1, tags: [] } }).success).toBe(true);
    expect(wrapper.safeParse({ request: { title: 'x', budget: 1, tags: [] } }).success).toBe(false);

    const extended = lazy.extend({ urgent: z.boolean() });
    expect(extended.parse({ title: 'Mow', budget: null, tags: [], urgent: true }).urgent).toBe(true);
    expect(lazy.nullable().parse(null)).toBeNull();
    expect(lazy.shape.title.parse('  Mow ')).toBe('Mow');

    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(eager()));
    expect(z.toJSONSchema(wrapper)).toEqual(
      z.toJSONSchema(z.object({ request: eager(), note: z.string().optional() })),
    );
  });

  it('passes through schemas built from other lazy ones (a chain of modules)', () => {
    const base = lazySchema(eager);
    const derived = lazySchema(() => base.pick({ title: true }).strict());
    expect(derived.parse({ title: 'Tiles' })).toEqual({ title: 'Tiles' });
    expect(derived.safeParse({ title: 'Tiles', budget: 3 }).success).toBe(false);
  });
});
