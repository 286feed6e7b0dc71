import { GRANT_SELF_ADMIN_MESSAGES, type SystemSettings } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient, renderApp } from '@/test/render';
import { SystemSettingsCard } from './system-settings-card';

const ON: SystemSettings = { emailNotificationsEnabled: true, smsNotificationsEnabled: true };

describe('Grant myself admin', () => {
  it('is offered in Settings while there is no administrator, and opens the dashboard once granted', async () => {
    let role: 'user' | 'administrator' = 'user';
    const api = mockApi({
      'GET /api/me': () => ({ body: makeMe(role) }),
      'GET /api/admin/self-grant': () => ({ body: { available: role === 'user' } }),
      'POST /api/admin/grant-self-admin': () => {
        role = 'administrator';
        return { body: { success: true, alreadyAdmin: false, message: GRANT_SELF_ADMIN_MESSAGES.granted } };
      },
    });
    const { user, location } = renderApp('/settings');
    expect(await screen.findByText(GRANT_SELF_ADMIN_MESSAGES.explainer)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: GRANT_SELF_ADMIN_MESSAGES.action }));
    await waitFor(() => expect(location().pathname).toBe('/admin'));
    expect(await screen.findByText(GRANT_SELF_ADMIN_MESSAGES.granted)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('is not offered once the platform has an administrator', async () => {
    const api = mockApi({
      'GET /api/me': { body: makeMe('user') },
      'GET /api/admin/self-grant': { body: { available: false } },
    });
    renderApp('/settings');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/admin/self-grant')).toBe(true));
    expect(await screen.findByText('View History')).toBeTruthy();
    expect(screen.queryByRole('button', { name: GRANT_SELF_ADMIN_MESSAGES.action })).toBeNull();
  });

  it('appears after a settings save is refused for permission, and says when the grant is refused', async () => {
    mockApi({
      'GET /api/admin/settings': { body: ON },
      'PUT /api/admin/settings/email_notifications_enabled': {
        status: 403,
        body: { error: 'forbidden', message: GRANT_SELF_ADMIN_MESSAGES.settingsRefused },
      },
      'GET /api/admin/self-grant': { body: { available: true } },
      'POST /api/admin/grant-self-admin': {
        status: 403,
        body: { error: 'forbidden', message: GRANT_SELF_ADMIN_MESSAGES.refused },
      },
    });
    const user = userEvent.setup();
    render(
      <Providers queryClient={createTestQueryClient()}>
        <MemoryRouter>
          <SystemSettingsCard />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: GRANT_SELF_ADMIN_MESSAGES.action })).toBeNull();
    await user.click(await screen.findByRole('switch', { name: 'Email Notifications' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(GRANT_SELF_ADMIN_MESSAGES.settingsRefused));
    await user.click(await within(alert).findByRole('button', { name: GRANT_SELF_ADMIN_MESSAGES.action }));
    expect(await screen.findByText(GRANT_SELF_ADMIN_MESSAGES.refused)).toBeTruthy();
  });
});
