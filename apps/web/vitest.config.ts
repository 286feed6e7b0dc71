import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazySchemas } from './vite-lazy-schemas';

export default defineConfig({
  // As in the build: the tests see the schemas built on first use, as the browser does.
  plugins: [react(), lazySchemas()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom window and one module graph per worker (isolate: false): React, Radix and the app
    // are evaluated once per worker instead of once per file (import 40 s → 4 s, environment 27 s →
    // once). What a file could leave behind in the shared window (storage, cookies, fake timers,
    // stubbed globals, rendered trees, toasts) is reset by src/test/setup.ts before each file.
    isolate: false,
    // A ceiling for a hung test, above findBy/waitFor's 15 s (src/test/clock.ts): never what makes a
    // slow test pass or a busy machine fail a correct one.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
