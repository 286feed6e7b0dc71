import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { AuditLog } from './audit-log';

const move = (id: string, from: string | null, to: string) => ({
  id,
  action: 'business_address_changed',
  actor: { userId: 'u1', name: 'Harbour Pools', email: 'owner@harbour.example' },
  from: from === null ? null : { address: from, area: null },
  to: { address: to, area: 'Manly NSW' },
  summary: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

function renderLog() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <AuditLog />
    </Providers>,
  );
}

describe('AuditLog', () => {
  it('lists each move with who, from and to, and reads the next page on Load more', async () => {
    const { calls } = mockApi({
      'GET /api/admin/audit-events': {
        body: { items: [move('9', 'Mosman NSW', 'Manly NSW 2095')], nextCursor: '9' },
      },
      'GET /api/admin/audit-events?cursor=9': {
        body: { items: [{ ...move('3', null, 'Mosman NSW'), actor: null }], nextCursor: null },
      },
    });
    const user = userEvent.setup();
    renderLog();
    const [first] = await screen.findAllByTestId('audit-event');
    expect(first!.textContent).toContain('Moved the business address from Mosman NSW to Manly NSW 2095');
    expect(screen.getByText('Harbour Pools')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const list = screen.getByRole('list', { name: 'Audit log' });
    expect(await within(list).findByText('Deleted account')).toBeTruthy();
    expect(within(list).getAllByTestId('audit-event')).toHaveLength(2);
    expect(within(list).getAllByTestId('audit-event')[1]!.textContent).toContain(
      'from no address to Mosman NSW',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/audit-events', '/api/admin/audit-events?cursor=9']);
  });

  it('shows a booking change in the words the server gives (issue 32)', async () => {
    mockApi({
      'GET /api/admin/audit-events': {
        body: {
          items: [
            {
              ...move('12', null, 'x'),
              action: 'booking_cancelled',
              from: null,
              to: null,
              summary: 'Cancelled “Fix a tap” as the business (late): Cannot make the booked time',
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderLog();
    const [event] = await screen.findAllByTestId('audit-event');
    expect(event!.textContent).toContain(
      'Cancelled “Fix a tap” as the business (late): Cannot make the booked time',
    );
    expect(event!.textContent).not.toContain('Moved the business address');
  });

  it('says so when nothing was recorded, and offers to try again when the log fails', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/audit-events': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Down' } }
          : { body: { items: [], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderLog();
    expect(await screen.findByText('Failed to load the audit log')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No account changes recorded yet.')).toBeTruthy();
  });
});
