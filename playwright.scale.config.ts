import { defineConfig, devices } from '@playwright/test';
import suite from './playwright.config';

/**
 * The scale suite (npm run test:scale; docs/operations.md): the end-to-end journeys through Debian's
 * nginx, round-robin over three Grip processes of the production build on one PostgreSQL, with the
 * uploads in an S3-compatible store and email through a real SMTP server (scripts/scale-stack.mjs).
 * Every request may land on another process than the one before; the live stream of a screen is
 * held by one and the change comes through another. Then failover.spec kills a process mid-journey.
 * Needs `npm run build`, PostgreSQL (TEST_DATABASE_URL) and nginx (apt-get install nginx).
 */
const PORT = Number(process.env.SCALE_PORT ?? 3300);

export default defineConfig({
  testDir: 'e2e',
  // The journeys of the main suite that cross the most processes, and the failover test.
  testMatch: [
    '**/auth.spec.ts',
    '**/requests.spec.ts',
    '**/business.spec.ts',
    '**/negotiation.spec.ts',
    '**/messages-live.spec.ts',
    '**/admin.spec.ts',
    '**/scale/*.spec.ts',
  ],
  // "Continue with Google" needs the suite's OpenID Connect server, which this stack does not run.
  grepInvert: /Continue with Google/,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 45_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  outputDir: 'test-results/scale',
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
    // The same Debian Chromium, started the same way, as the main suite.
    launchOptions: suite.use?.launchOptions,
  },
  webServer: {
    command: `node scripts/scale-stack.mjs ${PORT}`,
    wait: { stdout: /scale stack ready/ },
    reuseExistingServer: false,
    timeout: 120_000,
    // Asked, not killed: the stack stops its processes and drops its database itself.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
