import { act, screen, waitFor, within } from '@testing-library/react';
import {
  CONVERSATION_MESSAGES,
  QUEUED_MESSAGE_TEXTS,
  type Conversation,
  type ConversationMessage,
  type MessagePage,
} from '@grip/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeUploads, makeFile, uploadedImage } from '@/features/uploads/testing/fake-upload-server';
import { untilIdle } from '@/test/clock';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { FakeEventSource } from '@/test/fake-event-source';
import { renderApp } from '@/test/render';
import {
  conversationApi,
  conversationPaths,
  makeMessage,
  RESPONSE_ID,
} from '../testing/conversation-fixtures';
import { LIVE_OFFLINE_TEXT } from './live-status-notice';

const PATHS = conversationPaths();
const PAGE_URL = `/conversation/${RESPONSE_ID}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const sends = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === PATHS.messages);
const reads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === PATHS.read);

function stored(body: unknown): ConversationMessage {
  const input = body as { message: string; attachments: string[] };
  return makeMessage({
    fromMe: true,
    senderName: 'Sam Carter',
    message: input.message,
    attachments: input.attachments,
    createdAt: new Date().toISOString(),
  });
}

function setup(
  options: {
    conversation?: Partial<Conversation>;
    page?: MessagePage;
    send?: Reply | ((call: ApiCall) => Reply | Promise<Reply>);
    extra?: Record<string, Reply | ((call: ApiCall) => Reply | Promise<Reply>)>;
    role?: 'user' | 'business_owner';
  } = {},
) {
  return mockApi({
    'GET /api/me': { body: makeMe(options.role ?? 'user') },
    'GET /api/badges': { body: makeBadges() },
    ...conversationApi({ conversation: options.conversation, page: options.page }),
    [`POST ${PATHS.messages}`]: options.send ?? ((call) => ({ status: 201, body: stored(call.body) })),
    ...options.extra,
  });
}

async function openComposer() {
  const view = renderApp(PAGE_URL);
  const box = (await screen.findByLabelText('Message')) as HTMLTextAreaElement;
  return { ...view, box, sendButton: () => screen.getByRole('button', { name: 'Send' }) };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.clear();
});

describe('Conversation page', () => {
  it('shows the header, the thread and marks the conversation read once', async () => {
    const { calls } = setup({
      page: {
        items: [
          makeMessage({ message: 'Hi!\n  Two lines here', attachments: ['/uploads/pipe.jpg'] }),
          makeMessage({ fromMe: true, senderName: 'Sam Carter', message: 'Great, thanks' }),
        ],
        olderCursor: null,
      },
    });
    const { queryClient } = renderApp(PAGE_URL);

    expect(await screen.findByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    expect(screen.getByText('Plumbing · with Drip Fix Plumbing')).toBeTruthy();
    expect(screen.getByText('ACCEPTED')).toBeTruthy();
    expect(screen.getByText('$80/hr')).toBeTruthy();
    expect(screen.getByText('12 Crown St, Surry Hills NSW')).toBeTruthy();

    const thread = await screen.findByRole('list', { name: 'Messages' });
    const [first, second] = within(thread).getAllByRole('listitem');
    expect(within(first!).getByText('Drip Fix Plumbing')).toBeTruthy();
    // Line breaks and spaces are kept as typed.
    expect(within(first!).getByText((_, el) => el?.textContent === 'Hi!\n  Two lines here')).toBeTruthy();
    const image = within(first!).getByRole('link', {
      name: 'Open image 1 from Drip Fix Plumbing in a new tab',
    });
    expect(image.getAttribute('href')).toBe('/uploads/pipe.jpg');
    expect(image.getAttribute('target')).toBe('_blank');
    expect(image.getAttribute('rel')).toContain('noopener');
    expect(within(second!).getByText('You')).toBeTruthy();

    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    await untilIdle(queryClient);
    expect(reads(calls)).toHaveLength(1);
  });

  it('shows the empty thread text', async () => {
    setup();
    renderApp(PAGE_URL);
    expect(await screen.findByText(CONVERSATION_MESSAGES.threadEmpty)).toBeTruthy();
  });

  it('Enter sends the trimmed text with a clientId; Shift+Enter adds a line', async () => {
    const { calls } = setup();
    const { user, box } = await openComposer();

    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two  ');
    expect(box.value).toBe('Line one\nLine two  ');
    expect(sends(calls)).toHaveLength(0);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    const body = sends(calls)[0]!.body as { message: string; attachments: string[]; clientId: string };
    expect(body.message).toBe('Line one\nLine two');
    expect(body.attachments).toEqual([]);
    expect(body.clientId).toMatch(UUID);
    expect(box.value).toBe('');

    const thread = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(within(thread).getByText((_, el) => el?.textContent === 'Line one\nLine two')).toBeTruthy(),
    );
    expect(within(thread).queryByText('Sending…')).toBeNull();

    // Each message gets its own clientId.
    await user.type(box, 'Second{Enter}');
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    const second = sends(calls)[1]!.body as { clientId: string };
    expect(second.clientId).toMatch(UUID);
    expect(second.clientId).not.toBe(body.clientId);
  });

  it('does not send a blank message and keeps Send disabled', async () => {
    const { calls } = setup();
    const { user, box, sendButton } = await openComposer();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    await user.type(box, '   ');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    await user.type(box, '{Enter}');
    await user.type(box, 'x');
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    await user.clear(box);
    await user.type(box, '{Enter}');
    expect(sends(calls)).toHaveLength(0);
  });

  it('shows the message as Sending… and disables Send while it is on its way', async () => {
    const answer = deferred<Reply>();
    setup({ send: () => answer.promise });
    const { user, box, sendButton } = await openComposer();
    await user.type(box, 'On my way{Enter}');

    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getByText('On my way')).toBeTruthy();
    expect(within(thread).getByText('Sending…')).toBeTruthy();
    await user.type(box, 'next');
    expect(sendButton().hasAttribute('disabled')).toBe(true);

    act(() => answer.resolve({ status: 201, body: stored({ message: 'On my way', attachments: [] }) }));
    await waitFor(() => expect(within(thread).queryByText('Sending…')).toBeNull());
    expect(within(thread).getByText('On my way')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('keeps the text and toasts when sending fails, and a retry reuses the clientId', async () => {
    const replies: Reply[] = [{ status: 502, body: null }];
    const { calls } = setup({
      send: (call) => replies.shift() ?? { status: 201, body: stored(call.body) },
    });
    const { user, box } = await openComposer();
    await user.type(box, 'Can you come at 9?{Enter}');

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText(CONVERSATION_MESSAGES.sendFailed)).toBeTruthy();
    await waitFor(() => expect(box.value).toBe('Can you come at 9?'));
    expect(screen.queryByText('Sending…')).toBeNull();

    await user.type(box, '{Enter}');
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    const [first, retry] = sends(calls).map((c) => (c.body as { clientId: string }).clientId);
    expect(retry).toBe(first);
  });

  it('queues a message written offline, shows it waiting, and sends it when the connection is back', async () => {
    const { calls } = setup();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, box } = await openComposer();
    await user.type(box, 'See you at 9{Enter}');

    const thread = screen.getByRole('list', { name: 'Messages' });
    expect(await within(thread).findByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeTruthy();
    expect(within(thread).getByText('See you at 9')).toBeTruthy();
    expect(box.value).toBe('');
    expect(sends(calls)).toHaveLength(0);
    expect(localStorage.getItem('grip:queued-messages')).toContain('See you at 9');

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]?.body).toMatchObject({
      message: 'See you at 9',
      clientId: expect.stringMatching(UUID),
    });
    await waitFor(() => expect(within(thread).queryByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeNull());
    expect(within(thread).getByText('See you at 9')).toBeTruthy();
    expect(await screen.findByText('Your waiting message was sent')).toBeTruthy();
    expect(localStorage.getItem('grip:queued-messages')).toBeNull();
  });

  it('queues a message whose send got no answer instead of failing it', async () => {
    let reachable = false;
    const { calls } = setup({
      send: (call) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { status: 201, body: stored(call.body) };
      },
    });
    const { user, box } = await openComposer();
    await user.type(box, 'Gate code 1234{Enter}');
    expect(await screen.findByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeTruthy();
    expect(screen.queryByText(CONVERSATION_MESSAGES.sendFailed)).toBeNull();
    expect(box.value).toBe('');

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeNull());
    // However many tries it took, every one carried the same clientId, so it is stored once.
    const clientIds = new Set(sends(calls).map((c) => (c.body as { clientId: string }).clientId));
    expect(sends(calls).length).toBeGreaterThanOrEqual(2);
    expect(clientIds.size).toBe(1);
  });

  it("shows the server's reason when messaging is locked (409)", async () => {
    setup({
      send: { status: 409, body: { error: 'conflict', message: CONVERSATION_MESSAGES.locked } },
    });
    const { user, box } = await openComposer();
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText(CONVERSATION_MESSAGES.locked).length).toBeGreaterThan(0);
    await waitFor(() => expect(box.value).toBe('Hello'));
  });

  it('shows the locked text instead of the send box when the viewer cannot send', async () => {
    setup({ conversation: { canSend: false, responseStatus: 'pending' } });
    renderApp(PAGE_URL);
    expect(await screen.findByText(CONVERSATION_MESSAGES.locked)).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('loads older messages above the newest page', async () => {
    const older = makeMessage({ message: 'The oldest one', createdAt: '2026-01-01T10:00:00.000Z' });
    const newer = makeMessage({ message: 'A newer one' });
    const { calls } = setup({
      page: { items: [newer], olderCursor: 'cursor-1' },
      extra: {
        [`GET ${PATHS.messages}?before=cursor-1&limit=50`]: { body: { items: [older], olderCursor: null } },
      },
    });
    const { user } = renderApp(PAGE_URL);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    const texts = within(thread)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(texts[0]).toContain('The oldest one');
    expect(texts[0]).toContain('Jan 1, 2026');
    expect(texts[1]).toContain('A newer one');
    expect(calls.some((c) => c.path === `${PATHS.messages}?before=cursor-1&limit=50`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('sends uploaded images as attachments', async () => {
    const server = installFakeUploads();
    const { calls } = setup();
    const { user, box, sendButton } = await openComposer();

    await user.click(screen.getByRole('button', { name: 'Attach images' }));
    await user.upload(screen.getByLabelText('Images'), makeFile('leak.jpg', 'image/jpeg'));
    expect(server.last().url).toBe('/api/uploads?purpose=message_attachment');
    // Still uploading: nothing can be sent yet.
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    const image = uploadedImage();
    act(() => server.last().respond(201, image));
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));

    // An image alone may be sent.
    await user.click(sendButton());
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]!.body).toMatchObject({ message: '', attachments: [image.url] });
    await waitFor(() => expect(screen.queryByLabelText('Images')).toBeNull());
    expect(box.value).toBe('');
  });

  it('has no Refresh button: messages arrive live, and a short drop is reconnected silently', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.instances = [];
    try {
      setup();
      renderApp(PAGE_URL);
      await screen.findByText(CONVERSATION_MESSAGES.threadEmpty);
      expect(screen.queryByRole('button', { name: /refresh/i })).toBeNull();
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const stream = FakeEventSource.instances[0]!;
      act(() => stream.emit('ready', {}, '1'));
      act(() => stream.fail(0)); // dropped; the browser retries by itself
      expect(screen.queryByText(LIVE_OFFLINE_TEXT)).toBeNull();
      act(() => stream.emit('ready', {}, '1'));
      expect(screen.queryByText(LIVE_OFFLINE_TEXT)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so while offline, and not once back online', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.instances = [];
    try {
      setup();
      renderApp(PAGE_URL);
      await screen.findByText(CONVERSATION_MESSAGES.threadEmpty);
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      act(() => FakeEventSource.instances[0]!.emit('ready', {}, '1'));
      act(() => window.dispatchEvent(new Event('offline')));
      const notice = await screen.findByText(LIVE_OFFLINE_TEXT);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      act(() => window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(screen.queryByText(LIVE_OFFLINE_TEXT)).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says Conversation Not Found with a way back to /business-active for a business', async () => {
    setup({
      role: 'business_owner',
      extra: {
        [`GET ${PATHS.detail}`]: { status: 404, body: { error: 'not_found', message: 'Not found' } },
      },
    });
    renderApp(PAGE_URL);
    expect(await screen.findByText(CONVERSATION_MESSAGES.notFoundTitle)).toBeTruthy();
    const backs = screen.getAllByRole('link', { name: 'Back' }).map((a) => a.getAttribute('href'));
    expect(backs).toEqual(['/business-active', '/business-active']);
  });

  it('sends a customer back to /messages from a missing conversation', async () => {
    const { calls } = setup({
      extra: {
        [`GET ${PATHS.detail}`]: { status: 404, body: { error: 'not_found', message: 'Not found' } },
      },
    });
    renderApp(PAGE_URL);
    expect(await screen.findByText(CONVERSATION_MESSAGES.notFoundTitle)).toBeTruthy();
    const backs = screen.getAllByRole('link', { name: 'Back' }).map((a) => a.getAttribute('href'));
    expect(backs).toEqual(['/messages', '/messages']);
    expect(reads(calls)).toHaveLength(0);
  });
});
