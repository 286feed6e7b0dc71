import { ADMIN_OVERVIEW_MESSAGES, type SystemSettings } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { SystemSettingsCard } from './system-settings-card';

const ON: SystemSettings = { emailNotificationsEnabled: true, smsNotificationsEnabled: true };

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <SystemSettingsCard />
    </Providers>,
  );
  return { user };
}

const emailSwitch = () => screen.findByRole('switch', { name: 'Email Notifications' });
const smsSwitch = () => screen.findByRole('switch', { name: 'SMS Notifications' });

describe('SystemSettingsCard', () => {
  it('shows a skeleton, then both switches as the server has them', async () => {
    mockApi({ 'GET /api/admin/settings': { body: { ...ON, smsNotificationsEnabled: false } } });
    renderCard();
    expect(screen.getByRole('status').textContent).toContain('Loading system settings');
    expect((await emailSwitch()).getAttribute('aria-checked')).toBe('true');
    expect((await smsSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('flips a switch at once and saves it as a boolean', async () => {
    const saved = deferred<Reply>();
    const api = mockApi({
      'GET /api/admin/settings': { body: ON },
      'PUT /api/admin/settings/sms_notifications_enabled': () => saved.promise,
    });
    const { user } = renderCard();
    const sms = await smsSwitch();
    await user.click(sms);
    expect(sms.getAttribute('aria-checked')).toBe('false');
    expect((sms as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });
    saved.resolve({ body: { ...ON, smsNotificationsEnabled: false } });
    await waitFor(() => expect((sms as HTMLButtonElement).disabled).toBe(false));
    expect(sms.getAttribute('aria-checked')).toBe('false');
    expect((await emailSwitch()).getAttribute('aria-checked')).toBe('true');
  });

  it('rolls back and shows the spec text when saving fails', async () => {
    mockApi({
      'GET /api/admin/settings': { body: ON },
      'PUT /api/admin/settings/email_notifications_enabled': {
        status: 500,
        body: { error: 'internal', message: 'boom' },
      },
      'PUT /api/admin/settings/sms_notifications_enabled': {
        status: 500,
        body: { error: 'internal', message: 'boom' },
      },
    });
    const { user } = renderCard();
    const email = await emailSwitch();
    await user.click(email);
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.emailUpdateFailed)).toBeTruthy();
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('true'));

    const sms = await smsSwitch();
    await user.click(sms);
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.smsUpdateFailed)).toBeTruthy();
    await waitFor(() => expect(sms.getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let reply: Reply = { status: 500, body: { error: 'internal', message: 'boom' } };
    mockApi({ 'GET /api/admin/settings': () => reply });
    const { user } = renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_OVERVIEW_MESSAGES.settingsLoadFailed);
    reply = { body: ON };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await emailSwitch()).getAttribute('aria-checked')).toBe('true');
  });
});
