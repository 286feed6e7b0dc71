import { SECURITY_MESSAGES, type AccountSecurity } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { SecurityCard } from './security-card';

const SECURITY: AccountSecurity = {
  hasPassword: true,
  twoFactorEnabled: false,
  sessions: [
    {
      id: 's-here',
      isCurrent: true,
      device: 'Firefox on Linux',
      ipAddress: '127.0.0.1',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastActiveAt: '2026-11-24T10:00:00.000Z',
    },
    {
      id: 's-phone',
      isCurrent: false,
      device: 'Chrome on Android',
      ipAddress: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      lastActiveAt: '2026-11-23T10:00:00.000Z',
    },
  ],
};

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <SecurityCard />
    </Providers>,
  );
  return { user };
}

describe('SecurityCard', () => {
  it('lists the signed-in devices and signs another one out', async () => {
    const api = mockApi({
      'GET /api/me/security': { body: SECURITY },
      'DELETE /api/me/sessions/s-phone': { status: 204 },
    });
    const { user } = renderCard();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/me/sessions/s-phone')).toBe(
        true,
      ),
    );
    expect(await screen.findByText(SECURITY_MESSAGES.deviceSignedOut)).toBeTruthy();
  });

  it('changes the password with the current one, signing other devices out; a wrong current one is said on its field', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /api/me/security': { body: SECURITY },
      'POST /api/auth/change-password': () =>
        (attempts += 1) === 1
          ? { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } }
          : { body: { token: null } },
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-secret-9');
    await user.type(within(form).getByLabelText('New password'), 'violet-harbour-ferry-8');
    await user.type(within(form).getByLabelText('Confirm new password'), 'violet-harbour-ferry-9');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(SECURITY_MESSAGES.confirmMismatch)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'violet-harbour-ferry-8');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SECURITY_MESSAGES.passwordChanged)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      currentPassword: 'old-secret-9',
      newPassword: 'violet-harbour-ferry-8',
      revokeOtherSessions: true,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull());
  });

  it('explains there is no password to change for a Google-only account', async () => {
    mockApi({ 'GET /api/me/security': { body: { ...SECURITY, hasPassword: false } } });
    renderCard();
    expect(await screen.findByText(SECURITY_MESSAGES.noPassword)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});
