import { screen, waitFor, within } from '@testing-library/react';
import { BOOKING_MESSAGES, type ConversationMessage } from '@grip/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conversationApi,
  conversationPaths,
  makeMessage,
} from '@/features/messages/testing/conversation-fixtures';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { bookingsApi, CONFIRMED, makeBooking, page } from '../test-fixtures';

const callsTo = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path);

/** Each booking's conversation, as the expanded card's panel reads it. */
const conversations = (...ids: string[]) =>
  Object.assign({}, ...ids.map((responseId) => conversationApi({ responseId }))) as ReturnType<
    typeof conversationApi
  >;

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it('expands a card to the request, the accepted response and the conversation panel', async () => {
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }, conversations('b1', 'b2')));
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
    // The availability, and the booked time the booking's changes panel shows above it (issue 32).
    expect(details.getAllByText('Apr 2, 2026 at 09:30')).toHaveLength(2);
    expect(details.getByTestId('agreed-time').textContent).toBe('Apr 2, 2026 at 09:30');
    expect(details.getByText('Parts are charged separately.')).toBeTruthy();
    expect(details.getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(details.getByRole('link', { name: 'jobs@harbour.example' }).getAttribute('href')).toBe(
      'mailto:jobs@harbour.example',
    );
    expect(details.getByRole('link', { name: '0400 123 456' }).getAttribute('href')).toBe('tel:0400123456');
    // The conversation panel: a text box, a send button, and the full conversation a link away.
    expect(await details.findByLabelText('Message')).toBeTruthy();
    expect(details.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(details.getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(
      '/conversation/b1',
    );

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The kitchen tap drips all night.')).toBeNull();
  });

  it("sends a message from the card's conversation panel with Enter; Shift+Enter adds a line", async () => {
    const sent: ConversationMessage[] = [];
    const path = conversationPaths('b1');
    const { calls } = mockApi(
      bookingsApi(
        { confirmed: page([tap]) },
        {
          ...conversations('b1'),
          [`GET ${path.newestPage}`]: () => ({ body: { items: [...sent].reverse(), olderCursor: null } }),
          [`POST ${path.messages}`]: (call) => {
            const body = call.body as { message: string };
            const message = makeMessage({ fromMe: true, senderName: 'Sam Carter', message: body.message });
            sent.push(message);
            return { status: 201, body: message };
          },
        },
      ),
    );
    const { user } = renderApp('/confirmed?responseId=b1');
    const toggle = await screen.findByRole('button', { name: /Fix a leaking tap/ });
    const panel = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    const box = (await panel.findByLabelText('Message')) as HTMLTextAreaElement;
    const sends = () => calls.filter((c) => c.method === 'POST' && c.path === path.messages);

    await user.type(box, 'Is 9am fine?{Shift>}{Enter}{/Shift}Or later');
    expect(box.value).toBe('Is 9am fine?\nOr later');
    expect(sends()).toHaveLength(0);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]!.body).toMatchObject({ message: 'Is 9am fine?\nOr later', attachments: [] });
    expect(box.value).toBe('');
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
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }, conversations('b2')));
    renderApp('/confirmed?responseId=b2');
    const selected = await screen.findByRole('button', { name: /Paint the fence/ });
    expect(selected.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Fix a leaking tap/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('scrolls the selected booking into view, and only that one', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }, conversations('b2')));
    renderApp('/confirmed?responseId=b2');
    const selected = (await screen.findByRole('button', { name: /Paint the fence/ })).closest('article')!;
    const other = screen.getByRole('button', { name: /Fix a leaking tap/ }).closest('article')!;
    // Cards are <article>s; anything else scrolled (a message thread) is not ours to count.
    const scrolledCards = () => scroll.mock.contexts.filter((el) => (el as Element).tagName === 'ARTICLE');
    await waitFor(() => expect(scrolledCards()).toContain(selected));
    expect(scrolledCards()).not.toContain(other);
    expect(new Set(scrolledCards())).toEqual(new Set([selected]));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('scrolls nothing when no booking is selected', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    mockApi(bookingsApi({ confirmed: page([tap, fence]) }));
    renderApp('/confirmed');
    await screen.findByRole('button', { name: /Paint the fence/ });
    expect(scroll.mock.contexts.filter((el) => (el as Element).tagName === 'ARTICLE')).toHaveLength(0);
  });

  it('reads a selected booking that is not on the first page, and lists it expanded', async () => {
    const later = makeBooking({
      responseId: 'b9',
      request: { ...makeBooking().request, title: 'Hang a door' },
    });
    const { calls } = mockApi(
      bookingsApi(
        { confirmed: page([tap], 'b1') },
        { 'GET /api/bookings/b9': { body: later }, ...conversations('b9') },
      ),
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

  it('shows that the business will redo a contested job, without a CONTESTED badge', async () => {
    const redo = makeBooking({ completionStatus: 'in_progress', contestReason: 'The tap still drips.' });
    mockApi(bookingsApi({ confirmed: page([redo]) }));
    renderApp('/confirmed');
    const card = (await screen.findByRole('button', { name: /Fix a leaking tap/ })).closest('article')!;
    expect(within(card).getByText('CONFIRMED')).toBeTruthy();
    expect(within(card).getByText(BOOKING_MESSAGES.resolvedRedo)).toBeTruthy();
    expect(within(card).queryByText('CONTESTED')).toBeNull();
  });

  it('points a selected contested job to Job History', async () => {
    const contested = makeBooking({ responseId: 'b7', completionStatus: 'contested' });
    mockApi(bookingsApi({ confirmed: page([tap]) }, { 'GET /api/bookings/b7': { body: contested } }));
    renderApp('/confirmed?responseId=b7');
    const notice = (await screen.findByText(/This job is contested\./)).closest('p')!;
    expect(within(notice).getByRole('link', { name: 'See it in Job History' }).getAttribute('href')).toBe(
      '/history',
    );
    const list = screen.getByRole('list', { name: 'Confirmed requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
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
