import { formatDate, weekStart, type PlatformTrends } from '@grip/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookJob, PASSWORD, signInAsAdministrator } from './fixtures';

// Issue 33: the dashboard's and the platform's weeks as charts, each with its table. One worker, in
// order: the administrator's figures are read before and after this file adds its own activity.
test.describe.configure({ mode: 'serial' });

const thisWeek = () => `Week of ${formatDate(weekStart(new Date()), { utc: true })}`;

/** The chart library's chunk, as the browser fetches it (draw-chart-HASH.js). */
const CHART_CHUNK = /\/assets\/draw-chart-[\w-]+\.js$/;

function chartChunkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (CHART_CHUNK.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** A chart's region: drawn on a canvas, and its table's cells once shown. */
async function openChart(page: Page, title: string): Promise<Locator> {
  const region = page.getByRole('region', { name: title, exact: true });
  await expect(region.locator('[data-testid="trend-chart"]')).toHaveAttribute('data-state', 'drawn');
  await expect(region.locator('[data-testid="trend-chart"] canvas').first()).toBeVisible();
  await region.getByRole('button', { name: 'Show table' }).click();
  await expect(region.getByRole('table')).toBeVisible();
  // The legend names every series the table has a column for, in the same order.
  const series = (await region.getByRole('columnheader').allTextContents()).slice(1);
  await expect(region.locator('.u-legend .u-series:visible')).toHaveText(series, { useInnerText: true });
  return region;
}

const rowOf = (region: Locator, week: string) => region.getByRole('row').filter({ hasText: week });
async function cellsOf(region: Locator, week: string) {
  return rowOf(region, week).locator('th, td').allTextContents();
}

test('a business sees its weeks as charts, with the numbers in the table', async ({ page, baseURL }) => {
  // A business quotes a matching request and the customer books it: this week, 1 received, 1
  // responded, 1 scheduled, $160 earned.
  const { business } = await bookJob(baseURL!);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: business.email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  const chartLoads = chartChunkRequests(page);
  // Another business page: no chart, so the chart library is never fetched.
  await page.goto('/business-requests');
  await expect(page.getByRole('heading', { name: 'Service Requests' })).toBeVisible();
  expect(chartLoads).toEqual([]);

  await page.goto('/business-dashboard');
  await expect(page.getByRole('heading', { name: 'Last 12 weeks' })).toBeVisible();
  const activity = await openChart(page, 'Requests, quotes and bookings');
  expect(chartLoads).toHaveLength(1);
  await expect(activity.getByRole('row')).toHaveCount(13);
  // Received counts every matching request of the week, and other journeys on this server post some
  // too: at least this one. Responded and scheduled are this business's own actions: exactly one each.
  const [week, received, ...own] = await cellsOf(activity, thisWeek());
  expect(week).toBe(thisWeek());
  expect(Number(received)).toBeGreaterThanOrEqual(1);
  expect(own).toEqual(['1', '1']);
  await expect(activity.getByText(`This week: ${received} received, 1 responded, 1 scheduled`)).toBeVisible();

  const earned = await openChart(page, 'Money Earned');
  expect(await cellsOf(earned, thisWeek())).toEqual([thisWeek(), '$160']);
  await expect(earned.getByText('$160 in the last 12 weeks')).toBeVisible();

  // Dark mode overrides the colour properties: the chart is drawn again in them, still on a canvas.
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect(activity.locator('[data-testid="trend-chart"] canvas').first()).toBeVisible();
  await expect(activity.locator('.uplot')).toHaveCount(1);
});

test('an administrator sees the platform week by week, counting new activity', async ({ page, baseURL }) => {
  await signInAsAdministrator(page);
  const read = async () => {
    const res = await page.request.get('/api/admin/trends');
    expect(res.ok(), await res.text()).toBe(true);
    const { weeks } = (await res.json()) as PlatformTrends;
    return weeks[weeks.length - 1]!;
  };
  const before = await read();
  // Two sign-ups, one request, one quote, one booking.
  await bookJob(baseURL!);
  const after = await read();
  expect(after.signups - before.signups).toBe(2);
  expect(after.requests - before.requests).toBe(1);
  expect(after.quotes - before.quotes).toBe(1);
  expect(after.bookings - before.bookings).toBe(1);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Platform trends, last 12 weeks' })).toBeVisible();
  const people = await openChart(page, 'Sign-ups and requests');
  expect(await cellsOf(people, thisWeek())).toEqual([
    thisWeek(),
    after.signups.toLocaleString('en-AU'),
    after.requests.toLocaleString('en-AU'),
  ]);
  const work = await openChart(page, 'Quotes and bookings');
  expect(await cellsOf(work, thisWeek())).toEqual([
    thisWeek(),
    after.quotes.toLocaleString('en-AU'),
    after.bookings.toLocaleString('en-AU'),
  ]);
  const rates = await openChart(page, 'Completion and contest rates');
  await expect(rates.getByRole('row')).toHaveCount(13);
  const rate = (v: number | null) => (v === null ? '–' : `${v}%`);
  expect(await cellsOf(rates, thisWeek())).toEqual([
    thisWeek(),
    rate(after.completionRate),
    rate(after.contestRate),
  ]);
});
