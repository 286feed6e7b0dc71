import { PRODUCT_NAME, ROUTE_ACCESS, TAGLINE } from '@grip/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { PAGES } from './router';

const signedOut = {
  'GET /api/me': { status: 401, body: { error: 'unauthorized', message: 'Not signed in' } },
};

function signedInAs(me: ReturnType<typeof makeMe>) {
  return {
    'GET /api/me': { body: me },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false } },
  };
}

async function expectPath(location: () => { pathname: string }, pathname: string) {
  await waitFor(() => expect(location().pathname).toBe(pathname));
}

describe('route table', () => {
  it('has a page for every route of ROUTE_ACCESS', () => {
    for (const { path } of ROUTE_ACCESS) expect(PAGES[path], path).toBeDefined();
  });
});

describe('guards', () => {
  it('shows a centred spinner while the session loads', async () => {
    mockApi({ 'GET /api/me': () => new Promise(() => {}) });
    renderApp('/requests');
    expect(await screen.findByTestId('page-spinner')).toBeTruthy();
  });

  it('sends a visitor on a signed-in page to /auth', async () => {
    mockApi(signedOut);
    const { location } = renderApp('/requests');
    await expectPath(location, '/auth');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
  });

  it('sends a visitor on a business page to /auth', async () => {
    mockApi(signedOut);
    const { location } = renderApp('/business-dashboard');
    await expectPath(location, '/auth');
  });

  it('shows the landing page to a visitor on /', async () => {
    mockApi(signedOut);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${PRODUCT_NAME}` })).toBeTruthy();
    expect(screen.getByText(TAGLINE)).toBeTruthy();
    expect(screen.getByText('For Customers')).toBeTruthy();
    expect(screen.getByText('For Businesses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth');
  });

  it('shows the customer home at / to a signed-in customer, inside the shell', async () => {
    mockApi(signedInAs(makeMe('user')));
    const { location } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hi Sam, what do you need done?' }),
    ).toBeTruthy();
    expect(location().pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('sends a customer on a business-only page to /', async () => {
    mockApi(signedInAs(makeMe('user')));
    const { location } = renderApp('/business-requests');
    await expectPath(location, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hi Sam, what do you need done?' }),
    ).toBeTruthy();
  });

  it('sends an administrator on a business page to /', async () => {
    mockApi(signedInAs(makeMe('administrator')));
    const { location } = renderApp('/business-dashboard');
    await expectPath(location, '/');
  });

  it('sends a non-administrator on /admin to /home', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    const { location } = renderApp('/admin');
    // /home then sends the business owner on to their landing page.
    await expectPath(location, '/business-dashboard');

    mockApi(signedInAs(makeMe('user')));
    const second = renderApp('/admin');
    await expectPath(second.location, '/home');
  });

  it('lets an administrator open /admin', async () => {
    mockApi(signedInAs(makeMe('administrator')));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('sends a business owner from / and /home to the business landing page', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    const { location } = renderApp('/');
    await expectPath(location, '/business-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' })).toBeTruthy();

    mockApi(signedInAs(makeMe('business_owner', { defaultStartScreen: 'requests' })));
    const second = renderApp('/home');
    await expectPath(second.location, '/business-requests');
  });

  it('sends a business owner from /settings to /business-settings', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    const { location } = renderApp('/settings');
    await expectPath(location, '/business-settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Settings' })).toBeTruthy();
  });

  it('opens /business-registration to any signed-in user', async () => {
    mockApi(signedInAs(makeMe('user')));
    const { location } = renderApp('/business-registration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Registration' })).toBeTruthy();
    expect(location().pathname).toBe('/business-registration');
  });

  it('sends a signed-in user away from /auth to /', async () => {
    mockApi(signedInAs(makeMe('user')));
    const { location } = renderApp('/auth');
    await expectPath(location, '/');
  });

  it('opens parameterised routes', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    renderApp('/respond/r-42');
    expect(await screen.findByText('Request Not Found')).toBeTruthy();
  });

  it('shows the 404 page for unknown paths, with a link home', async () => {
    mockApi(signedOut);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('sign-out', () => {
  it('signs out of this device from settings, clears the session and goes to /auth', async () => {
    const { calls } = mockApi({
      ...signedInAs(makeMe('user')),
      'POST /api/session/sign-out': { status: 204 },
    });
    const { user, location, queryClient } = renderApp('/settings');
    expect(await screen.findByDisplayValue('sam@example.com')).toBeTruthy();
    expect(screen.getByText('Email cannot be changed here')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await expectPath(location, '/auth');
    expect(calls.find((call) => call.path === '/api/session/sign-out')?.body).toEqual({ scope: 'local' });
    expect(queryClient.getQueryData(['me'])).toBeNull();
    expect(queryClient.getQueryData(['badges'])).toBeUndefined();
  });

  it('treats 401 from sign-out as success and can sign out of all devices', async () => {
    const { calls } = mockApi({
      ...signedInAs(makeMe('user')),
      'POST /api/session/sign-out': { status: 401, body: { error: 'unauthorized', message: 'No session' } },
    });
    const { user, location } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }));
    await expectPath(location, '/auth');
    expect(calls.find((call) => call.path === '/api/session/sign-out')?.body).toEqual({ scope: 'global' });
  });
});

describe('business dashboard', () => {
  it('warns about a missing notification email and categories, linking to Complete Profile', async () => {
    mockApi(signedInAs(makeMe('business_owner', { notificationEmail: null, serviceCategories: [] })));
    renderApp('/business-dashboard');
    expect(
      await screen.findByText("Without a notification email, you won't receive new service requests!"),
    ).toBeTruthy();
    expect(
      screen.getByText("Without service categories, you won't be matched to relevant requests!"),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete Profile' }).getAttribute('href')).toBe(
      '/business-registration',
    );
    expect(screen.getByText('Sam Plumbing')).toBeTruthy();
  });

  it('shows no warning for a complete profile', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    renderApp('/business-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' });
    expect(screen.queryByRole('link', { name: 'Complete Profile' })).toBeNull();
  });
});

describe('job history', () => {
  it('goes back to the dashboard for business owners and to settings otherwise', async () => {
    mockApi(signedInAs(makeMe('business_owner')));
    renderApp('/history');
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe(
      '/business-dashboard',
    );
  });

  it('goes back to settings for customers', async () => {
    mockApi(signedInAs(makeMe('user')));
    renderApp('/history');
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe('/settings');
  });
});

describe('session expiry', () => {
  it('sends the user to /auth and forgets their data when a call answers 401', async () => {
    let expired = false;
    const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sign in' } };
    mockApi({
      'GET /api/me': () => (expired ? unauthorized : { body: makeMe('user') }),
      'GET /api/badges': () => (expired ? unauthorized : { body: makeBadges({ unreadNotifications: 1 }) }),
      'GET /api/notifications': { body: { items: [], unreadCount: 0 } },
    });
    const { location, queryClient } = renderApp('/notifications');
    await screen.findByText('No notifications yet');
    expired = true;
    // The next badge poll finds the session gone.
    await queryClient.refetchQueries({ queryKey: ['badges'] });
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(queryClient.getQueryData(['me'])).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'list', 'all'])).toBeUndefined());
  });
});
