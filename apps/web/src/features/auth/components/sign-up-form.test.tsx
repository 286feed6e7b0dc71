import { AUTH_MESSAGES } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const signedOut = { status: 401, body: { error: 'unauthorized', message: 'Not signed in' } };

/** The session answers 401 until sign-up succeeds, then the new user. */
function signUpApi(
  signUp: (body: unknown) => Reply | Promise<Reply>,
  role: Parameters<typeof makeMe>[0] = 'user',
) {
  let signedIn = false;
  return {
    'GET /api/me': () => (signedIn ? { body: makeMe(role) } : signedOut),
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false } },
    'GET /api/badges': { body: makeBadges() },
    'POST /api/auth/sign-up/email': async ({ body }: { body: unknown }) => {
      const reply = await signUp(body);
      if ((reply.status ?? 200) < 400) signedIn = true;
      return reply;
    },
  };
}

function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Sign Up', () => {
  it('shows field errors under the fields, linked with aria-describedby', async () => {
    mockApi(signUpApi(() => ({ body: {} })));
    const { user } = renderApp('/auth?tab=signup');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));

    const displayName = field('Display Name');
    await waitFor(() => expect(displayName.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(displayName)).toContain(AUTH_MESSAGES.displayNameRequired);
    expect(describedText(field('Email'))).toContain(AUTH_MESSAGES.emailRequired);
    expect(describedText(field('Password'))).toContain(AUTH_MESSAGES.passwordRequired);
    expect(document.activeElement).toBe(displayName);
  });

  it('validates the email and the password length', async () => {
    mockApi(signUpApi(() => ({ body: {} })));
    const { user } = renderApp('/auth?tab=signup');
    await user.type(await screen.findByLabelText('Display Name'), 'Sam');
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy();
  });

  it('asks for a business name only for a Business Owner', async () => {
    mockApi(signUpApi(() => ({ body: {} })));
    const { user } = renderApp('/auth?tab=signup');
    await screen.findByRole('button', { name: 'Create Account' });
    expect(screen.queryByLabelText('Business Name')).toBeNull();

    const businessOwner = screen.getByRole('radio', { name: 'Business Owner' });
    expect(describedText(businessOwner)).toBe('Provide services to users');
    await user.click(businessOwner);
    expect(businessOwner.getAttribute('aria-checked')).toBe('true');
    expect(field('Business Name')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.businessNameRequired)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'User' }));
    expect(screen.queryByLabelText('Business Name')).toBeNull();
    expect(screen.queryByText(AUTH_MESSAGES.businessNameRequired)).toBeNull();
  });

  it('creates a business account, says to check email and opens the business dashboard', async () => {
    const { calls } = mockApi(
      signUpApi(() => ({ body: { token: 't', user: { id: 'u1' } } }), 'business_owner'),
    );
    const { user, location } = renderApp('/auth?tab=signup');
    await user.click(await screen.findByRole('radio', { name: 'Business Owner' }));
    await user.type(field('Display Name'), 'Sam Carter');
    await user.type(field('Business Name'), 'Sam Plumbing');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'tap-water-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(
      screen.getByText("We've sent you a confirmation link to complete your registration."),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Sam Carter',
      email: 'sam@example.com',
      password: 'tap-water-42',
      role: 'business_owner',
      businessName: 'Sam Plumbing',
      callbackURL: '/',
    });
  });

  it('sends a new customer to /home without a business name', async () => {
    const { calls } = mockApi(signUpApi(() => ({ body: { token: 't', user: { id: 'u1' } } })));
    const { user, location } = renderApp('/auth?tab=signup');
    await user.type(await screen.findByLabelText('Display Name'), 'Sam');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'tap-water-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location().pathname).toBe('/home'));
    const body = calls.find((call) => call.path === '/api/auth/sign-up/email')?.body as Record<
      string,
      unknown
    >;
    expect(body.role).toBe('user');
    expect(body).not.toHaveProperty('businessName');
  });

  it('disables Create Account while sending and ignores a double submit', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi(signUpApi(() => reply.promise));
    const { user } = renderApp('/auth?tab=signup');
    await user.type(await screen.findByLabelText('Display Name'), 'Sam');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'tap-water-42');
    const submit = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    await user.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    await user.type(field('Password'), '{Enter}');
    expect(calls.filter((call) => call.path === '/api/auth/sign-up/email')).toHaveLength(1);
    reply.resolve({ status: 422, body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it("shows 'Sign up failed' with the server's message", async () => {
    mockApi(
      signUpApi(() => ({
        status: 403,
        body: { error: 'forbidden', message: AUTH_MESSAGES.administratorExists },
      })),
    );
    const { user, location } = renderApp('/auth?tab=signup');
    await user.click(await screen.findByRole('radio', { name: 'Administrator' }));
    await user.type(field('Display Name'), 'Sam');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'tap-water-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Sign up failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.administratorExists)).toBeTruthy();
    expect(location().pathname).toBe('/auth');
  });
});
