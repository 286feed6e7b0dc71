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
    // Each file builds its own app on a fresh database, copied from one migrated template, so nothing
    // a test sees is shared; the app's modules are evaluated once per worker instead of once per file
    // (isolate: false; import time 85 s → 9 s, docs/testing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
