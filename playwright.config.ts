import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the production build (npm run build first;
 * `npm run test:e2e` does both). The server runs on a fresh embedded database per run.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: fs.existsSync(chromium) ? chromium : undefined,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    // The shell changes shape from 1024 px (left rail instead of bottom navigation).
    {
      name: 'desktop',
      testMatch: ['**/shell.spec.ts', '**/guards.spec.ts'],
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT) },
  },
});
