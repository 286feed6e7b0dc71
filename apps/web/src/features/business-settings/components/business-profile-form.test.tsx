import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeUploads, makeFile, uploadedImage } from '@/features/uploads/testing/fake-upload-server';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { makeBusinessProfile } from '@/features/business/test-fixtures';

const registered = makeBusinessProfile({
  role: 'business_owner',
  businessName: 'Sam Plumbing',
  address: 'Newtown NSW',
  notificationEmail: 'sam@example.com',
  useAccountEmail: true,
  phone: '0412 345 678',
  serviceCategories: ['Plumbing'],
});

/** A signed-in customer; the registration answer (default: success) decides whether they become a business. */
function customerApi(registration: () => Reply | Promise<Reply> = () => ({ body: registered })) {
  let role: 'user' | 'business_owner' = 'user';
  return mockApi({
    'GET /api/me': () => ({ body: makeMe(role) }),
    'GET /api/badges': { body: makeBadges() },
    'GET /api/business-profile': { body: makeBusinessProfile() },
    'POST /api/business-registration': async () => {
      const reply = await registration();
      if ((reply.status ?? 200) === 200) role = 'business_owner';
      return reply;
    },
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(textbox('Business name'), 'Sam Plumbing');
  await user.type(textbox('Phone'), '0412 345 678');
  await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Newtown NSW');
  await user.click(screen.getByRole('button', { name: /^Home & Property Services/ }));
  await user.click(
    within(screen.getByRole('group', { name: 'Home & Property Services' })).getByRole('checkbox', {
      name: 'Plumbing',
    }),
  );
}

beforeEach(() => {
  installFakeUploads();
});

// Whole-app renders with typing take a few seconds on a shared CI machine.
describe('Business Registration', () => {
  it('shows the required-field messages and the spec toasts', async () => {
    const { calls } = customerApi();
    const { user } = renderApp('/business-registration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Registration' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Register Business' });
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    // The contact person is prefilled from the account; clear it to see its message.
    expect(textbox('Contact person').value).toBe('Sam Carter');
    await user.clear(textbox('Contact person'));
    // The account email is used by default; unticked, a notification email is required.
    await user.click(screen.getByRole('checkbox', { name: /Use my account email/ }));

    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    expect(await screen.findByText('Please enter your business name')).toBeTruthy();
    expect(screen.getByText('Please enter a contact person')).toBeTruthy();
    expect(screen.getByText('Please enter your business address')).toBeTruthy();
    expect(screen.getByText('Please enter a phone number')).toBeTruthy();
    expect(screen.getAllByText('Please select at least one service category.').length).toBeGreaterThan(0);
    // Under the field, and in the toast.
    expect(screen.getAllByText('Please provide an email address for notifications.').length).toBeGreaterThan(
      0,
    );
    expect(await screen.findByText('Service Categories Required')).toBeTruthy();
    // Both named checks are told, not only the first.
    expect(await screen.findByText('Notification Email Required')).toBeTruthy();
    expect(textbox('Business name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/business-registration')).toBe(false);
  });

  it('registers with the account email and chosen categories, then opens the dashboard', async () => {
    const pending = deferred<Reply>();
    const { calls } = customerApi(() => pending.promise);
    const { user, location } = renderApp('/business-registration');
    await screen.findByRole('heading', { level: 1, name: 'Business Registration' });
    await screen.findByRole('button', { name: 'Register Business' });

    const useAccount = screen.getByRole('checkbox', { name: 'Use my account email (sam@example.com)' });
    expect((useAccount as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Notification email' })).toBeNull();

    await fillRequired(user);
    const categoryToggle = screen.getByRole('button', { name: /^Home & Property Services/ });
    expect(categoryToggle.getAttribute('aria-expanded')).toBe('true');
    expect(categoryToggle.textContent).toContain('(1 selected)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service radius' }), '10');
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Default start screen' }), 'requests');

    const submit = screen.getByRole('button', { name: 'Register Business' });
    await user.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    // A second press while sending is ignored.
    fireEvent.submit(submit.closest('form')!);
    await act(async () => {
      pending.resolve({ body: registered });
      await pending.promise;
    });

    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/business-registration');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      businessName: 'Sam Plumbing',
      contactPerson: 'Sam Carter',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '0412 345 678',
      serviceCategories: ['Plumbing'],
      serviceAreaKm: 10,
      notificationPreferences: ['email', 'sms'],
      defaultStartScreen: 'requests',
      avatarUrl: null,
    });
    // The session was re-read, so the app now knows the account is a business.
    expect(calls.filter((c) => c.path === '/api/me?optional=true').length).toBeGreaterThan(1);
  });

  it('shows the server’s field errors and the failure toast', async () => {
    customerApi(() => ({
      status: 400,
      body: {
        error: 'invalid',
        message: 'We could not find that address.',
        fields: { address: 'We could not find that address.' },
      },
    }));
    const { user, location } = renderApp('/business-registration');
    await screen.findByRole('heading', { level: 1, name: 'Business Registration' });
    await screen.findByRole('button', { name: 'Register Business' });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getAllByText('We could not find that address.').length).toBeGreaterThan(0);
    expect(location().pathname).toBe('/business-registration');
  });

  it('checks the avatar’s type and size before uploading, then uploads an image', async () => {
    const server = installFakeUploads();
    customerApi();
    renderApp('/business-registration');
    await screen.findByRole('heading', { level: 1, name: 'Business Registration' });
    await screen.findByRole('button', { name: 'Register Business' });
    const input = screen.getByLabelText('Avatar image') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [makeFile('notes.txt', 'text/plain')] } });
    expect((await screen.findAllByText('Please select an image file.')).length).toBeGreaterThan(0);
    fireEvent.change(input, { target: { files: [makeFile('big.png', 'image/png', 2 * 1024 * 1024 + 1)] } });
    expect((await screen.findAllByText('Please select an image smaller than 2MB.')).length).toBeGreaterThan(
      0,
    );
    expect(server.requests).toHaveLength(0);

    fireEvent.change(input, { target: { files: [makeFile('me.png', 'image/png')] } });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.last().url).toBe('/api/uploads?purpose=avatar');
    const body = uploadedImage();
    act(() => server.last().respond(201, body));
    const avatar = await screen.findByRole('img', { name: 'Your avatar' });
    expect(avatar.getAttribute('src')).toBe(body.url);
    expect(await screen.findByText('Avatar uploaded')).toBeTruthy();
  });
});

describe('Business Settings', () => {
  it('shows a service outside the catalogue so it can be removed', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe('business_owner') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/business-profile': {
        body: { ...registered, serviceCategories: ['Plumbing', 'Solar Panels'] },
      },
      'PUT /api/business-profile': ({ body }) => ({ body: { ...registered, ...(body as object) } }),
    });
    const { user } = renderApp('/business-settings');
    const others = await screen.findByRole('group', { name: 'Other services' });
    await user.click(within(others).getByRole('checkbox', { name: 'Solar Panels' }));
    expect(screen.queryByRole('group', { name: 'Other services' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ serviceCategories: ['Plumbing'] });
  });

  it('saves a new avatar at once, and a removal, before saying so', async () => {
    const server = installFakeUploads();
    const saved = deferred<Reply>();
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe('business_owner') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/business-profile': { body: registered },
      'PUT /api/business-profile/avatar': ({ body }) =>
        (body as { avatarUrl: string | null }).avatarUrl === null ? { status: 500, body: {} } : saved.promise,
    });
    renderApp('/business-settings');
    await screen.findByRole('button', { name: 'Save Changes' });
    fireEvent.change(screen.getByLabelText('Avatar image'), {
      target: { files: [makeFile('me.png', 'image/png')] },
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    const image = uploadedImage();
    act(() => server.last().respond(201, image));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/business-profile/avatar')?.body).toEqual({
        avatarUrl: image.url,
      }),
    );
    // Uploaded but not yet saved: no claim yet.
    expect(screen.queryByText('Avatar uploaded')).toBeNull();
    saved.resolve({ body: { avatarUrl: image.url } });
    expect(await screen.findByText('Avatar uploaded')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Your avatar' })).getAttribute('src')).toBe(image.url);

    // A removal the server refuses keeps the avatar and says so.
    fireEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your avatar' })).toBeTruthy();
    expect(screen.queryByText('Avatar removed')).toBeNull();
  });

  it('shows the real rating, the saved values and saves changes', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe('business_owner') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/business-profile': { body: { ...registered, rating: { average: 4.3, count: 3 } } },
      'PUT /api/business-profile': ({ body }) => ({ body: { ...registered, ...(body as object) } }),
    });
    const { user } = renderApp('/business-settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Settings' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Save Changes' });
    const rating = screen.getByRole('region', { name: 'Your rating' });
    expect(rating.textContent).toContain('4.3');
    expect(rating.textContent).toContain('from 3 reviews');
    expect(textbox('Business name').value).toBe('Sam Plumbing');
    expect(screen.getByText(/does not ask for or store bank details/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /BSB|Facebook/i })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /Use my account email/ }));
    await user.type(textbox('Notification email'), 'jobs@samplumbing.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings Updated!')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      useAccountEmail: false,
      notificationEmail: 'jobs@samplumbing.example',
    });
  });

  it('says when there are no reviews yet', async () => {
    mockApi({
      'GET /api/me': { body: makeMe('business_owner') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/business-profile': { body: registered },
    });
    renderApp('/business-settings');
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });
});
