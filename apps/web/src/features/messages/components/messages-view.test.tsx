import { screen, waitFor, within } from '@testing-library/react';
import { CONVERSATION_MESSAGES, conversationParam, type BadgeCounts } from '@grip/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  conversationApi,
  conversationPaths,
  listOf,
  makeSummary,
  REQUEST_ID,
  RESPONSE_ID,
} from '../testing/conversation-fixtures';
import { TWO_COLUMNS_QUERY } from './messages-view';

const LIST = '/api/conversations?limit=20';
const OTHER_REQUEST = '33333333-3333-4333-8333-333333333333';
const OTHER_RESPONSE = '44444444-4444-4444-8444-444444444444';
const SELECTED = `/messages?conversation=${conversationParam(REQUEST_ID, RESPONSE_ID)}`;

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

function setup(extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges({ unreadMessages: 2 }) },
    [`GET ${LIST}`]: {
      body: listOf([
        makeSummary(),
        makeSummary({
          requestId: OTHER_REQUEST,
          responseId: OTHER_RESPONSE,
          requestTitle: 'Paint the fence',
          otherPartyName: 'Brush Bros',
          lastMessage: {
            message: 'Quote attached',
            fromMe: true,
            createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            messageType: 'text',
          },
          unreadCount: 0,
          lastActivityAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        }),
      ]),
    },
    ...conversationApi(),
    ...conversationApi({
      responseId: OTHER_RESPONSE,
      conversation: {
        requestId: OTHER_REQUEST,
        requestTitle: 'Paint the fence',
        otherPartyName: 'Brush Bros',
      },
    }),
    ...extra,
  });
}

/** jsdom has no layout: the two-column switch follows the media query, so answer it here. */
function screenWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query === TWO_COLUMNS_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('Messages', () => {
  it('lists conversations with the other party, request, preview, time and unread count', async () => {
    screenWidth(false);
    setup();
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first!.textContent).toContain('Drip Fix Plumbing');
    expect(first!.textContent).toContain('Fix a leaking tap');
    expect(first!.textContent).toContain('See you Thursday');
    expect(first!.textContent).toContain('5m ago');
    expect(within(first!).getByText(', 2 unread messages')).toBeTruthy();
    expect(second!.textContent).toContain('You: Quote attached');
    expect(second!.textContent).toContain('3h ago');
    expect(second!.textContent).not.toContain('unread');
    expect(first!.getAttribute('href')).toBe(SELECTED);
  });

  it('shows the empty state when there are no conversations', async () => {
    setup({ [`GET ${LIST}`]: { body: listOf([]) } });
    renderApp('/messages');
    expect(await screen.findByText(CONVERSATION_MESSAGES.listEmptyTitle)).toBeTruthy();
    expect(screen.getByText(CONVERSATION_MESSAGES.listEmpty)).toBeTruthy();
  });

  it('says loading failed and retries', async () => {
    let fail = true;
    setup({
      [`GET ${LIST}`]: () =>
        fail
          ? { status: 500, body: null }
          : { body: listOf([makeSummary({ otherPartyName: 'Back Again' })]) },
    });
    const { user } = renderApp('/messages');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CONVERSATION_MESSAGES.listLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back Again')).toBeTruthy();
  });

  it('loads more conversations with the cursor', async () => {
    setup({
      [`GET ${LIST}`]: { body: listOf([makeSummary()], 'next-1') },
      'GET /api/conversations?cursor=next-1&limit=20': {
        body: listOf([makeSummary({ responseId: OTHER_RESPONSE, otherPartyName: 'Brush Bros' })]),
      },
    });
    const { user } = renderApp('/messages');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Brush Bros')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('on a wide screen shows the list beside a prompt, then the chosen conversation', async () => {
    screenWidth(true);
    const { calls } = setup();
    const { user, location } = renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.getByText(CONVERSATION_MESSAGES.selectPrompt)).toBeTruthy();

    await user.click(within(list).getByRole('link', { name: /Brush Bros/ }));
    expect(location().search).toBe(`?conversation=${conversationParam(OTHER_REQUEST, OTHER_RESPONSE)}`);
    expect(await screen.findByRole('heading', { name: 'Paint the fence' })).toBeTruthy();
    // Both columns stay: the list is still there, no back button is needed.
    expect(screen.getByRole('list', { name: 'Conversations' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to conversations' })).toBeNull();
    expect(
      within(list)
        .getByRole('link', { name: /Brush Bros/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === conversationPaths(OTHER_RESPONSE).read),
      ).toHaveLength(1),
    );
  });

  it('on a phone shows the chosen conversation alone with a back button to the list', async () => {
    screenWidth(false);
    const { calls } = setup();
    const { user, location } = renderApp(SELECTED);
    expect(await screen.findByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === conversationPaths().read)).toHaveLength(1),
    );

    await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
    expect(location().search).toBe('');
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeTruthy();
  });

  it('opening a conversation clears its unread count and refreshes the badges', async () => {
    screenWidth(true);
    let badgeCalls = 0;
    let read = false;
    setup({
      'GET /api/badges': (): Reply => {
        badgeCalls += 1;
        return { body: makeBadges({ unreadMessages: read ? 0 : 2 }) satisfies BadgeCounts };
      },
      [`GET ${LIST}`]: () => ({ body: listOf([makeSummary({ unreadCount: read ? 0 : 2 })]) }),
      [`POST ${conversationPaths().read}`]: () => {
        read = true;
        return { body: { marked: 2 } };
      },
    });
    renderApp(SELECTED);
    await screen.findByRole('heading', { name: 'Fix a leaking tap' });
    const list = screen.getByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(within(list).queryByText(/unread messages/)).toBeNull());
    await waitFor(() => expect(badgeCalls).toBeGreaterThan(1));
  });

  it('ignores a malformed conversation parameter', async () => {
    screenWidth(true);
    setup();
    renderApp('/messages?conversation=not-a-pair');
    expect(await screen.findByText(CONVERSATION_MESSAGES.selectPrompt)).toBeTruthy();
  });
});
