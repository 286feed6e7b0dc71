import { MODERATION_MESSAGES, type BlockedAccount } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { BlockedAccountsCard } from './blocked-accounts-card';

const LIST = 'GET /api/blocks?limit=20';
const account = (userId: string, name: string): BlockedAccount => ({
  userId,
  name,
  blockedAt: '2026-11-20T10:00:00.000Z',
});

function renderCard(handlers: Record<string, Reply | (() => Reply)>) {
  const api = mockApi(handlers);
  render(
    <Providers queryClient={createTestQueryClient()}>
      <BlockedAccountsCard />
    </Providers>,
  );
  return { api, user: userEvent.setup() };
}

describe('BlockedAccountsCard', () => {
  it('lists whom I blocked and since when, loads more, and unblocks one without asking', async () => {
    let blocked = [account('b1', 'Sparks Electrical'), account('b2', 'Blue Water Pools')];
    const { api, user } = renderCard({
      [LIST]: () => ({ body: { items: blocked, nextCursor: 'n1' } }),
      'GET /api/blocks?cursor=n1&limit=20': {
        body: { items: [account('b3', 'Zed Plumbing')], nextCursor: null },
      },
      'DELETE /api/blocks/b1': () => {
        blocked = blocked.filter((a) => a.userId !== 'b1');
        return { status: 204 };
      },
    });
    const list = await screen.findByRole('list', { name: MODERATION_MESSAGES.blockedAccountsTitle });
    expect(within(list).getByRole('button', { name: 'Unblock Sparks Electrical' })).toBeTruthy();
    expect(within(list).getAllByText('Blocked Nov 20, 2026')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('button', { name: 'Unblock Zed Plumbing' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Unblock Sparks Electrical' }));
    expect(await screen.findByText(MODERATION_MESSAGES.unblocked)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Unblock Sparks Electrical' })).toBeNull(),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/blocks/b1']);
  });

  it('says so when nobody is blocked', async () => {
    renderCard({ [LIST]: { body: { items: [], nextCursor: null } } });
    expect(await screen.findByText(MODERATION_MESSAGES.blockedAccountsEmpty)).toBeTruthy();
  });

  it('offers to try again when the list fails', async () => {
    let fail = true;
    const { user } = renderCard({
      [LIST]: () =>
        fail
          ? { status: 503, body: { error: 'unavailable', message: 'Down' } }
          : { body: { items: [account('b1', 'Sparks Electrical')], nextCursor: null } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MODERATION_MESSAGES.blockedAccountsLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Unblock Sparks Electrical' })).toBeTruthy();
  });
});
