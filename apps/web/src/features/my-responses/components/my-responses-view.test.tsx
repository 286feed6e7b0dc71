import { NEW_WINDOW_MS } from '@grip/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advance, freezeClock, settleUntil, useFakeClock } from '@/test/clock';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  groupPath,
  hoursAgo,
  makeAnswered,
  makeResponseSummary,
  myResponsesApi,
  responsesPage,
} from '../test-fixtures';

const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

const leak = makeAnswered(
  { id: 'r1', title: 'Leaking tap request', createdAt: '2026-03-03T02:00:00.000Z', responseCount: 2 },
  [makeResponseSummary(), makeResponseSummary({ id: 'resp2', businessName: 'Tap Masters' })],
);
// The list shows the creation date it is given; the group is the server's, from the real age.
const fresh = { ...leak, createdAt: hoursAgo(2) };
const drain = makeAnswered({ id: 'r2', title: 'Blocked drain request', createdAt: hoursAgo(30) });
const lawn = makeAnswered({ id: 'r3', title: 'Lawn mowing request', createdAt: hoursAgo(72) });

describe('My Responses groups', () => {
  it('opens New Requests and reads the other groups only when they are opened', async () => {
    const { calls } = mockApi(
      myResponsesApi({
        new: responsesPage([{ ...leak, createdAt: hoursAgo(3) }]),
        about_to_expire: responsesPage([drain]),
        expired: responsesPage([lawn]),
      }),
    );
    const { user } = renderApp('/responses');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Responses' })).toBeTruthy();

    const newList = await screen.findByRole('list', { name: 'New Requests' });
    const card = within(newList).getByRole('button', { name: /Leaking tap request/ });
    expect(card.textContent).toContain('2 responses');
    expect(card.textContent).toMatch(/Created \w{3} \d{1,2}, \d{4}/);
    expect(screen.getByRole('button', { name: /^New Requests/ }).getAttribute('aria-expanded')).toBe('true');

    const about = screen.getByRole('button', { name: /^Requests about to Expire/ });
    const expired = screen.getByRole('button', { name: /^Expired Requests/ });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(expired.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(calls, groupPath('about_to_expire'))).toHaveLength(0);
    expect(callsTo(calls, groupPath('expired'))).toHaveLength(0);

    await user.click(expired);
    const expiredList = await screen.findByRole('list', { name: 'Expired Requests' });
    expect(within(expiredList).getByRole('button', { name: /Lawn mowing request/ })).toBeTruthy();
    expect(callsTo(calls, groupPath('expired'))).toHaveLength(1);

    await user.click(about);
    const aboutList = await screen.findByRole('list', { name: 'Requests about to Expire' });
    expect(within(aboutList).getByRole('button', { name: /Blocked drain request/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^New Requests/ }));
    expect(screen.queryByRole('list', { name: 'New Requests' })).toBeNull();
  });

  it('says so when there are no responses at all, after reading every group', async () => {
    const { calls } = mockApi(myResponsesApi());
    renderApp('/responses');
    expect(await screen.findByText('No responses yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my requests' }).getAttribute('href')).toBe('/requests');
    expect(callsTo(calls, groupPath('about_to_expire'))).toHaveLength(1);
    expect(callsTo(calls, groupPath('expired'))).toHaveLength(1);
  });

  it('keeps the groups, each with its empty text, when only older requests have responses', async () => {
    mockApi(myResponsesApi({ expired: responsesPage([lawn]) }));
    const { user } = renderApp('/responses');
    expect(await screen.findByText('No responses yet to requests made in the last 24 hours.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Requests about to Expire/ }));
    expect(await screen.findByText('No responses to requests made 24 to 48 hours ago.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Expired Requests/ }));
    expect(await screen.findByRole('button', { name: /Lawn mowing request/ })).toBeTruthy();
  });

  it("shows the spec's load failure with Retry", async () => {
    let fail = true;
    mockApi({
      ...myResponsesApi(),
      [`GET ${groupPath('new')}`]: () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Boom' } }
          : { body: responsesPage([fresh]) },
    });
    const { user } = renderApp('/responses');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your requests.');
    expect(screen.queryByText('Boom')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Leaking tap request/ })).toBeTruthy();
  });

  it('loads more a page at a time', async () => {
    const second = makeAnswered({ id: 'r9', title: 'Fence painting request', createdAt: hoursAgo(5) });
    mockApi({
      ...myResponsesApi({ new: responsesPage([fresh], 'r1') }),
      [`GET /api/my-responses?group=new&cursor=r1&limit=20`]: { body: responsesPage([second]) },
    });
    const { user } = renderApp('/responses');
    const list = await screen.findByRole('list', { name: 'New Requests' });
    expect(screen.getByRole('button', { name: /^New Requests/ }).textContent).toContain('1+');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('button', { name: /Fence painting request/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads the groups again at the first reading of the time after a request grows old enough', async () => {
    // Frozen from the start: the page mounts, and reads the time every minute, at a known instant.
    useFakeClock();
    freezeClock();
    // Out of New 30 s after mounting; the page notices at its reading a minute after mounting.
    const createdAt = new Date(Date.now() - NEW_WINDOW_MS + 30_000).toISOString();
    const { calls } = mockApi(myResponsesApi({ new: responsesPage([{ ...leak, createdAt }]) }));
    renderApp('/responses');
    await settleUntil(() => expect(screen.getByRole('list', { name: 'New Requests' })).toBeTruthy());
    expect(callsTo(calls, groupPath('new'))).toHaveLength(1);
    await advance(59_999);
    expect(callsTo(calls, groupPath('new'))).toHaveLength(1);
    await advance(1);
    await settleUntil(() => expect(callsTo(calls, groupPath('new'))).toHaveLength(2));
  });
});
