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
    // Each file builds its own app on a fresh database, copied from one migrated template.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
