import { AUTH_MESSAGES } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { RESET_LINK_SENT } from './forgot-password-form';

const signedOut = { status: 401, body: { error: 'unauthorized', message: 'Not signed in' } };

function authApi(
  options: { googleEnabled?: boolean; signIn?: Reply; role?: Parameters<typeof makeMe>[0] } = {},
) {
  let signedIn = false;
  return {
    'GET /api/me': () => (signedIn ? { body: makeMe(options.role ?? 'user') } : signedOut),
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: options.googleEnabled ?? false } },
    'GET /api/badges': { body: makeBadges() },
    'POST /api/auth/sign-in/email': () => {
      const reply = options.signIn ?? { body: { token: 't' } };
      if ((reply.status ?? 200) < 400) signedIn = true;
      return reply;
    },
  };
}

describe('Sign In', () => {
  it('has keyboard-accessible Sign In and Sign Up tabs', async () => {
    mockApi(authApi());
    const { user } = renderApp('/auth');
    const signIn = await screen.findByRole('tab', { name: 'Sign In' });
    expect(signIn.getAttribute('aria-selected')).toBe('true');
    signIn.focus();
    await user.keyboard('{ArrowRight}');
    const signUp = screen.getByRole('tab', { name: 'Sign Up' });
    // The tab switches after the keyboard event settles; on a busy machine that can lag a tick.
    await waitFor(() => expect(signUp.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('validates required fields', async () => {
    mockApi(authApi());
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
  });

  it('signs in and goes to /, which sends a business owner to their dashboard', async () => {
    const { calls } = mockApi(authApi({ role: 'business_owner' }));
    const { user, location } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'sam@example.com',
      password: 'secret-secret',
    });
  });

  it("shows 'Sign in failed' with the server's message (e.g. too many attempts)", async () => {
    mockApi(
      authApi({
        signIn: {
          status: 429,
          body: { code: 'TOO_MANY', message: 'Too many attempts. Try again in a minute.' },
        },
      }),
    );
    const { user, location } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in failed')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again in a minute.')).toBeTruthy();
    expect(location().pathname).toBe('/auth');
  });
});

describe('Google', () => {
  it('is hidden when the server has no Google configured', async () => {
    mockApi(authApi({ googleEnabled: false }));
    renderApp('/auth');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
  });

  it('names the chosen account type and sends it along', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = mockApi({
      ...authApi({ googleEnabled: true }),
      'POST /api/auth/sign-in/social': { body: { url: 'https://accounts.example/auth?x=1', redirect: true } },
    });
    const { user } = renderApp('/auth?tab=signup');
    expect(await screen.findByRole('button', { name: 'Sign up with Google as User' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Business Owner' }));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google as Business Owner' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toEqual({
      provider: 'google',
      callbackURL: '/',
      newUserCallbackURL: '/',
      errorCallbackURL: '/auth?error=google',
      additionalData: { role: 'business_owner' },
    });
  });

  it("offers 'Continue with Google' on Sign In and reports failures", async () => {
    mockApi({
      ...authApi({ googleEnabled: true }),
      'POST /api/auth/sign-in/social': {
        status: 400,
        body: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' },
      },
    });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign in failed')).toBeTruthy();
    expect(screen.getByText('Provider not found')).toBeTruthy();
  });

  it('reports a failed Google round trip from the URL, then tidies the URL', async () => {
    mockApi(authApi());
    const { location } = renderApp('/auth?error=google&error=access_denied');
    expect(await screen.findByText('Google sign in failed')).toBeTruthy();
    expect(screen.getByText('Google sign in was cancelled.')).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
  });
});

describe('password reset', () => {
  it('sends a reset link and answers neutrally', async () => {
    const { calls } = mockApi({
      ...authApi(),
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(RESET_LINK_SENT)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'sam@example.com',
      redirectTo: '/auth?mode=reset',
    });
  });

  it('sets a new password from the emailed link and returns to Sign In', async () => {
    const { calls } = mockApi({ ...authApi(), 'POST /api/auth/reset-password': { body: { status: true } } });
    const { user, location } = renderApp('/auth?mode=reset&token=XYZ');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'fresh-start-99');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password updated')).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'fresh-start-99',
      token: 'XYZ',
    });
  });

  it('explains an invalid or expired link', async () => {
    mockApi(authApi());
    renderApp('/auth?mode=reset&error=INVALID_TOKEN');
    expect(
      await screen.findByText('This reset link is invalid or has expired. Request a new one below.'),
    ).toBeTruthy();
    expect(screen.queryByText('Google sign in failed')).toBeNull();
  });
});
