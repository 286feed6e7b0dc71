import { configure, screen, waitFor, within } from '@testing-library/react';
import { BOOKING_MESSAGES } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { bookingsApi, CONFIRMED, makeBooking, page } from '../test-fixtures';

// Routes are lazy: the first render of a page can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const callsTo = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path);

const tap = makeBooking();
const fence = makeBooking({
  responseId: 'b2',
  requestId: 'r2',
  request: {
    ...makeBooking().request,
    title: 'Paint the fence',
    images: ['/u/1.jpg', '/u/2.jpg', '/u/3.jpg', '/u/4.jpg'],
  },
  business: {
    ...makeBooking().business,
    name: 'Brush Bros',
    ratingAverage: null,
    reviewCount: 0,
    phone: null,
  },
  quotedPrice: '450.00',
  priceType: 'fixed',
  estimatedDuration: '1 day',
});

describe('Confirmed Requests', () => {
  it('lists confirmed bookings with the badge, business, quote and duration, collapsed', async () => {
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }));
    renderApp('/confirmed');

    expect(await screen.findByText(BOOKING_MESSAGES.confirmedSubtitle)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Confirmed requests' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('CONFIRMED')).toBeTruthy();
    expect(within(cards[0]!).getByText('Harbour Plumbing')).toBeTruthy();
    expect(within(cards[0]!).getByText('$85/hr')).toBeTruthy();
    expect(within(cards[0]!).getByText('2 hours')).toBeTruthy();
    expect(within(cards[1]!).getByText('$450')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 day')).toBeTruthy();
    const toggle = within(cards[0]!).getByRole('button', { name: /Fix a leaking tap/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The kitchen tap drips all night.')).toBeNull();
  });

  it('expands a card to the request, the accepted response and Message Business', async () => {
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }));
    const { user } = renderApp('/confirmed');

    const toggle = await screen.findByRole('button', { name: /Fix a leaking tap/ });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const details = within(panel);
    expect(details.getByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(details.getByText('12 Crown St, Surry Hills NSW 2010')).toBeTruthy();
    expect(details.getByText('Apr 2, 2026, Morning')).toBeTruthy();
    expect(details.getByText('I can come on Thursday morning.')).toBeTruthy();
    expect(details.getByText('Apr 2, 2026 at 09:30')).toBeTruthy();
    expect(details.getByText('Parts are charged separately.')).toBeTruthy();
    expect(details.getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(details.getByRole('link', { name: 'jobs@harbour.example' }).getAttribute('href')).toBe(
      'mailto:jobs@harbour.example',
    );
    expect(details.getByRole('link', { name: '0400 123 456' }).getAttribute('href')).toBe('tel:0400123456');
    expect(details.getByRole('link', { name: 'Message Business' }).getAttribute('href')).toBe(
      '/conversation/b1',
    );

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The kitchen tap drips all night.')).toBeNull();
  });

  it('shows at most 3 request photos and "No reviews yet" for an unrated business', async () => {
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }));
    const { user } = renderApp('/confirmed');
    const toggle = await screen.findByRole('button', { name: /Paint the fence/ });
    await user.click(toggle);
    const panel = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    expect(
      within(panel.getByRole('list', { name: 'Photos of Paint the fence' })).getAllByRole('img'),
    ).toHaveLength(3);
    expect(panel.getByText('No reviews yet')).toBeTruthy();
  });

  it('auto-expands the booking given by responseId=', async () => {
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }));
    renderApp('/confirmed?responseId=b2');
    const selected = await screen.findByRole('button', { name: /Paint the fence/ });
    expect(selected.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Fix a leaking tap/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('reads a selected booking that is not on the first page, and lists it expanded', async () => {
    const later = makeBooking({
      responseId: 'b9',
      request: { ...makeBooking().request, title: 'Hang a door' },
    });
    const { calls } = mockApi(
      bookingsApi({ confirmed: page([tap], 'b1') }, { 'GET /api/bookings/b9': { body: later } }),
    );
    renderApp('/confirmed?responseId=b9');
    const selected = await screen.findByRole('button', { name: /Hang a door/ });
    expect(selected.getAttribute('aria-expanded')).toBe('true');
    expect(callsTo(calls, '/api/bookings/b9')).toHaveLength(1);
    const cards = within(screen.getByRole('list', { name: 'Confirmed requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
  });

  it('says so when the selected booking is not found', async () => {
    mockApi(
      bookingsApi(
        { confirmed: page([tap]) },
        {
          'GET /api/bookings/nope': {
            status: 404,
            body: { error: 'not_found', message: BOOKING_MESSAGES.notFound },
          },
        },
      ),
    );
    renderApp('/confirmed?responseId=nope');
    expect(await screen.findByText(BOOKING_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Fix a leaking tap/ })).toBeTruthy();
  });

  it('loads more with the next cursor', async () => {
    const { calls } = mockApi(
      bookingsApi(
        { confirmed: page([tap], 'b1') },
        { 'GET /api/bookings?section=confirmed&cursor=b1&limit=20': { body: page([fence]) } },
      ),
    );
    const { user } = renderApp('/confirmed');
    await screen.findByRole('button', { name: /Fix a leaking tap/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Paint the fence/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(calls, CONFIRMED)).toHaveLength(1);
  });

  it('marks a contested job and says it waits for the business', async () => {
    const contested = makeBooking({ completionStatus: 'contested', contestReason: 'The tap still drips.' });
    mockApi(bookingsApi({ confirmed: page([contested]) }));
    renderApp('/confirmed');
    const card = (await screen.findByRole('button', { name: /Fix a leaking tap/ })).closest('article')!;
    expect(within(card).getByText('CONTESTED')).toBeTruthy();
    expect(within(card).getByText(BOOKING_MESSAGES.contested)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockApi(bookingsApi());
    renderApp('/confirmed');
    expect(await screen.findByText(BOOKING_MESSAGES.confirmedEmptyTitle)).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.confirmedEmpty)).toBeTruthy();
  });

  it('shows the load failure in place with Retry', async () => {
    let fail = true;
    mockApi(
      bookingsApi(
        {},
        {
          [`GET ${CONFIRMED}`]: () =>
            fail
              ? { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } }
              : { body: page([tap]) },
        },
      ),
    );
    const { user } = renderApp('/confirmed');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(BOOKING_MESSAGES.confirmedLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Fix a leaking tap/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
