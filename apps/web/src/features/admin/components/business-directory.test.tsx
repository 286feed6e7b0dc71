import { ADMIN_DIRECTORY_MESSAGES, type AdminBusiness, type AdminBusinessPage } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { advance, advanceFakeTimers, settleUntil, typeAtOnce, useFakeClock } from '@/test/clock';
import { deferred, mockApi, type ApiCall } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { BusinessDirectory } from './business-directory';

const LIST = 'GET /api/admin/businesses?limit=25';

function makeBusiness(overrides: Partial<AdminBusiness> = {}): AdminBusiness {
  return {
    userId: 'b-1',
    businessName: 'Acme Plumbing',
    displayName: 'Alex Acme',
    accountEmail: 'alex@acme.example',
    phone: '0412 345 678',
    address: null,
    areaLabel: 'Manly',
    website: null,
    description: null,
    serviceCategories: ['Plumbing', 'Gas Fitting'],
    serviceAreaKm: 25,
    notificationEmail: 'jobs@acme.example',
    activeRequests: 3,
    createdAt: '2026-03-04T09:05:00.000Z',
    ...overrides,
  };
}

const page = (items: AdminBusiness[], nextCursor: string | null = null): AdminBusinessPage => ({
  items,
  nextCursor,
});

function renderDirectory() {
  const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <BusinessDirectory />
    </Providers>,
  );
  return { user };
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

describe('BusinessDirectory', () => {
  it('lists businesses with categories, active requests and an edit button; loads more', async () => {
    const { calls } = mockApi({
      [LIST]: {
        body: page(
          [
            makeBusiness(),
            makeBusiness({
              userId: 'b-2',
              businessName: null,
              displayName: 'Sam Solo',
              serviceCategories: [],
              activeRequests: 0,
              serviceAreaKm: null,
            }),
          ],
          'next1',
        ),
      },
      'GET /api/admin/businesses?cursor=next1&limit=25': {
        body: page([makeBusiness({ userId: 'b-3', businessName: 'Zeta Builders' })]),
      },
    });
    const { user } = renderDirectory();
    const list = await screen.findByRole('list', { name: 'Business directory' });
    const rows = within(list).getAllByTestId('directory-business');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Acme Plumbing')).toBeTruthy();
    expect(within(rows[0]!).getByText('Plumbing')).toBeTruthy();
    expect(within(rows[0]!).getByText('Gas Fitting')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('active-requests').textContent).toContain('3');
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Acme Plumbing' })).toBeTruthy();
    // Without a business name the contact name stands in.
    expect(within(rows[1]!).getByText('Sam Solo')).toBeTruthy();
    expect(within(rows[1]!).getByText('No categories')).toBeTruthy();
    expect(within(rows[1]!).getByText('No service area · Manly')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Zeta Builders')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/admin/businesses?limit=25',
      '/api/admin/businesses?cursor=next1&limit=25',
    ]);
  });

  it('searches through the server once typing pauses, with an empty state that clears the search', async () => {
    useFakeClock();
    const { calls } = mockApi({
      [LIST]: { body: page([makeBusiness()]) },
      'GET /api/admin/businesses?q=nobody&limit=25': { body: page([]) },
    });
    const { user } = renderDirectory();
    await screen.findByText('Acme Plumbing');
    // One burst on a faked clock: real pauses between keys could end the search's wait mid-word.
    await typeAtOnce(user, screen.getByRole('searchbox', { name: 'Search businesses' }), 'nobody');
    expect(await screen.findByText(ADMIN_DIRECTORY_MESSAGES.noMatches)).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('q=')).map((c) => c.path)).toEqual([
      '/api/admin/businesses?q=nobody&limit=25',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show all businesses' }));
    expect(await screen.findByText('Acme Plumbing')).toBeTruthy();
  });

  it('shows what was saved even when a search was still loading as the save finished', async () => {
    useFakeClock();
    // The search is sent while the save is on its way and answers after it, with what it read before.
    const stale = deferred<{ body: AdminBusinessPage }>();
    const saved = deferred<{ body: AdminBusiness }>();
    const { calls } = mockApi({
      [LIST]: { body: page([makeBusiness()]) },
      'GET /api/admin/businesses?q=Acme&limit=25': () =>
        calls.filter((c) => c.path.includes('q=Acme')).length === 1
          ? stale.promise
          : { body: page([makeBusiness({ serviceAreaKm: 30 })]) },
      'PUT /api/admin/businesses/b-1': () => saved.promise,
    });
    const { user } = renderDirectory();
    await screen.findByText('Acme Plumbing');
    // Typed, and straight on to Edit before the search's pause has passed.
    await user.type(screen.getByRole('searchbox', { name: 'Search businesses' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Edit Acme Plumbing' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Business Profile' }));
    await user.clear(d.getByLabelText('Service area (km)'));
    await user.type(d.getByLabelText('Service area (km)'), '30');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    await advance(1_000);
    await waitFor(() => expect(calls.filter((c) => c.path.includes('q=Acme'))).toHaveLength(1));
    saved.resolve({ body: makeBusiness({ serviceAreaKm: 30 }) });
    await settleUntil(() => expect(screen.queryByRole('dialog')).toBeNull());
    stale.resolve({ body: page([makeBusiness({ serviceAreaKm: 25 })]) });
    await settleUntil(() => expect(screen.getByText(/30 km/)).toBeTruthy());
    expect(screen.queryByText(/25 km/)).toBeNull();
  });

  it('shows a retry when the list fails to load', async () => {
    let fail = true;
    mockApi({
      [LIST]: () =>
        fail ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: page([makeBusiness()]) },
    });
    const { user } = renderDirectory();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_DIRECTORY_MESSAGES.directoryLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Plumbing')).toBeTruthy();
  });
});

describe('the business-profile edit dialog', () => {
  it('adds categories on Enter and with the plus button, ignores blanks, and saves a blank area as null', async () => {
    const saved = deferred<{ body: AdminBusiness }>();
    const { calls } = mockApi({
      [LIST]: { body: page([makeBusiness()]) },
      'PUT /api/admin/businesses/b-1': () => saved.promise,
    });
    const { user } = renderDirectory();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Plumbing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Business Profile' });
    const d = within(dialog);
    expect((d.getByLabelText('Business name') as HTMLInputElement).value).toBe('Acme Plumbing');
    expect((d.getByLabelText('Service area (km)') as HTMLInputElement).value).toBe('25');

    const categoryInput = d.getByLabelText('Service categories');
    const chips = () =>
      within(d.getByRole('list', { name: 'Categories added' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Enter adds (and does not submit); the plus button adds; blanks and repeats are ignored.
    await user.type(categoryInput, '  Hot Water  {Enter}');
    expect(chips()).toEqual(['Plumbing', 'Gas Fitting', 'Hot Water']);
    await user.type(categoryInput, 'Drains');
    await user.click(d.getByRole('button', { name: 'Add category' }));
    expect(chips()).toEqual(['Plumbing', 'Gas Fitting', 'Hot Water', 'Drains']);
    await user.type(categoryInput, '   {Enter}');
    await user.click(d.getByRole('button', { name: 'Add category' }));
    await user.type(categoryInput, 'plumbing{Enter}');
    expect(chips()).toEqual(['Plumbing', 'Gas Fitting', 'Hot Water', 'Drains']);
    await user.click(d.getByRole('button', { name: 'Remove Gas Fitting' }));
    expect(chips()).toEqual(['Plumbing', 'Hot Water', 'Drains']);
    expect(puts(calls)).toHaveLength(0);

    await user.clear(d.getByLabelText('Service area (km)'));
    await user.clear(d.getByLabelText('Phone'));
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(d.getByRole('button', { name: /Save/ }).hasAttribute('disabled')).toBe(true));
    expect(puts(calls)[0]!.body).toEqual({
      businessName: 'Acme Plumbing',
      displayName: 'Alex Acme',
      phone: null,
      address: null,
      website: null,
      description: null,
      serviceCategories: ['Plumbing', 'Hot Water', 'Drains'],
      serviceAreaKm: null,
      notificationEmail: 'jobs@acme.example',
    });
    saved.resolve({
      body: makeBusiness({ serviceAreaKm: null, serviceCategories: ['Plumbing', 'Hot Water', 'Drains'] }),
    });
    expect(await screen.findByText(ADMIN_DIRECTORY_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the service area is a whole number before sending, and Cancel closes without saving', async () => {
    const { calls } = mockApi({ [LIST]: { body: page([makeBusiness()]) } });
    const { user } = renderDirectory();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Plumbing' }));
    const d = within(await screen.findByRole('dialog'));
    const area = d.getByLabelText('Service area (km)');
    await user.clear(area);
    await user.type(area, '12.5');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(d.getByText(ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger)).toBeTruthy();
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toHaveLength(0);

    await user.click(d.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toHaveLength(0);
  });

  it("shows the server's field error and 'Failed to update business profile' when saving fails", async () => {
    mockApi({
      [LIST]: { body: page([makeBusiness()]) },
      'PUT /api/admin/businesses/b-1': {
        status: 400,
        body: {
          error: 'invalid',
          message: 'We could not find that address.',
          fields: { address: 'We could not find that address.' },
        },
      },
    });
    const { user } = renderDirectory();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Plumbing' }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Address'), 'Atlantis');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_DIRECTORY_MESSAGES.updateFailed)).toBeTruthy();
    expect(await d.findAllByText('We could not find that address.')).not.toHaveLength(0);
    expect(d.getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
