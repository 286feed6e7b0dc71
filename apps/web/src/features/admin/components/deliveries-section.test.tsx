import { DELIVERY_MESSAGES, type Delivery, type DeliveryPage } from '@grip/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function makeDelivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 1,
    channel: 'email',
    topic: 'response_accepted',
    recipient: 'vera@example.com',
    summary: 'Offer accepted: Pool cleaning',
    text: "The customer accepted your offer of $120.00 for Pool cleaning.\n\nSee the job and the customer's details: http://localhost:3000/business-confirmed?job=abc",
    isTextTruncated: false,
    link: 'http://localhost:3000/business-confirmed?job=abc',
    isRedacted: false,
    status: 'logged',
    attempts: 1,
    lastError: null,
    createdAt: minutesAgo(5),
    sentAt: minutesAgo(5),
    ...overrides,
  };
}

const page = (items: Delivery[], nextCursor: string | null = null): DeliveryPage => ({ items, nextCursor });

const LIST = '/api/admin/deliveries?limit=25';

function adminApi(handlers: Record<string, unknown> = {}) {
  return {
    'GET /api/me': { body: makeMe('administrator') },
    'GET /api/badges': { body: makeBadges() },
    ...handlers,
  } as Parameters<typeof mockApi>[0];
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/admin/deliveries?'));

describe('Deliveries on /admin', () => {
  it('lists deliveries with their channel and status badges', async () => {
    mockApi(
      adminApi({
        [`GET ${LIST}`]: {
          body: page([
            makeDelivery(),
            makeDelivery({
              id: 2,
              channel: 'sms',
              topic: 'new_request',
              recipient: '+61400000001',
              summary: 'New plumbing request near you',
              status: 'unknown',
              lastError: 'the process stopped while sending',
              createdAt: minutesAgo(90),
            }),
            makeDelivery({
              id: 3,
              channel: 'push',
              summary: 'New message',
              status: 'sent',
              recipient: 'https://push.example/1',
            }),
          ]),
        },
      }),
    );
    renderApp('/admin');
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Offer accepted: Pool cleaning')).toBeTruthy();
    expect(within(rows[0]!).getByText('vera@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('delivery-channel').textContent).toBe('Email');
    expect(within(rows[0]!).getByTestId('delivery-status').textContent).toBe('Stored, not sent');
    expect(within(rows[0]!).getByText('5m ago')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('delivery-channel').textContent).toBe('SMS');
    expect(within(rows[1]!).getByTestId('delivery-status').textContent).toBe('Unknown');
    expect(within(rows[1]!).getByText('the process stopped while sending')).toBeTruthy();
    expect(within(rows[1]!).getByText('1h ago')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('delivery-status').textContent).toBe('Sent');
  });

  it('opens a stored email in full and says plainly it was not sent', async () => {
    mockApi(adminApi({ [`GET ${LIST}`]: { body: page([makeDelivery()]) } }));
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /Offer accepted: Pool cleaning/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer accepted: Pool cleaning' });
    expect(within(dialog).getByText('Email to vera@example.com')).toBeTruthy();
    expect(within(dialog).getByTestId('delivery-note').textContent).toBe(
      'Stored, not sent: no email server (SMTP) is configured, so nobody received it.',
    );
    expect(within(dialog).getByText(/See the job and the customer/)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: /business-confirmed\?job=abc/ });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/business-confirmed?job=abc');
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows that a reset or confirmation email went out, never its text or link', async () => {
    const hidden = makeDelivery({
      id: 9,
      topic: 'reset_password',
      summary: 'Reset your Grip password',
      text: DELIVERY_MESSAGES.secretHidden,
      link: null,
      isRedacted: true,
      status: 'sent',
    });
    const { calls } = mockApi(adminApi({ [`GET ${LIST}`]: { body: page([hidden]) } }));
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /Reset your Grip password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your Grip password' });
    expect(within(dialog).getByText('Email to vera@example.com')).toBeTruthy();
    expect(within(dialog).getByTestId('delivery-status').textContent).toBe('Sent');
    expect(within(dialog).getByTestId('delivery-hidden').textContent).toBe(DELIVERY_MESSAGES.secretHidden);
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Link' })).toBeNull();
    // Nothing more to fetch: the detail is hidden the same way.
    expect(calls.some((c) => c.path === '/api/admin/deliveries/9')).toBe(false);
  });

  it("shows an unknown delivery's last error and fetches a shortened text in full", async () => {
    const item = makeDelivery({
      id: 7,
      status: 'unknown',
      lastError: 'the process stopped while sending; not retried to avoid a duplicate',
      text: 'Start of a long text',
      isTextTruncated: true,
      sentAt: null,
      link: 'javascript:alert(1)',
    });
    const { calls } = mockApi(
      adminApi({
        [`GET ${LIST}`]: { body: page([item]) },
        'GET /api/admin/deliveries/7': {
          body: { ...item, text: 'Start of a long text, and the whole rest of it.', isTextTruncated: false },
        },
      }),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /Offer accepted: Pool cleaning/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('delivery-note').textContent).toBe(
      'the process stopped while sending; not retried to avoid a duplicate',
    );
    expect(await within(dialog).findByText('Start of a long text, and the whole rest of it.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/deliveries/7')).toBe(true);
    // Not a web link: shown as text, never as a clickable javascript: URL.
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).getByText('javascript:alert(1)')).toBeTruthy();
  });

  it('filters by channel and status through the server', async () => {
    const { calls } = mockApi(
      adminApi({
        [`GET ${LIST}`]: { body: page([makeDelivery()]) },
        'GET /api/admin/deliveries?channel=sms&limit=25': {
          body: page([makeDelivery({ id: 4, channel: 'sms', summary: 'Your code', status: 'pending' })]),
        },
        'GET /api/admin/deliveries?channel=sms&status=failed&limit=25': { body: page([]) },
      }),
    );
    const { user } = renderApp('/admin');
    await screen.findByText('Offer accepted: Pool cleaning');

    await user.selectOptions(screen.getByLabelText('Channel'), 'sms');
    expect(await screen.findByText('Your code')).toBeTruthy();
    expect(screen.queryByText('Offer accepted: Pool cleaning')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('No deliveries match these filters')).toBeTruthy();
    expect(listCalls(calls).map((c) => c.path)).toEqual([
      LIST,
      '/api/admin/deliveries?channel=sms&limit=25',
      '/api/admin/deliveries?channel=sms&status=failed&limit=25',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show all deliveries' }));
    expect(await screen.findByText('Offer accepted: Pool cleaning')).toBeTruthy();
    expect((screen.getByLabelText('Channel') as HTMLSelectElement).value).toBe('');
  });

  it('loads more with the cursor and stops when there is no next page', async () => {
    const more = deferred<{ body: DeliveryPage }>();
    const { calls } = mockApi(
      adminApi({
        [`GET ${LIST}`]: { body: page([makeDelivery({ id: 9, summary: 'Newest' })], '9') },
        'GET /api/admin/deliveries?cursor=9&limit=25': () => more.promise,
      }),
    );
    const { user } = renderApp('/admin');
    await screen.findByText('Newest');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Load more' }).hasAttribute('disabled')).toBe(true),
    );
    more.resolve({ body: page([makeDelivery({ id: 8, summary: 'Older' })]) });
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(screen.getByText('Newest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls).map((c) => c.path)).toEqual([LIST, '/api/admin/deliveries?cursor=9&limit=25']);
  });

  it("shows 'No deliveries yet' when the outbox is empty", async () => {
    mockApi(adminApi({ [`GET ${LIST}`]: { body: page([]) } }));
    renderApp('/admin');
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
  });

  it('shows a skeleton while loading, and a plain error with a retry when loading fails', async () => {
    let fail = true;
    const first = deferred<{ status: number; body: unknown }>();
    mockApi(
      adminApi({
        [`GET ${LIST}`]: () =>
          fail ? first.promise : { body: page([makeDelivery({ summary: 'Back again' })]) },
      }),
    );
    const { user } = renderApp('/admin');
    expect(await screen.findByText('Loading deliveries')).toBeTruthy();
    first.resolve({
      status: 403,
      body: { error: 'forbidden', message: 'Only administrators can see deliveries.' },
    });
    // The page's other sections have no mocked answers and show their own alerts: take this one's.
    const alert = await waitFor(() => {
      const mine = screen
        .getAllByRole('alert')
        .find((a) => a.textContent?.includes("Couldn't load deliveries."));
      expect(mine).toBeTruthy();
      return mine!;
    });
    expect(alert.textContent).toContain('Only administrators can see deliveries.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });
});
