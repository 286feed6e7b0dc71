import { ACCOUNT_DELETION_MESSAGES as M } from '@grip/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

describe('DeleteAccountCard', () => {
  it('asks for the word and the password, says a wrong password on its field, then signs out to the welcome page', async () => {
    let deleted = false;
    let attempts = 0;
    const api = mockApi({
      'GET /api/me': () =>
        deleted
          ? { status: 401, body: { error: 'unauthorized', message: 'Sign in' } }
          : { body: makeMe('user') },
      'GET /api/me/security': { body: { hasPassword: true, twoFactorEnabled: false, sessions: [] } },
      'POST /api/me/delete-account': () => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 400,
            body: { error: 'invalid', message: M.passwordWrong, fields: { password: M.passwordWrong } },
          };
        }
        deleted = true;
        return { status: 204 };
      },
    });
    const { user, location } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    expect(await within(dialog).findByText(M.passwordRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one-1');
    await user.click(submit);
    expect(await within(dialog).findByText(M.passwordWrong)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right-one-1');
    await user.click(submit);
    await waitFor(() => expect(location().pathname).not.toBe('/settings'));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      confirmation: 'DELETE',
      password: 'right-one-1',
    });
  });
});
