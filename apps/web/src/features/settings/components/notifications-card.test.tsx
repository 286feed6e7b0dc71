import { NOTIFICATION_SETTINGS_MESSAGES, type NotificationSettings } from '@grip/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { NotificationsCard } from './notifications-card';

const PHONE = '+61 400 555 111';
const EMAIL = 'Email notifications';
const SMS = 'SMS notifications';
const MARKETING = 'Marketing emails';
const PHONE_LABEL = 'Mobile number for texts';

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** GET answers with `settings`; PUT (default) echoes what was sent, as the server stores it. */
function notificationsApi(
  settings: NotificationSettings,
  put: Handler = ({ body }) => ({ body: body as NotificationSettings }),
) {
  const api = mockApi({
    'GET /api/me/notifications': { body: settings },
    'PUT /api/me/notifications': put,
  });
  const puts = () => api.calls.filter((c) => c.method === 'PUT');
  const gets = () => api.calls.filter((c) => c.method === 'GET');
  return { ...api, puts, gets };
}

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <NotificationsCard />
    </Providers>,
  );
  return { user };
}

/** The card's read-only list of channels (Sonner's toaster is a list too). */
const queryChannelList = () =>
  screen.queryAllByRole('list').find((list) => !list.hasAttribute('data-sonner-toaster')) ?? null;
const findChannelList = () =>
  waitFor(() => {
    const list = queryChannelList();
    expect(list, 'the channel list').toBeTruthy();
    return list!;
  });

/** The On/Off text shown for a channel in the read-only list. */
function statusOf(label: string) {
  const row = within(queryChannelList()!)
    .getAllByRole('listitem')
    .find((li) => li.firstElementChild?.textContent === label);
  expect(row, `a row for ${label}`).toBeTruthy();
  return row!.lastElementChild!.textContent;
}

const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const phoneField = () => screen.queryByLabelText(PHONE_LABEL) as HTMLInputElement | null;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await screen.findByRole('button', { name: 'Save' });
}

/** The texts linked to an input by aria-describedby (hint and error). */
function descriptionOf(input: HTMLElement) {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
}

describe('Customer Settings → Notifications', () => {
  it('shows a loading skeleton, then each channel On or Off with the texting number beside SMS', async () => {
    const pending = deferred<Reply>();
    const { calls } = mockApi({ 'GET /api/me/notifications': () => pending.promise });
    renderCard();

    expect(screen.getByText('Notifications')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading notification settings');
    expect(queryChannelList()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));

    await act(async () => {
      pending.resolve({ body: { channels: ['email', 'sms'], phone: PHONE } });
      await pending.promise;
    });

    expect(await findChannelList()).toBeTruthy();
    expect(screen.queryByText('Loading notification settings')).toBeNull();
    expect(statusOf(EMAIL)).toBe('On');
    expect(statusOf(SMS)).toBe(`On · ${PHONE}`);
    expect(statusOf(MARKETING)).toBe('Off');
    expect(within(queryChannelList()!).getAllByRole('listitem')).toHaveLength(3);
    expect(button('Edit')).toBeTruthy();
  });

  it('does not show the number beside SMS when texts are off', async () => {
    notificationsApi({ channels: ['marketing'], phone: PHONE });
    renderCard();
    await findChannelList();
    expect(statusOf(EMAIL)).toBe('Off');
    expect(statusOf(SMS)).toBe('Off');
    expect(statusOf(MARKETING)).toBe('On');
    expect(screen.queryByText(PHONE, { exact: false })).toBeNull();
  });

  it('says the settings could not be loaded, and Try again fetches them again', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/me/notifications': () =>
        ++attempt === 1
          ? { status: 500, body: { error: 'internal', message: 'Database is down.' } }
          : { body: { channels: ['email'], phone: null } },
    });
    const { user } = renderCard();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NOTIFICATION_SETTINGS_MESSAGES.loadFailed);
    expect(queryChannelList()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await findChannelList()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(statusOf(EMAIL)).toBe('On');
    expect(statusOf(SMS)).toBe('Off');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/me/notifications',
      'GET /api/me/notifications',
    ]);
  });

  it('Edit opens the form with the current choices; the number field appears with SMS and then stays', async () => {
    notificationsApi({ channels: ['email'], phone: null });
    const { user } = renderCard();
    await openEditor(user);

    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(queryChannelList()).toBeNull();
    expect(screen.getByRole('group', { name: 'Notification channels' })).toBeTruthy();
    expect(checkbox(EMAIL).checked).toBe(true);
    expect(checkbox(SMS).checked).toBe(false);
    expect(checkbox(MARKETING).checked).toBe(false);
    expect(phoneField()).toBeNull();

    await user.click(checkbox(SMS));
    const phone = phoneField()!;
    expect(phone).toBeTruthy();
    expect(phone.type).toBe('tel');
    expect(phone.value).toBe('');
    expect(descriptionOf(phone)).toContain('With its country code');

    // Unticking SMS keeps the field (and what was typed) rather than pulling it from under the user.
    await user.type(phone, '+61');
    await user.click(checkbox(SMS));
    expect(phoneField()!.value).toBe('+61');
  });

  it('shows the number field when a number is set even with SMS off, and keeps it while it is cleared', async () => {
    notificationsApi({ channels: ['email'], phone: PHONE });
    const { user } = renderCard();
    await openEditor(user);
    expect(checkbox(SMS).checked).toBe(false);
    const phone = phoneField()!;
    expect(phone.value).toBe(PHONE);
    await user.clear(phone);
    expect(phoneField()).toBe(phone);
    expect(document.activeElement).toBe(phone);
  });

  it('refuses SMS without a number: shows phoneNeeded on the field and sends nothing', async () => {
    const { puts } = notificationsApi({ channels: ['email'], phone: null });
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(SMS));
    await user.click(button('Save'));

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded)).toBeTruthy();
    const phone = phoneField()!;
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(phone)).toContain(NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded);
    expect(puts()).toHaveLength(0);
    // The form stays open with the choice kept.
    expect(checkbox(SMS).checked).toBe(true);
  });

  it('refuses a number without the country code', async () => {
    const { puts } = notificationsApi({ channels: ['email'], phone: null });
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(SMS));
    await user.type(phoneField()!, '0400 555 111');
    await user.click(button('Save'));

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('saves SMS with an international number: PUTs channels and phone, toasts, and lists SMS On', async () => {
    const pending = deferred<Reply>();
    const { puts, gets } = notificationsApi({ channels: ['email'], phone: null }, () => pending.promise);
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(SMS));
    await user.click(button('Save'));
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded)).toBeTruthy();

    await user.type(phoneField()!, PHONE);
    await user.click(button('Save'));

    // While sending: Save is busy and Cancel cannot discard; the earlier error is cleared.
    await waitFor(() => expect(button('Save').disabled).toBe(true));
    expect(button('Save').getAttribute('aria-busy')).toBe('true');
    expect(button('Cancel').disabled).toBe(true);
    expect(screen.queryByText(NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded)).toBeNull();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.path).toBe('/api/me/notifications');
    expect(puts()[0]!.body).toEqual({ channels: ['email', 'sms'], phone: PHONE });

    await act(async () => {
      pending.resolve({ body: { channels: ['email', 'sms'], phone: PHONE } });
      await pending.promise;
    });

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle)).toBeTruthy();
    expect(screen.getByText(NOTIFICATION_SETTINGS_MESSAGES.updated)).toBeTruthy();
    await findChannelList();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(statusOf(EMAIL)).toBe('On');
    expect(statusOf(SMS)).toBe(`On · ${PHONE}`);
    expect(statusOf(MARKETING)).toBe('Off');
    // The saved answer fills the cache; no second GET.
    expect(gets()).toHaveLength(1);
    expect(puts()).toHaveLength(1);
  });

  it('Cancel discards the changes and sends nothing; Edit starts again from the saved values', async () => {
    const { calls } = notificationsApi({ channels: ['email', 'marketing'], phone: null });
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(EMAIL));
    await user.click(checkbox(MARKETING));
    await user.click(checkbox(SMS));
    await user.type(phoneField()!, PHONE);
    await user.click(button('Cancel'));

    await findChannelList();
    expect(statusOf(EMAIL)).toBe('On');
    expect(statusOf(SMS)).toBe('Off');
    expect(statusOf(MARKETING)).toBe('On');
    expect(screen.queryByText(PHONE, { exact: false })).toBeNull();

    await openEditor(user);
    expect(checkbox(EMAIL).checked).toBe(true);
    expect(checkbox(SMS).checked).toBe(false);
    expect(checkbox(MARKETING).checked).toBe(true);
    expect(phoneField()).toBeNull();

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me/notifications']);
  });

  it("shows the server's phone error on the field and the failure toast", async () => {
    const serverMessage = 'That number cannot receive texts.';
    const { puts } = notificationsApi(
      { channels: ['email'], phone: null },
      { status: 400, body: { error: 'invalid', message: serverMessage, fields: { phone: serverMessage } } },
    );
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(SMS));
    await user.type(phoneField()!, PHONE);
    await user.click(button('Save'));

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.updateFailed)).toBeTruthy();
    expect(NOTIFICATION_SETTINGS_MESSAGES.updateFailed).toBe(
      'Error: Failed to update notifications. Please try again.',
    );
    const phone = phoneField()!;
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(phone)).toContain(serverMessage);
    expect(screen.queryByText(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle)).toBeNull();
    expect(puts()).toHaveLength(1);
    // Still editing, with what the user entered.
    expect(phone.value).toBe(PHONE);
    expect(checkbox(SMS).checked).toBe(true);
    expect(queryChannelList()).toBeNull();
  });

  it("keeps the form open with the user's choices and toasts the failure on a 500", async () => {
    const { puts } = notificationsApi(
      { channels: ['email'], phone: null },
      { status: 500, body: { error: 'internal', message: 'Database is down.' } },
    );
    const { user } = renderCard();
    await openEditor(user);

    await user.click(checkbox(EMAIL));
    await user.click(checkbox(MARKETING));
    await user.click(checkbox(SMS));
    await user.type(phoneField()!, PHONE);
    await user.click(button('Save'));

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.updateFailed)).toBeTruthy();
    expect(puts()[0]!.body).toEqual({ channels: ['marketing', 'sms'], phone: PHONE });
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    expect(button('Cancel').disabled).toBe(false);
    expect(queryChannelList()).toBeNull();
    expect(checkbox(EMAIL).checked).toBe(false);
    expect(checkbox(SMS).checked).toBe(true);
    expect(checkbox(MARKETING).checked).toBe(true);
    const phone = phoneField()!;
    expect(phone.value).toBe(PHONE);
    // No field error for a server fault.
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle)).toBeNull();
  });

  it('works from the keyboard: labelled checkboxes toggle with Space, Enter in the number field saves', async () => {
    const { puts } = notificationsApi({ channels: ['email'], phone: null });
    const { user } = renderCard();
    await openEditor(user);

    for (const label of [EMAIL, SMS, MARKETING]) {
      expect(checkbox(label).type).toBe('checkbox');
    }
    expect(button('Save').type).toBe('submit');
    expect(button('Cancel').type).toBe('button');

    checkbox(SMS).focus();
    await user.keyboard(' ');
    expect(checkbox(SMS).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(checkbox(MARKETING));
    await user.tab();
    expect(document.activeElement).toBe(phoneField());

    await user.keyboard(`${PHONE}{Enter}`);

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle)).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({ channels: ['email', 'sms'], phone: PHONE });
    await findChannelList();
    expect(statusOf(SMS)).toBe(`On · ${PHONE}`);
  });
});
