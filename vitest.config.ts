import { defineConfig } from 'vitest/config';

/** `npm test`: every Vitest project that needs nothing but Node (PGlite for the server). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
