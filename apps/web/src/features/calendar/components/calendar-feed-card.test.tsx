import { CALENDAR_MESSAGES as M, type CalendarFeedStatus } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST_URL = 'http://localhost:3000/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND_URL = 'http://localhost:3000/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const OFF: CalendarFeedStatus = { active: false, createdAt: null };
const ON: CalendarFeedStatus = { active: true, createdAt: '2026-11-20T10:00:00.000Z' };

/** The server as the card sees it: the feed's state changes with each call. */
function feedServer(initial: CalendarFeedStatus) {
  let status = initial;
  const urls = [FIRST_URL, SECOND_URL];
  return mockApi({
    'GET /api/me/calendar-feed': () => ({ body: status }),
    'POST /api/me/calendar-feed': () => {
      status = ON;
      return { body: { url: urls.shift() } };
    },
    'DELETE /api/me/calendar-feed': () => {
      status = OFF;
      return { status: 204 };
    },
  });
}

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <CalendarFeedCard />
    </Providers>,
  );
  return { user };
}

describe('CalendarFeedCard', () => {
  it('creates a feed link and shows it once, read-only, with a Copy button', async () => {
    const api = feedServer(OFF);
    const { user } = renderCard();
    expect(screen.getByText(M.feedTitle)).toBeTruthy();
    expect(await screen.findByText(M.feedOff)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: M.createFeed }));

    const field = (await screen.findByLabelText(M.urlLabel)) as HTMLInputElement;
    expect(field.value).toBe(FIRST_URL);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(M.shownOnce)).toBeTruthy();
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(await screen.findByText(M.feedOnSince('Nov 20, 2026'))).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: M.copy }));
    expect(await navigator.clipboard.readText()).toBe(FIRST_URL);
    expect(await screen.findByText(M.copied)).toBeTruthy();
  });

  it('resets the link only once confirmed, showing the new one', async () => {
    const api = feedServer(ON);
    const { user } = renderCard();
    expect(await screen.findByText(M.feedOnSince('Nov 20, 2026'))).toBeTruthy();
    // A link made earlier is never shown again.
    expect(screen.queryByLabelText(M.urlLabel)).toBeNull();

    await user.click(screen.getByRole('button', { name: M.resetFeed }));
    let dialog = await screen.findByRole('dialog', { name: M.resetTitle });
    expect(within(dialog).getByText(M.resetConsequence)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: M.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: M.resetFeed }));
    dialog = await screen.findByRole('dialog', { name: M.resetTitle });
    await user.click(within(dialog).getByRole('button', { name: M.resetConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(((await screen.findByLabelText(M.urlLabel)) as HTMLInputElement).value).toBe(FIRST_URL);
    expect(await screen.findByText(M.reset)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('turns the feed off once confirmed', async () => {
    const api = feedServer(OFF);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: M.createFeed }));
    await screen.findByLabelText(M.urlLabel);

    await user.click(await screen.findByRole('button', { name: M.turnOffFeed }));
    const dialog = await screen.findByRole('dialog', { name: M.turnOffTitle });
    expect(within(dialog).getByText(M.turnOffConsequence)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: M.turnOffConfirm }));

    expect(await screen.findByText(M.turnedOff)).toBeTruthy();
    expect(await screen.findByRole('button', { name: M.createFeed })).toBeTruthy();
    expect(screen.queryByLabelText(M.urlLabel)).toBeNull();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/me/calendar-feed')).toBe(true);
  });

  it('says so in plain words when the feed cannot be read or made, and tries again', async () => {
    let reads = 0;
    mockApi({
      'GET /api/me/calendar-feed': () => ((reads += 1) === 1 ? { status: 503, body: {} } : { body: OFF }),
      'POST /api/me/calendar-feed': { status: 500, body: { error: 'internal', message: 'x' } },
    });
    const { user } = renderCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(M.loadFailed)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: M.tryAgain }));
    await user.click(await screen.findByRole('button', { name: M.createFeed }));
    expect(await screen.findByText(M.createFailed)).toBeTruthy();
    expect(screen.queryByLabelText(M.urlLabel)).toBeNull();
  });
});
