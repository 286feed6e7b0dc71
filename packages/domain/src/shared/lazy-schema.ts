/**
 * A value — in practice a Zod schema — built the first time anything touches it, and from then on
 * indistinguishable from it: property reads, method calls, `in`, `instanceof` (Zod answers that
 * from the schema's own traits), keys and prototype all go to the built value.
 *
 * Why: a module's schemas are otherwise all built as it loads, whether or not the page that loaded
 * it will ever parse with them. In the browser that was a quarter of a phone's start-up work on
 * every page (docs/performance.md). The web build wraps the domain's and the web app's top-level
 * schemas in this (apps/web/vite-lazy-schemas.ts); the server and the source stay as written.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in has no own properties, so it may only report configurable ones (a proxy rule).
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
