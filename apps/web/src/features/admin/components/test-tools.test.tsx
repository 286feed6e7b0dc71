import { ADMIN_TEST_TOOL_MESSAGES as M, type PlaceSearchResponse, type TestSendResult } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { TestTools } from './test-tools';

const REQUEST_ID = '6f1c1a52-8a8e-4a51-9a43-0c6f0e6b7f10';

const settings = (email = true, sms = true) => ({
  body: { emailNotificationsEnabled: email, smsNotificationsEnabled: sms },
});
const requests = {
  body: {
    items: [
      {
        id: REQUEST_ID,
        title: 'Pool Maintenance request',
        areaLabel: 'Manly',
        isUrgent: false,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ],
  },
};
const sent = (over: Partial<TestSendResult> = {}): Reply => ({
  status: 202,
  body: {
    outboxId: 41,
    channel: 'email',
    topic: 'test_email',
    recipient: 'ops@example.com',
    isSwitchOn: true,
    isProviderConfigured: true,
    ...over,
  } satisfies TestSendResult,
});

function renderTools(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/settings': settings(),
    'GET /api/admin/test/requests': requests,
    ...handlers,
  });
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <TestTools />
    </Providers>,
  );
  return { api, user };
}

const section = (name: string) => screen.getByRole('region', { name });
const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('TestTools', () => {
  it('test email: requires an address (spec texts), then queues it with a busy button and a toast', async () => {
    const reply = deferred<Reply>();
    const { api, user } = renderTools({ 'POST /api/admin/test/email': () => reply.promise });
    const form = section('Test email');
    const button = within(form).getByRole('button', { name: 'Send test email' });

    await user.click(button);
    expect(await within(form).findByText(M.emailRequired)).toBeTruthy();
    expect(await screen.findByText('Email Required')).toBeTruthy();
    expect(within(form).getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');

    await user.type(within(form).getByLabelText('Email address'), 'nope');
    await user.click(button);
    expect(await within(form).findByText(M.emailInvalid)).toBeTruthy();
    expect(posts(api.calls, '/api/admin/test/email')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Email address'));
    await user.type(within(form).getByLabelText('Email address'), 'ops@example.com');
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(posts(api.calls, '/api/admin/test/email')[0]?.body).toEqual({ to: 'ops@example.com' });
    reply.resolve(sent());
    expect(await screen.findByText(M.queued)).toBeTruthy();
    expect(await within(form).findByText(/delivery #41 to ops@example.com/)).toBeTruthy();
    expect(within(form).queryByText(M.emailInvalid)).toBeNull();
  });

  it('says a test email goes out even while the Email switch is off', async () => {
    const { user } = renderTools({
      'GET /api/admin/settings': settings(false, true),
      'POST /api/admin/test/email': sent({ isSwitchOn: false, isProviderConfigured: false }),
    });
    const form = section('Test email');
    expect(await within(form).findByText(M.sentWhileEmailOff)).toBeTruthy();
    await user.type(within(form).getByLabelText('Email address'), 'ops@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText(M.queued)).toBeTruthy();
    expect(await screen.findByText(new RegExp(M.noSmtp.replace(/[.:]/g, '.')))).toBeTruthy();
  });

  it('new-request email: needs a request and an address, then sends the chosen request', async () => {
    const { api, user } = renderTools({
      'POST /api/admin/test/new-request-email': sent({ outboxId: 42, topic: 'test_new_request' }),
    });
    const form = section('New-request email debugging');
    const select = within(form).getByLabelText('Request');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    expect(within(form).getByRole('option', { name: /Pool Maintenance request in Manly/ })).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Send new-request email' }));
    expect(await within(form).findByText(M.requestRequired)).toBeTruthy();
    expect(within(form).getByText(M.emailRequired)).toBeTruthy();
    expect(posts(api.calls, '/api/admin/test/new-request-email')).toHaveLength(0);

    await user.selectOptions(select, REQUEST_ID);
    await user.type(within(form).getByLabelText('Send to'), 'me@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send new-request email' }));
    expect(await screen.findByText(M.queued)).toBeTruthy();
    expect(posts(api.calls, '/api/admin/test/new-request-email')[0]?.body).toEqual({
      requestId: REQUEST_ID,
      to: 'me@example.com',
    });
  });

  it('says so when there are no open requests', async () => {
    renderTools({ 'GET /api/admin/test/requests': { body: { items: [] } } });
    const form = section('New-request email debugging');
    expect(await within(form).findByText(M.noOpenRequests)).toBeTruthy();
  });

  it('SMS test: requires a number with its country code, then queues it', async () => {
    const { api, user } = renderTools({
      'POST /api/admin/test/sms': sent({ channel: 'sms', topic: 'test_sms', recipient: '+61412345678' }),
    });
    const form = section('SMS test');
    const button = within(form).getByRole('button', { name: 'Send test SMS' });
    await user.click(button);
    expect(await within(form).findByText('Phone number required')).toBeTruthy();

    await user.type(within(form).getByLabelText('Phone number'), '0412 345 678');
    await user.click(button);
    expect(await within(form).findByText(M.phoneCountryCode)).toBeTruthy();
    expect(posts(api.calls, '/api/admin/test/sms')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Phone number'));
    await user.type(within(form).getByLabelText('Phone number'), '+61 412 345 678');
    await user.click(button);
    expect(await screen.findByText(M.queued)).toBeTruthy();
    expect(posts(api.calls, '/api/admin/test/sms')[0]?.body).toEqual({ to: '+61 412 345 678' });
  });

  it('shows the server’s words when it refuses a send', async () => {
    const { user } = renderTools({
      'POST /api/admin/test/sms': { status: 429, body: { error: 'rate_limited', message: M.rateLimited } },
    });
    const form = section('SMS test');
    await user.type(within(form).getByLabelText('Phone number'), '+61412345678');
    await user.click(within(form).getByRole('button', { name: 'Send test SMS' }));
    expect(await screen.findByText(M.rateLimited)).toBeTruthy();
  });

  it('places search: a non-blank query, then results from the directory', async () => {
    const response: PlaceSearchResponse = {
      sources: ['directory'],
      notice: M.directoryOnly,
      results: [
        {
          source: 'directory',
          name: 'Blue Water Pools',
          place_id: 'u1',
          formatted_address: '1 Bay St, Manly',
          formatted_phone_number: '+61 2 9999 0000',
          international_phone_number: '+61299990000',
          website: 'https://blue.example.com',
          rating: 4.5,
          user_ratings_total: 12,
          business_status: null,
          types: ['Pool Maintenance'],
        },
      ],
    };
    const { api, user } = renderTools({
      'GET /api/admin/test/places?q=blue': { body: response },
      'GET /api/admin/test/places?q=zzz': { body: { ...response, results: [] } },
    });
    const form = section('Places search demo');
    await user.type(within(form).getByLabelText('Search query'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('Please enter a search query')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/test/places'))).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Search query'));
    await user.type(within(form).getByLabelText('Search query'), ' blue ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    const list = await within(form).findByRole('list', { name: 'Place search results' });
    expect(within(list).getByText('Blue Water Pools')).toBeTruthy();
    expect(within(list).getByText('4.5 (12)')).toBeTruthy();
    expect(within(list).getByText('Pool Maintenance')).toBeTruthy();
    expect(within(list).getByText('Grip directory')).toBeTruthy();
    // The server's notice says where the results came from (no provider configured here).
    expect(within(form).getByText(M.directoryOnly)).toBeTruthy();

    await user.clear(within(form).getByLabelText('Search query'));
    await user.type(within(form).getByLabelText('Search query'), 'zzz');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText(M.noResults)).toBeTruthy();
  });

  it('places search: provider results are marked, and a provider failure is said, not hidden', async () => {
    const place = {
      source: 'provider' as const,
      name: 'Harbour Pool Co',
      place_id: 'ChIJ-harbour',
      formatted_address: '2 Wharf Rd, Manly NSW',
      formatted_phone_number: '(02) 9000 1111',
      international_phone_number: '+61 2 9000 1111',
      website: 'javascript:alert(1)',
      rating: 4.1,
      user_ratings_total: 80,
      business_status: 'OPERATIONAL',
      types: ['point_of_interest'],
    };
    const { user } = renderTools({
      'GET /api/admin/test/places?q=harbour': {
        body: { sources: ['directory', 'provider'], notice: M.directoryAndProvider, results: [place] },
      },
      'GET /api/admin/test/places?q=broken': {
        body: { sources: ['directory'], notice: M.providerFailed('REQUEST_DENIED'), results: [] },
      },
    });
    const form = section('Places search demo');
    await user.type(within(form).getByLabelText('Search query'), 'harbour');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    const list = await within(form).findByRole('list', { name: 'Place search results' });
    expect(within(list).getByText('Places provider')).toBeTruthy();
    expect(within(form).getByText(M.directoryAndProvider)).toBeTruthy();
    // A website that is not http(s) is never made a link.
    expect(within(list).queryByRole('link')).toBeNull();

    await user.clear(within(form).getByLabelText('Search query'));
    await user.type(within(form).getByLabelText('Search query'), 'broken');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText(M.providerFailed('REQUEST_DENIED'))).toBeTruthy();
  });
});
