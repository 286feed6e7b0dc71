import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The reliability suite has its own config and script (npm run test:reliability).
    exclude: ['src/reliability/**'],
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    environment: 'node',
    // One module graph per worker (isolate: false): each file still builds its own app on its own
    // database, so nothing a test sees is shared, but the app's ~1,000 modules are evaluated once per
    // worker instead of once per file (import time 85 s → 9 s; docs/testing.md).
    isolate: false,
    // Each file builds its own app on a fresh database, copied from one migrated template.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
