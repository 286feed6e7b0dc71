import { TWO_FACTOR_MESSAGES } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const CODE_LABEL = 'Enter the code from your authenticator app';
const challenge = { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } };
const wrongCode = { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } };

/** A server whose password step asks for a second factor; `verify` answers the codes. */
function twoFactorApi(verify: Partial<Record<'totp' | 'backup', (call: ApiCall) => Reply>>) {
  let signedIn = false;
  const signInWith = (handler: ((call: ApiCall) => Reply) | undefined) => (call: ApiCall) => {
    const reply = handler?.(call) ?? { status: 404 };
    if ((reply.status ?? 200) < 400) signedIn = true;
    return reply;
  };
  return {
    'GET /api/me': () =>
      signedIn
        ? { body: makeMe('business_owner') }
        : { status: 401, body: { error: 'unauthorized', message: 'Not signed in' } },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: true } },
    'GET /api/badges': { body: makeBadges() },
    'POST /api/auth/sign-in/email': challenge,
    'POST /api/auth/two-factor/verify-totp': signInWith(verify.totp),
    'POST /api/auth/two-factor/verify-backup-code': signInWith(verify.backup),
  };
}

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-secret');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByLabelText(CODE_LABEL);
}

// Whole journeys typed key by key: slower than one assertion on a busy machine.
describe('Sign In with two-factor on', () => {
  it('asks for the code after the password; a wrong code says so and the right one lands like any sign-in', async () => {
    const { calls } = mockApi(
      twoFactorApi({
        totp: (call) =>
          (call.body as { code: string }).code === '123456' ? { body: { token: 't' } } : wrongCode,
      }),
    );
    const { user, location } = renderApp('/auth');
    const code = await passwordStep(user);
    // Straight to the code: no Google button, and the field has focus.
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(document.activeElement).toBe(code);
    expect(location().pathname).toBe('/auth');

    await user.type(code, '12{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeTruthy();
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect((code as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(location().pathname).toBe('/auth');

    await user.type(code, '123456');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(calls.filter((c) => c.path === '/api/auth/two-factor/verify-totp').map((c) => c.body)).toEqual([
      { code: '654321', trustDevice: false },
      { code: '123456', trustDevice: true },
    ]);
  });

  it('takes a backup code instead', async () => {
    const { calls } = mockApi(
      twoFactorApi({
        backup: (call) =>
          (call.body as { code: string }).code === 'aaaaa-11111'
            ? { body: { token: 't' } }
            : { status: 401, body: { code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' } },
      }),
    );
    const { user, location } = renderApp('/auth');
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    const backup = screen.getByLabelText('Enter a backup code');
    expect(document.activeElement).toBe(backup);
    await user.type(backup, 'zzzzz-99999{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.backupCodeWrong)).toBeTruthy();
    await user.type(backup, ' aaaaa-11111 {Enter}');
    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(calls.filter((c) => c.path === '/api/auth/two-factor/verify-backup-code').at(-1)?.body).toEqual({
      code: 'aaaaa-11111',
      trustDevice: false,
    });
    expect(calls.some((c) => c.path === '/api/auth/two-factor/verify-totp')).toBe(false);
  });

  it('goes back to the password when the attempt is over (too many tries or too late)', async () => {
    mockApi(
      twoFactorApi({
        totp: () => ({
          status: 400,
          body: { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many attempts.' },
        }),
      }),
    );
    const { user, location } = renderApp('/auth');
    const code = await passwordStep(user);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(location().pathname).toBe('/auth');
  });

  it('says when the codes are locked after too many wrong ones, and lets the person go back', async () => {
    mockApi(
      twoFactorApi({
        totp: () => ({
          status: 429,
          body: { code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'Too many failed verification attempts.' },
        }),
      }),
    );
    const { user } = renderApp('/auth');
    const code = await passwordStep(user);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.locked)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
