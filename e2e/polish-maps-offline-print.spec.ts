import { expect, test, type Page } from '@playwright/test';
import { BOOKING_MESSAGES, OFFLINE_ALERT } from '@grip/domain';
import { bookJob, signUpInPage } from './fixtures';

/**
 * Issue 33, items 1, 8 and 12: real maps out of the box (OpenFreeMap's style, answered here by a
 * stand-in for its host: this machine has no internet), a list first opened offline says so instead
 * of pulsing forever, and the business's job prints as a clean A4 sheet.
 */

const OPENFREEMAP = 'https://tiles.openfreemap.org';
const ATTRIBUTION =
  '<a href="https://openfreemap.org" target="_blank">OpenFreeMap</a> ' +
  '<a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> ' +
  'Data from <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a>';

/** A tiny valid style with OpenFreeMap's attribution; its one source is inline, so no tiles are needed. */
const TINY_STYLE = {
  version: 8,
  name: 'Liberty (test)',
  sources: {
    openmaptiles: {
      type: 'geojson',
      attribution: ATTRIBUTION,
      data: {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [151.186, -33.879] },
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
    { id: 'place', type: 'circle', source: 'openmaptiles', paint: { 'circle-radius': 6 } },
  ],
};

const NOT_SAVED = "You're offline — this page hasn't been saved for offline use yet";

test('after posting a request the map is a real map of OpenFreeMap, with its attribution', async ({
  page,
}) => {
  const asked: string[] = [];
  await page.route(`${OPENFREEMAP}/**`, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname);
    if (url.pathname !== '/styles/liberty') return route.fulfill({ status: 404 });
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(TINY_STYLE),
    });
  });

  await signUpInPage(page, { name: 'Map Customer' });
  await page.goto('/?direct=true');
  await page.getByLabel('Service type').selectOption('Home & Property Services');
  await page.getByLabel('Specific service (optional)').selectOption('plumbing');
  await page.getByLabel('Describe what you need').fill('The laundry tap leaks under the sink.');
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill('5 Glebe Point Rd, Glebe NSW 2037');
  await location.press('Escape');
  await page.getByLabel('Budget ($)').fill('150');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();

  const map = page.getByRole('group', { name: /^Map of / });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map).not.toHaveAttribute('aria-busy', 'true');
  await expect(map.locator('.maplibregl-marker')).toBeVisible();
  const attribution = map.locator('.maplibregl-ctrl-attrib');
  await expect(attribution).toBeVisible();
  await expect(attribution).toContainText('OpenFreeMap © OpenMapTiles Data from OpenStreetMap');
  expect(await map.getAttribute('data-map-problem')).toBeNull();
  // The default style, asked of OpenFreeMap's host (the CSP let it through: connect-src).
  expect(asked).toContain('/styles/liberty');
  // No developer words anywhere on the page.
  await expect(page.getByText(/configuration/i)).toHaveCount(0);
  await expect(page.getByText('Map configuration missing')).toHaveCount(0);
});

test.describe('offline, first visit', () => {
  // The app's code comes from the service worker's precache offline, as on a phone.
  test.use({ serviceWorkers: 'allow' });

  async function waitForServiceWorker(page: Page) {
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    });
  }

  test('a list never opened before going offline says so, and loads by itself once back online', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpInPage(page, { name: 'Offline Customer' });
    await page.goto('/home');
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await expect(page.getByRole('alert').filter({ hasText: OFFLINE_ALERT })).toBeVisible();
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Confirmed/ })
      .click();
    await expect(page).toHaveURL(/\/confirmed$/);
    await expect(page.getByText(NOT_SAVED).first()).toBeVisible();
    await expect(page.getByText("It will load by itself when you're back online.").first()).toBeVisible();
    await expect(page.getByText('Loading confirmed requests')).toHaveCount(0);
    // The alert says the rest will load back online, and placeholders wait still instead of pulsing.
    await expect(page.getByRole('alert').filter({ hasText: OFFLINE_ALERT })).toContainText(
      "What hasn't loaded yet will load when you're back online.",
    );
    const pulse = () =>
      page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'animate-pulse';
        document.body.append(probe);
        const name = getComputedStyle(probe).animationName;
        probe.remove();
        return name;
      });
    expect(await pulse()).toBe('none');

    await page.context().setOffline(false);
    await expect(page.getByText(BOOKING_MESSAGES.confirmedEmptyTitle)).toBeVisible();
    await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
    expect(await pulse()).not.toBe('none');
  });
});

test("the business's job prints as an A4 sheet: no navigation, buttons or chat, black on white", async ({
  page,
  baseURL,
}) => {
  const { business, responseId } = await bookJob(baseURL!);
  await page.context().addCookies((await business.api.storageState()).cookies);
  await page.goto(`/business-confirmed?job=${responseId}`);
  await expect(page.getByText(`Job ID: ${responseId}`)).toBeVisible();
  const nav = page.getByRole('navigation').first();
  await expect(nav).toBeVisible();
  const sheet = page.getByRole('article', { name: 'Job sheet' });
  await expect(sheet).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByText('No Messages Yet')).toBeHidden();
  // The sheet alone: the page's own copy of the job is left off the paper.
  await expect(page.getByText(`Job ID: ${responseId}`)).toBeHidden();
  for (const label of [
    'Job ID',
    'Service Type',
    'Location',
    'Quoted Price',
    'Status',
    'Created',
    'Description',
    'Engagement Notes',
  ]) {
    await expect(sheet.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(sheet).toContainText('$160');
  await expect(sheet).toContainText('12 King St, Newtown NSW 2042');
  const paper = await page.evaluate(() => {
    const pageRules: string[] = [];
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSPageRule) pageRules.push(rule.style.getPropertyValue('size'));
        if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) visit(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
    const text = document.querySelector('[data-print-sheet] dd');
    return {
      pageRules,
      background: getComputedStyle(document.body).backgroundColor,
      colour: text ? getComputedStyle(text).color : null,
    };
  });
  expect(paper.pageRules.map((size) => size.toLowerCase())).toContain('a4');
  expect(paper.background).toBe('rgb(255, 255, 255)');
  expect(paper.colour).toBe('rgb(0, 0, 0)');

  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toHaveCount(0);
  await expect(nav).toBeVisible();
});
