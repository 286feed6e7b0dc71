import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { longestFirst } from './src/test/longest-first';

/**
 * `npm run test:reliability`: the reliability and security suite (docs/reliability.md). Apart from
 * `npm test` because it tries every route as every role and asks the npm registry about advisories.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'reliability',
    include: ['src/reliability/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    environment: 'node',
    // As in the API suite: one module graph per worker, every file on its own app and database.
    isolate: false,
    // Every core, as `npm test`: the files share nothing (each its own app, database and, for the
    // crash tests, its own PostgreSQL cluster), and one worker left a core idle for 3½ minutes.
    maxWorkers: '100%',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The longest files first, so neither worker is left with one alone at the end: without a cache
    // of earlier runs (a fresh clone, as on CI) Vitest starts the largest files first, and the crash
    // tests (a small file of minutes of server restarts) started last and ran alone for minutes.
    sequence: { sequencer: longestFirst(['crash.test.ts', 'races.test.ts', 'fuzz.test.ts']) },
  },
});
