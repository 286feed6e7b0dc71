import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ROUTE_ACCESS, guardRoute, roleRedirect, type Role } from '@grip/domain';
import { bookJob, signInAsAdministrator } from './fixtures';

/**
 * Every page of the route table as each role can open it (issue 8 items 3 and 4):
 * - axe-core finds no WCAG 2.1 A/AA violation (labels, names, contrast, landmarks, ARIA);
 * - with reduced motion asked for, nothing animates;
 * - at 360, 768 and 1280 px wide nothing spills sideways (no horizontal scrolling), and at 1280 px
 *   with text at 200% the same holds (WCAG 1.4.4 and 1.4.10).
 * With SCREENSHOTS=1 (npm run screenshots) it also saves each page at each width in docs/screenshots.
 */
const WIDTHS = [360, 768, 1280] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
// The screens worth a picture in the docs, by who is looking (the rest are checked all the same).
const SCREENSHOT_PAGES: Record<string, readonly string[]> = {
  visitor: ['/', '/auth'],
  customer: ['/home', '/requests', '/messages', '/settings'],
  business: ['/business-dashboard', '/business-requests', '/business-confirmed'],
  administrator: ['/admin'],
};

/** Waits for the page's own content: no loading indicator left, a heading shown. */
async function settled(page: Page) {
  await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/ })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.locator('h1, h2').first()).toBeVisible();
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function checkPage(page: Page, url: string, label: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await page.goto(url);
  await settled(page);

  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
  }));
  expect.soft(violations, `axe on ${url} as ${label}`).toEqual([]);

  // Reduced motion (the contexts ask for it): nothing on the page animates or transitions.
  const moving = await page.evaluate(() =>
    Array.from(document.querySelectorAll('*'))
      .filter((el) => {
        const style = getComputedStyle(el);
        const longest = (list: string) =>
          Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)));
        return longest(style.animationDuration) > 1 || longest(style.transitionDuration) > 1;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect.soft(moving, `${url} as ${label} moves despite reduced motion`).toEqual([]);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 1024 ? 780 : 800 });
    expect
      .soft(await horizontalOverflow(page), `${url} as ${label} at ${width}px spills sideways`)
      .toBeLessThanOrEqual(0);
    if (SCREENSHOTS && SCREENSHOT_PAGES[label]?.includes(url)) {
      await settled(page);
      const name = `${label}${url === '/' ? '-landing' : url.replaceAll('/', '-')}-${width}.png`;
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, name),
        animations: 'disabled',
      });
    }
  }

  // Text at 200%: the browser's default font size doubled, as its text-size setting does. Every rem
  // doubles, media queries included (so a wide window may get the phone layout, as it should).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  expect
    .soft(await horizontalOverflow(page), `${url} as ${label} with 200% text spills sideways`)
    .toBeLessThanOrEqual(0);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  await cdp.detach();
}

/** The role's pages, with real ids for the routes that take one; skips those the role is sent away from. */
function pagesFor(role: Role | null, ids: { responseId: string; requestId: string }): string[] {
  return ROUTE_ACCESS.filter(({ path: p, access }) => guardRoute(p, access, role).allow)
    .filter(({ path: p }) => !(role && p === '/auth'))
    .filter(({ path: p }) => roleRedirect(p, role, '/business-dashboard') === null)
    .map(({ path: p }) => p.replace(':responseId', ids.responseId).replace(':requestId', ids.requestId));
}

function contextFor(browser: Browser, baseURL: string, storageState?: BrowserContextOptions['storageState']) {
  return browser.newContext({ baseURL, storageState, reducedMotion: 'reduce' });
}

test.describe('every page, as every role', () => {
  test.describe.configure({ timeout: 240_000 });
  test.beforeAll(() => {
    if (SCREENSHOTS) fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  test('a visitor', async ({ browser, baseURL }) => {
    const context = await contextFor(browser, baseURL!);
    const page = await context.newPage();
    for (const url of pagesFor(null, { responseId: '-', requestId: '-' }))
      await checkPage(page, url, 'visitor');
    await context.close();
  });

  test('a customer and a business with a booked job', async ({ browser, baseURL }) => {
    const { business, customer, responseId } = await bookJob(baseURL!);
    // A second request the business has not answered yet, for /respond/:requestId.
    const open = await customer.api.post('/api/requests', {
      data: {
        serviceType: 'Home & Property Services',
        serviceSubtype: 'electrical',
        description: 'An outdoor light needs replacing by the back door.',
        location: '12 King St, Newtown NSW 2042',
        serviceAreaKm: 10,
        budget: 90,
      },
    });
    expect(open.status(), await open.text()).toBe(201);
    const { id: requestId } = (await open.json()) as { id: string };

    for (const [label, role, account] of [
      ['customer', 'user', customer],
      ['business', 'business_owner', business],
    ] as const) {
      const context = await contextFor(browser, baseURL!, await account.api.storageState());
      const page = await context.newPage();
      for (const url of pagesFor(role, { responseId, requestId })) await checkPage(page, url, label);
      await context.close();
    }
  });

  test('an administrator', async ({ browser, baseURL }) => {
    const context = await contextFor(browser, baseURL!);
    const page = await context.newPage();
    await signInAsAdministrator(page);
    for (const url of pagesFor('administrator', { responseId: '-', requestId: '-' }))
      await checkPage(page, url, 'administrator');
    await context.close();
  });
});
