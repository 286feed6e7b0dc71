import { defineConfig } from 'vitest/config';

/** `npm test`: every Vitest project that needs nothing but Node (PGlite for the server). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'bench'],
    // Vitest leaves one core free by default, which on a 2-core CI machine means one worker; the
    // suite is CPU-bound (PGlite, jsdom) and takes about 35% less time with every core.
    maxWorkers: '100%',
  },
});
