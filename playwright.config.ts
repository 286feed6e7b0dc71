import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the production build (npm run build first;
 * `npm run test:e2e` does both). Two tests at a time, each on a server of its own: every project
 * below talks to its own server on its own fresh embedded database and runs one test at a time, so
 * tests never see another's data appear mid-way (a new request notifies every matching business;
 * Archive All on /admin archives everyone's requests). Ports: E2E_PORT (default 3100) and up, each
 * server's OpenID Connect provider on the next port.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const serverPort = (index: number) => BASE_PORT + index * 2;
const baseURL = (index: number) => `http://localhost:${serverPort(index)}`;
// Spread so the groups take about as long; three at a time overloaded two cores (timeouts).
const SECOND_SERVER_SPECS = [
  '**/negotiation.spec.ts',
  '**/shell.spec.ts',
  '**/guards.spec.ts',
  '**/pwa.spec.ts',
  '**/push.spec.ts',
  '**/settings.spec.ts',
  '**/booking-changes.spec.ts',
  '**/calendar.spec.ts',
  '**/two-way-reviews.spec.ts',
  '**/moderation.spec.ts',
  '**/disputes.spec.ts',
];
const ACCESSIBILITY_SPECS = ['**/accessibility.spec.ts'];
// The shell changes shape from 1024 px (left rail instead of bottom navigation).
const DESKTOP_SPECS = ['**/shell.spec.ts', '**/guards.spec.ts', '**/desktop-layouts.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI's two cores run two browsers and their servers at once: give each step more room there.
  timeout: process.env.CI ? 45_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    // The service worker precaches the whole app (about 2 MB) in every new context; only the specs
    // about it (push, pwa) let it run, so the others stay fast and see the network as it is.
    serviceWorkers: 'block',
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
  // The two workers take the next file of the first project listed that has none running. The
  // accessibility walk (one file of about 2½ minutes) goes first, beside the first mobile files: listed
  // last, it started only once mobile-2 and desktop were done and ran alone while a core sat idle.
  projects: [
    // Opens its own contexts (every role, every width), so it needs no device.
    { name: 'accessibility', testMatch: ACCESSIBILITY_SPECS, workers: 1, use: { baseURL: baseURL(3) } },
    {
      name: 'mobile',
      // e2e/scale/ runs behind nginx over three processes (playwright.scale.config.ts).
      testIgnore: [...SECOND_SERVER_SPECS, ...ACCESSIBILITY_SPECS, '**/scale/**'],
      workers: 1,
      use: { ...devices['Pixel 7'], browserName: 'chromium', baseURL: baseURL(0) },
    },
    {
      name: 'mobile-2',
      testMatch: SECOND_SERVER_SPECS,
      workers: 1,
      use: { ...devices['Pixel 7'], browserName: 'chromium', baseURL: baseURL(1) },
    },
    {
      name: 'desktop',
      testMatch: DESKTOP_SPECS,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: baseURL(2),
      },
    },
  ],
  // The four servers start at once (scripts/e2e-servers.mjs: a fresh database each, initdb and every
  // migration); one after the other, as four webServer entries, they took a minute with a core idle.
  webServer: {
    command: `node scripts/e2e-servers.mjs ${[0, 1, 2, 3].map(serverPort).join(' ')}`,
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
