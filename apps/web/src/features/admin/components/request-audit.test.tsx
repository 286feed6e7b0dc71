import { ADMIN_DIRECTORY_MESSAGES, type AuditRequest, type RequestAudit as Audit } from '@grip/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { RequestAudit } from './request-audit';

const URL = 'GET /api/admin/request-audit';

function makeRequest(overrides: Partial<AuditRequest> = {}): AuditRequest {
  return {
    id: 'req-1',
    title: 'Pool Maintenance request',
    serviceType: 'Home & Property Services',
    serviceSubtype: 'pool-maintenance',
    status: 'open',
    isArchived: false,
    requester: { userId: 'u-1', name: 'Cora Customer', email: 'cora@example.com' },
    createdAt: '2026-03-04T09:05:00.000Z',
    notified: [
      {
        userId: 'b-1',
        businessName: 'Blue Water Pools',
        notifiedAt: '2026-03-04T09:05:01.000Z',
        isInApp: true,
        email: {
          recipient: 'alerts@bluewater.example',
          status: 'sent',
          queuedAt: '2026-03-04T09:05:01.000Z',
          sentAt: '2026-03-04T09:05:30.000Z',
        },
      },
      {
        userId: 'b-2',
        businessName: 'Quiet Pools',
        notifiedAt: '2026-03-04T09:05:01.000Z',
        isInApp: true,
        email: null,
      },
    ],
    ...overrides,
  };
}

function renderAudit() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <RequestAudit />
    </Providers>,
  );
  return { user };
}

describe('RequestAudit', () => {
  it('shows each request with its requester and the businesses notified, with email and time', async () => {
    const body: Audit = {
      items: [
        makeRequest(),
        makeRequest({ id: 'req-2', title: 'Lawn Mowing request', notified: [], isArchived: true }),
      ],
    };
    mockApi({ [URL]: { body } });
    renderAudit();

    const list = await screen.findByRole('list', { name: 'Request audit' });
    const cards = within(list).getAllByTestId('audit-request');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Pool Maintenance request' })).toBeTruthy();
    expect(first.getByText('Home & Property Services')).toBeTruthy();
    expect(first.getByText('Cora Customer')).toBeTruthy();
    expect(first.getByText('(cora@example.com)')).toBeTruthy();
    expect(first.getByText('Businesses notified (2)')).toBeTruthy();
    const recipients = first.getAllByTestId('audit-recipient');
    expect(within(recipients[0]!).getByText('Blue Water Pools')).toBeTruthy();
    expect(within(recipients[0]!).getByText('alerts@bluewater.example')).toBeTruthy();
    expect(within(recipients[0]!).getByTestId('delivery-status').textContent).toBe('Sent');
    expect(within(recipients[0]!).getByText('In-app')).toBeTruthy();
    expect(within(recipients[0]!).getByText(/^Notified Mar 4, 2026/)).toBeTruthy();
    expect(within(recipients[1]!).getByText('Quiet Pools')).toBeTruthy();
    expect(within(recipients[1]!).getByText('No email')).toBeTruthy();

    const second = within(cards[1]!);
    expect(second.getByText('Businesses notified (0)')).toBeTruthy();
    expect(second.getByText('No businesses were notified.')).toBeTruthy();
    expect(second.getByText('Archived')).toBeTruthy();
  });

  it('shows a skeleton while loading and an empty state when there are no requests', async () => {
    const gate = deferred<{ body: Audit }>();
    mockApi({ [URL]: () => gate.promise });
    renderAudit();
    expect(screen.getByRole('status').textContent).toContain('Loading request audit');
    gate.resolve({ body: { items: [] } });
    expect(await screen.findByText('No requests yet')).toBeTruthy();
  });

  it("says 'Failed to load request audit data' and tries again on request", async () => {
    let fail = true;
    const { calls } = mockApi({
      [URL]: () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }
          : { body: { items: [makeRequest()] } },
    });
    const { user } = renderAudit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_DIRECTORY_MESSAGES.auditLoadFailed);
    expect(alert.textContent).not.toContain('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pool Maintenance request')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/request-audit')).toHaveLength(2);
  });
});
