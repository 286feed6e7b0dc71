import { AUTH_MESSAGES, PROFILE_SETTINGS_MESSAGES, type ProfileSettings } from '@grip/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient, renderApp } from '@/test/render';
import { ProfileInformationCard } from './profile-information-card';

const SAVED: ProfileSettings = { displayName: 'Sam Carter', phone: '+61 400 555 111' };
const NAME = 'Display name';
const PHONE = 'Phone (optional)';

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** GET answers with `saved`; PUT (default) echoes what was sent, as the server stores it. */
function profileApi(saved: ProfileSettings = SAVED, put: Handler = ({ body }) => ({ body })) {
  const api = mockApi({ 'GET /api/me/profile': { body: saved }, 'PUT /api/me/profile': put });
  const puts = () => api.calls.filter((c) => c.method === 'PUT');
  return { ...api, puts };
}

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ProfileInformationCard me={makeMe('user')} />
    </Providers>,
  );
  return { user };
}

const card = () => screen.getByRole('region', { name: 'Profile Information' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The read-only value shown under a term of the card's list. */
const shown = (term: string) => within(card()).getByText(term).nextElementSibling?.textContent;

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await screen.findByRole('form', { name: 'Edit profile information' });
}

function descriptionOf(input: HTMLElement) {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
}

describe('Customer Settings → Profile Information', () => {
  it('shows the email read-only at once, a skeleton while loading, then the name, phone and role', async () => {
    const pending = deferred<Reply>();
    mockApi({ 'GET /api/me/profile': () => pending.promise });
    renderCard();

    const email = field('Email');
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(true);
    expect(descriptionOf(email)).toBe(PROFILE_SETTINGS_MESSAGES.emailReadOnly);
    expect(PROFILE_SETTINGS_MESSAGES.emailReadOnly).toBe('Email cannot be changed here');
    expect(screen.getByRole('status').textContent).toContain('Loading your profile');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await act(async () => {
      pending.resolve({ body: SAVED });
      await pending.promise;
    });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(shown('Display name')).toBe('Sam Carter');
    expect(shown('Phone')).toBe('+61 400 555 111');
    expect(shown('Role')).toBe('Customer');
  });

  it("says 'Not set' without a phone", async () => {
    profileApi({ displayName: 'Sam Carter', phone: null });
    renderCard();
    await screen.findByRole('button', { name: 'Edit' });
    expect(shown('Phone')).toBe('Not set');
  });

  it('says the profile could not be loaded; Try again fetches it again', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/me/profile': () =>
        ++attempt === 1 ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: SAVED },
    });
    const { user } = renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PROFILE_SETTINGS_MESSAGES.loadFailed);
    expect(field('Email').value).toBe('sam@example.com');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Edit' });
    expect(shown('Display name')).toBe('Sam Carter');
    expect(calls).toHaveLength(2);
  });

  it('Edit then Cancel restores the saved values and sends nothing', async () => {
    const { calls } = profileApi();
    const { user } = renderCard();
    await openEditor(user);
    expect(field(NAME).value).toBe('Sam Carter');
    expect(field(PHONE).value).toBe('+61 400 555 111');
    expect(field(PHONE).type).toBe('tel');

    await user.clear(field(NAME));
    await user.type(field(NAME), 'Someone Else');
    await user.clear(field(PHONE));
    await user.click(button('Cancel'));

    expect(screen.queryByRole('form')).toBeNull();
    expect(shown('Display name')).toBe('Sam Carter');
    expect(shown('Phone')).toBe('+61 400 555 111');
    await openEditor(user);
    expect(field(NAME).value).toBe('Sam Carter');
    expect(field(PHONE).value).toBe('+61 400 555 111');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me/profile']);
  });

  it('Save sends the trimmed name and phone, shows progress, toasts and shows the saved values', async () => {
    const pending = deferred<Reply>();
    const { puts, calls } = profileApi(SAVED, () => pending.promise);
    const { user } = renderCard();
    await openEditor(user);

    await user.clear(field(NAME));
    await user.type(field(NAME), '  Samantha Carter ');
    await user.clear(field(PHONE));
    await user.type(field(PHONE), ' +61 400 999 000 ');
    await user.click(button('Save'));

    await waitFor(() => expect(button('Save').disabled).toBe(true));
    expect(button('Save').getAttribute('aria-busy')).toBe('true');
    expect(button('Cancel').disabled).toBe(true);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({ displayName: 'Samantha Carter', phone: '+61 400 999 000' });

    await act(async () => {
      pending.resolve({ body: { displayName: 'Samantha Carter', phone: '+61 400 999 000' } });
      await pending.promise;
    });
    expect(await screen.findByText(PROFILE_SETTINGS_MESSAGES.updatedTitle)).toBeTruthy();
    expect(PROFILE_SETTINGS_MESSAGES.updatedTitle).toBe('Profile Updated');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(shown('Display name')).toBe('Samantha Carter');
    expect(shown('Phone')).toBe('+61 400 999 000');
    // The saved answer fills the cache: no second GET of the profile.
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('sends a cleared phone as none', async () => {
    const { puts } = profileApi();
    const { user } = renderCard();
    await openEditor(user);
    await user.clear(field(PHONE));
    await user.click(button('Save'));
    await screen.findByText(PROFILE_SETTINGS_MESSAGES.updatedTitle);
    expect(puts()[0]!.body).toEqual({ displayName: 'Sam Carter', phone: null });
    expect(shown('Phone')).toBe('Not set');
  });

  it('refuses a blank name and a number without its country code on the fields, sending nothing', async () => {
    const { puts } = profileApi();
    const { user } = renderCard();
    await openEditor(user);

    await user.clear(field(NAME));
    await user.type(field(NAME), '   ');
    await user.clear(field(PHONE));
    await user.type(field(PHONE), '0400 555 111');
    await user.click(button('Save'));

    expect(await screen.findByText(AUTH_MESSAGES.displayNameRequired)).toBeTruthy();
    expect(field(NAME).getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field(NAME))).toContain(AUTH_MESSAGES.displayNameRequired);
    expect(field(PHONE).getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field(PHONE))).toContain(PROFILE_SETTINGS_MESSAGES.phoneInvalid);
    expect(puts()).toHaveLength(0);

    await user.type(field(NAME), 'a'.repeat(101));
    await user.clear(field(PHONE));
    await user.click(button('Save'));
    expect(await screen.findByText(AUTH_MESSAGES.displayNameTooLong)).toBeTruthy();
    expect(field(PHONE).getAttribute('aria-invalid')).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it("shows the server's field error and the spec's failure toast, keeping what was typed", async () => {
    const message = PROFILE_SETTINGS_MESSAGES.phoneNeededForTexts;
    const { puts } = profileApi(SAVED, {
      status: 400,
      body: { error: 'invalid', message, fields: { phone: message } },
    });
    const { user } = renderCard();
    await openEditor(user);
    await user.clear(field(PHONE));
    await user.click(button('Save'));

    expect(await screen.findByText(PROFILE_SETTINGS_MESSAGES.updateFailed)).toBeTruthy();
    expect(PROFILE_SETTINGS_MESSAGES.updateFailed).toBe('Error: Failed to update profile. Please try again.');
    expect(descriptionOf(field(PHONE))).toContain(message);
    expect(field(PHONE).value).toBe('');
    expect(field(NAME).value).toBe('Sam Carter');
    expect(puts()).toHaveLength(1);
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    expect(screen.queryByText(PROFILE_SETTINGS_MESSAGES.updatedTitle)).toBeNull();
  });

  it('works from the keyboard: labelled fields, Enter saves', async () => {
    const { puts } = profileApi();
    const { user } = renderCard();
    await openEditor(user);
    expect(button('Save').type).toBe('submit');
    expect(button('Cancel').type).toBe('button');
    field(NAME).focus();
    await user.keyboard('{Control>}a{/Control}Sam C{Enter}');
    expect(await screen.findByText(PROFILE_SETTINGS_MESSAGES.updatedTitle)).toBeTruthy();
    expect(puts()[0]!.body).toEqual({ displayName: 'Sam C', phone: '+61 400 555 111' });
  });
});

describe('Settings page: the new name shows in the account menu after saving', () => {
  it('refreshes the session (GET /api/me) once saved', async () => {
    let name = 'Sam Carter';
    const { calls } = mockApi({
      'GET /api/me': () => ({
        body: makeMe('user', { displayName: name }),
      }),
      'GET /api/badges': { body: makeBadges() },
      'GET /api/me/profile': () => ({ body: { displayName: name, phone: null } }),
      'PUT /api/me/profile': ({ body }) => {
        name = (body as ProfileSettings).displayName;
        return { body };
      },
    });
    const { user } = renderApp('/settings');
    const region = await screen.findByRole('region', { name: 'Profile Information' });
    await user.click(await within(region).findByRole('button', { name: 'Edit' }));
    await user.clear(within(region).getByLabelText(NAME));
    await user.type(within(region).getByLabelText(NAME), 'Samantha Carter');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_SETTINGS_MESSAGES.updatedTitle)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me?optional=true')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Samantha Carter')).toBeTruthy();
  });
});
