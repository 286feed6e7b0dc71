import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserPage } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { advanceFakeTimers, typeAtOnce, useFakeClock } from '@/test/clock';
import { makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { queryKeys } from '@/lib/query-keys';
import { UserManagement } from './user-management';

const LIST = 'GET /api/admin/users?limit=25';

function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 'u-2',
    email: 'cora@example.com',
    name: 'Cora Customer',
    role: 'user',
    suspendedAt: null,
    deletedAt: null,
    createdAt: '2026-03-04T09:05:00.000Z',
    ...overrides,
  };
}

const page = (items: AdminUser[], nextCursor: string | null = null): AdminUserPage => ({ items, nextCursor });

/** The signed-in administrator is u1 (makeMe). */
const SELF = makeUser({ userId: 'u1', name: 'Sam Carter', email: 'sam@example.com', role: 'administrator' });

function renderUsers() {
  const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, makeMe('administrator'));
  render(
    <Providers queryClient={queryClient}>
      <UserManagement />
    </Providers>,
  );
  return { user };
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('admin-user')).find((row) => within(row).queryAllByText(name).length > 0)!;

describe('UserManagement', () => {
  it('lists accounts with role and suspension; the own row is read-only; loads more', async () => {
    mockApi({
      [LIST]: {
        body: page(
          [
            SELF,
            makeUser(),
            makeUser({ userId: 'u-3', name: 'Sid', suspendedAt: '2026-05-01T00:00:00.000Z' }),
            makeUser({ userId: 'u-6', name: 'Deleted user', deletedAt: '2026-06-01T00:00:00.000Z' }),
          ],
          'n1',
        ),
      },
      'GET /api/admin/users?cursor=n1&limit=25': { body: page([makeUser({ userId: 'u-4', name: 'Zed' })]) },
    });
    const { user } = renderUsers();
    const self = await rowOf('Sam Carter');
    expect(within(self).getByText('You')).toBeTruthy();
    expect(
      (within(self).getByRole('combobox', { name: 'Role of Sam Carter' }) as HTMLSelectElement).disabled,
    ).toBe(true);
    expect(within(self).queryByRole('button', { name: /Suspend/ })).toBeNull();
    const gone = await rowOf('Deleted user');
    expect(within(gone).getByText('Deleted')).toBeTruthy();
    expect(within(gone).queryByRole('button', { name: /Suspend|Reinstate/ })).toBeNull();
    expect((within(gone).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    const sid = await rowOf('Sid');
    expect(within(sid).getByText('Suspended')).toBeTruthy();
    expect(within(sid).getByRole('button', { name: 'Reinstate Sid' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await rowOf('Zed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches and filters by role on the server', async () => {
    useFakeClock();
    const api = mockApi({
      [LIST]: { body: page([makeUser()]) },
      'GET /api/admin/users?q=cora&limit=25': { body: page([makeUser()]) },
      'GET /api/admin/users?q=cora&role=business_owner&limit=25': { body: page([]) },
    });
    const { user } = renderUsers();
    await rowOf('Cora Customer');
    // One burst on a faked clock: real pauses between keys could end the search's wait mid-word.
    await typeAtOnce(user, screen.getByRole('searchbox', { name: 'Search users' }), 'cora');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/admin/users?q=cora&limit=25')).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'business_owner');
    expect(await screen.findByText(ADMIN_USER_MESSAGES.noMatches)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(await rowOf('Cora Customer')).toBeTruthy();
  });

  it('changes a role only after confirming, and a cancelled change leaves it alone', async () => {
    const api = mockApi({
      [LIST]: { body: page([makeUser()]) },
      'PUT /api/admin/users/u-2/role': { body: makeUser({ role: 'administrator' }) },
    });
    const { user } = renderUsers();
    const row = await rowOf('Cora Customer');
    const select = within(row).getByRole('combobox', { name: 'Role of Cora Customer' });

    await user.selectOptions(select, 'business_owner');
    const dialog = await screen.findByRole('dialog', { name: 'Make Cora Customer a Business Owner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect((select as HTMLSelectElement).value).toBe('user');

    await user.selectOptions(select, 'administrator');
    const confirm = await screen.findByRole('dialog', { name: 'Make Cora Customer an Administrator?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make Administrator' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/admin/users/u-2/role', body: { role: 'administrator' } },
      ]),
    );
    expect(await screen.findByText(ADMIN_USER_MESSAGES.roleChanged)).toBeTruthy();
  });

  it('suspends after a confirmation that says what happens, and shows the server’s refusal', async () => {
    const api = mockApi({
      [LIST]: { body: page([makeUser(), makeUser({ userId: 'u-5', name: 'Otto', role: 'administrator' })]) },
      'PUT /api/admin/users/u-2/suspension': { body: makeUser({ suspendedAt: '2026-11-24T00:00:00.000Z' }) },
      'PUT /api/admin/users/u-5/suspension': {
        status: 409,
        body: { error: 'conflict', message: ADMIN_USER_MESSAGES.suspendAdministrator },
      },
    });
    const { user } = renderUsers();
    await user.click(
      within(await rowOf('Cora Customer')).getByRole('button', { name: 'Suspend Cora Customer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Cora Customer?' });
    expect(within(dialog).getByText(/signed out on every device/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/admin/users/u-2/suspension')?.body).toEqual({
        suspended: true,
      }),
    );
    expect(await screen.findByText(ADMIN_USER_MESSAGES.suspended)).toBeTruthy();

    await user.click(within(await rowOf('Otto')).getByRole('button', { name: 'Suspend Otto' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend Otto?' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    expect(await screen.findByText(ADMIN_USER_MESSAGES.suspendFailed)).toBeTruthy();
    expect(await screen.findByText(ADMIN_USER_MESSAGES.suspendAdministrator)).toBeTruthy();
  });

  it('says when loading fails and retries', async () => {
    let fail = true;
    mockApi({
      [LIST]: () =>
        fail ? { status: 500, body: { error: 'internal', message: 'boom' } } : { body: page([makeUser()]) },
    });
    const { user } = renderUsers();
    expect(await screen.findByText(ADMIN_USER_MESSAGES.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Cora Customer')).toBeTruthy();
  });
});
