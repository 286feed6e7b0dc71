import {
  HIRE_AGAIN_MESSAGES,
  REVIEW_MESSAGES,
  type CreatedRequest,
  type MyRequestDetail,
  type PendingReview,
} from '@grip/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';

// The review gate's welcome is remembered for the tab's session.
beforeEach(() => sessionStorage.clear());

const created: CreatedRequest = {
  id: 'r1',
  title: 'Dog Walking request',
  status: 'open',
  matchedBusinesses: 3,
};

function detail(over: Partial<MyRequestDetail> = {}): MyRequestDetail {
  return {
    id: 'r1',
    title: 'Dog Walking request',
    serviceType: 'Pet Services',
    serviceSubtype: 'dog-walking',
    description: 'Two labradors need a long walk.',
    locationAddress: '12 Crown St, Surry Hills NSW 2010',
    areaLabel: 'Surry Hills NSW 2010',
    latitude: null,
    longitude: null,
    serviceAreaKm: 10,
    preferredDate: null,
    preferredTime: '14:00:00',
    timeFlexibility: 'within_2_hours',
    flexibleDates: false,
    budgetMin: '40.00',
    budgetMax: '40.00',
    budgetType: 'fixed',
    isUrgent: false,
    images: [],
    status: 'open',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    archivedAt: null,
    latestActivityAt: new Date().toISOString(),
    responseCount: 0,
    hasAcceptedResponse: false,
    acceptedCompletionStatus: null,
    responses: [],
    ...over,
  };
}

function api(extra: Record<string, unknown> = {}, coverage = 3) {
  return mockApi({
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/notifications': { body: { items: [], unreadCount: 0 } },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false, mapStyleUrl: null } },
    'GET /api/requests/last-location': { body: { address: null, latitude: null, longitude: null } },
    'GET /api/requests/coverage': (call: ApiCall) => {
      const params = new URL(call.path, 'http://x').searchParams;
      const radius = Number(params.get('radiusKm'));
      const hasLocation = params.has('latitude') && params.has('longitude');
      return {
        body: { count: coverage * (hasLocation && radius >= 25 ? 2 : 1), radiusKm: radius, hasLocation },
      };
    },
    'GET /api/geo/suggest': {
      body: [{ label: 'Surry Hills NSW', latitude: -33.8847, longitude: 151.2113, area: 'Surry Hills NSW' }],
    },
    'GET /api/geo/geocode': {
      status: 404,
      body: { error: 'not_found', message: 'We could not find that address.' },
    },
    'GET /api/bookings/upcoming': { body: [] },
    'GET /api/businesses/discover': { body: [] },
    'GET /api/requests/r1': { body: detail() },
    'GET /api/reviews/pending': { body: { items: [] } },
    ...extra,
  });
}

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(await screen.findByLabelText('Service type'), 'Pet Services');
  await user.selectOptions(screen.getByLabelText('Specific service (optional)'), 'dog-walking');
  await user.type(screen.getByLabelText('Describe what you need'), 'Two labradors need a long walk.');
  await user.type(screen.getByRole('combobox', { name: 'Location' }), '12 Crown St, Surry Hills NSW 2010');
  await user.type(screen.getByLabelText('Budget ($)'), '40');
}

describe('the request form', () => {
  it('shows the spec messages for each missing field and sends nothing', async () => {
    const { calls } = api();
    const { user } = renderApp('/?direct=true');
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Please select a service type')).toBeTruthy();
    expect(screen.getByText('Please provide a location')).toBeTruthy();
    expect(screen.getByText('Please provide at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a budget amount')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/requests')).toBe(false);
  });

  it('refuses a budget with cents and disables past dates', async () => {
    // Midday: the form's "today" cannot be another day than the one checked below.
    vi.setSystemTime(new Date(2026, 4, 6, 12, 0));
    api();
    const { user } = renderApp('/?direct=true');
    await user.type(await screen.findByLabelText('Budget ($)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Please enter a budget amount')).toBeTruthy();
    expect(screen.getByLabelText('Preferred date').getAttribute('min')).toBe('2026-05-06');
  });

  it('clears the specific service when the type changes and hides it for types without services', async () => {
    api();
    const { user } = renderApp('/?direct=true');
    await user.selectOptions(await screen.findByLabelText('Service type'), 'Pet Services');
    await user.selectOptions(screen.getByLabelText('Specific service (optional)'), 'pet-care');
    await user.selectOptions(screen.getByLabelText('Service type'), 'Experiences');
    expect((screen.getByLabelText('Specific service (optional)') as HTMLInputElement).value).toBe('');
    await user.selectOptions(screen.getByLabelText('Service type'), '');
    expect(screen.queryByLabelText('Specific service (optional)')).toBeNull();
  });

  it('submits the mapped payload once, then shows the real number of businesses told', async () => {
    const gate = deferred<{ status: number; body: CreatedRequest }>();
    const { calls } = api({ 'POST /api/requests': () => gate.promise });
    const { user } = renderApp('/?direct=true');
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Morning' }));
    await user.selectOptions(screen.getByLabelText('Service area'), '25');
    await user.click(screen.getByLabelText('This is urgent'));
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    await user.click(submit);
    await user.click(submit);
    gate.resolve({ status: 201, body: created });

    expect((await screen.findByTestId('notified-count')).textContent).toContain(
      'Your request “Dog Walking request” went to 3 businesses',
    );
    expect(await screen.findByText('Request Submitted')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      serviceType: 'Pet Services',
      serviceSubtype: 'dog-walking',
      description: 'Two labradors need a long walk.',
      location: '12 Crown St, Surry Hills NSW 2010',
      serviceAreaKm: 25,
      budget: 40,
      preferredTime: '10:00:00',
      isUrgent: true,
      images: [],
    });
  });

  it('says when no business matches', async () => {
    api({ 'POST /api/requests': { status: 201, body: { ...created, matchedBusinesses: 0 } } });
    const { user } = renderApp('/?direct=true');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('No Matching Businesses Found')).toBeTruthy();
  });

  it('shows the server’s reason when submission fails', async () => {
    api({
      'POST /api/requests': {
        status: 409,
        body: { error: 'conflict', message: 'You have pending reviews for completed services.' },
      },
    });
    const { user } = renderApp('/?direct=true');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(screen.getByText('You have pending reviews for completed services.')).toBeTruthy();
  });

  it('changes the coverage banner with the radius', async () => {
    api({}, 3);
    const { user } = renderApp('/?direct=true');
    await user.selectOptions(await screen.findByLabelText('Service type'), 'Pet Services');
    // No place yet: the count is not limited by distance, and the banner claims no radius.
    await waitFor(() =>
      expect(screen.getByTestId('coverage-banner').textContent).toContain(
        '3 businesses offering this service',
      ),
    );
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Surry');
    await user.click(await screen.findByRole('option', { name: /Surry Hills NSW/ }));
    await waitFor(() =>
      expect(screen.getByTestId('coverage-banner').textContent).toContain('3 businesses within 5 km'),
    );
    await user.selectOptions(screen.getByLabelText('Service area'), '25');
    await waitFor(() =>
      expect(screen.getByTestId('coverage-banner').getAttribute('data-level')).toBe('success'),
    );
    expect(screen.getByTestId('coverage-banner').textContent).toContain('6+ businesses within 25 km');
  });

  it('warns at zero and says so when the check fails', async () => {
    api({}, 0);
    const first = renderApp('/?direct=true');
    await first.user.selectOptions(await screen.findByLabelText('Service type'), 'Pet Services');
    await waitFor(() =>
      expect(screen.getByTestId('coverage-banner').getAttribute('data-level')).toBe('warning'),
    );
    first.unmount();
    api({ 'GET /api/requests/coverage': { status: 500, body: { error: 'internal', message: 'x' } } });
    const second = renderApp('/?direct=true');
    await second.user.selectOptions(await screen.findByLabelText('Service type'), 'Pet Services');
    expect(
      await screen.findByText('Unable to check business coverage. Your request will still be submitted.'),
    ).toBeTruthy();
  });

  it('preselects the service from service=', async () => {
    api();
    renderApp('/?service=pet%20care');
    expect(((await screen.findByLabelText('Service type')) as HTMLInputElement).value).toBe('Pet Services');
    expect((screen.getByLabelText('Specific service (optional)') as HTMLInputElement).value).toBe('pet-care');
  });

  it('hires again: prefills the service, says who is asked first, sends the past job and reports the outcome', async () => {
    const job = '7c1d3a52-9d1e-4a57-8f3a-2b6c1e0d9a11';
    const { calls } = api({
      'POST /api/requests': {
        status: 201,
        body: { ...created, hireAgain: { businessName: 'Glebe Walkers', notified: true } },
      },
    });
    const { user } = renderApp(`/?service=dog-walking&hireAgain=${job}`);
    expect(((await screen.findByLabelText('Service type')) as HTMLInputElement).value).toBe('Pet Services');
    expect((screen.getByLabelText('Specific service (optional)') as HTMLInputElement).value).toBe(
      'dog-walking',
    );
    expect(screen.getByRole('note').textContent).toContain('told about this request first');
    await user.type(screen.getByLabelText('Describe what you need'), 'Same walk as last month, please.');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), '12 Crown St, Surry Hills NSW 2010');
    await user.type(screen.getByLabelText('Budget ($)'), '40');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect((await screen.findByTestId('hire-again-outcome')).textContent).toBe(
      HIRE_AGAIN_MESSAGES.notified('Glebe Walkers'),
    );
    const [post] = calls.filter((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post!.body).toMatchObject({ serviceSubtype: 'dog-walking', hireAgainResponseId: job });
  });

  it('sends no past job with a plain new request', async () => {
    const { calls } = api({ 'POST /api/requests': { status: 201, body: created } });
    const { user } = renderApp('/?direct=true&hireAgain=7c1d3a52-9d1e-4a57-8f3a-2b6c1e0d9a11');
    await fillValidForm(user);
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByTestId('notified-count');
    const [post] = calls.filter((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post!.body).not.toHaveProperty('hireAgainResponseId');
    expect(screen.queryByTestId('hire-again-outcome')).toBeNull();
  });
});

describe('edit mode', () => {
  it('loads the owner’s request, saves it in place and returns to My Requests', async () => {
    const { calls } = api({
      'PATCH /api/requests/r1': { body: detail() },
      'GET /api/requests': { body: { items: [], nextCursor: null } },
    });
    const { user, location } = renderApp('/?edit=r1');
    const description = await screen.findByLabelText('Describe what you need');
    expect((description as HTMLInputElement).value).toBe('Two labradors need a long walk.');
    expect((screen.getByRole('radio', { name: 'Afternoon' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(description);
    await user.type(description, 'Three labradors now, on weekdays.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Request Updated')).toBeTruthy();
    await waitFor(() => expect(location().pathname).toBe('/requests'));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      description: 'Three labradors now, on weekdays.',
      preferredTime: '14:00:00',
      budget: 40,
    });
  });

  it('sends anyone else back to My Requests with the spec message', async () => {
    api({
      'GET /api/requests/r1': { status: 404, body: { error: 'not_found', message: 'Request not found.' } },
      'GET /api/requests': { body: { items: [], nextCursor: null } },
    });
    const { location } = renderApp('/?edit=r1');
    expect(await screen.findByText('Failed to load request for editing.')).toBeTruthy();
    await waitFor(() => expect(location().pathname).toBe('/requests'));
  });
});

describe('home modes', () => {
  it('goes back from form to categories to chat, and a category opens the form with it', async () => {
    api({ 'GET /api/service-categories': { body: [] } });
    const { user } = renderApp('/?direct=true');
    await screen.findByRole('button', { name: 'Submit Request' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const grid = await screen.findByRole('list', { name: 'Service categories' });
    await user.click(within(grid).getByRole('button', { name: /Pet Services/ }));
    expect(((await screen.findByLabelText('Service type')) as HTMLInputElement).value).toBe('Pet Services');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('list', { name: 'Service categories' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'I know what I need - Request Now' })).toBeTruthy();
  });

  it('shows administrators the business search instead of the assistant, and no Book Now', async () => {
    const { calls } = api({ 'GET /api/me': { body: makeMe('administrator') } });
    renderApp('/home');
    expect(await screen.findByRole('search', { name: 'Business search' })).toBeTruthy();
    expect(screen.getByLabelText('Search businesses')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I know what I need - Request Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Book Now/ })).toBeNull();
    // The directory cards carry Book Now buttons, so administrators do not get them.
    expect(calls.some((c) => c.path.startsWith('/api/businesses/discover'))).toBe(false);
  });

  it('shows real upcoming bookings and directory businesses', async () => {
    // Midday on 6 May: the booking on the 9th is "In 3 days" for the whole test.
    vi.setSystemTime(new Date(2026, 4, 6, 12, 0));
    api({
      'GET /api/bookings/upcoming': {
        body: [
          {
            responseId: 'b1',
            requestId: 'r9',
            title: 'Plumbing request',
            serviceType: 'Plumbing',
            businessName: 'Pipe Pros',
            date: '2026-05-09',
            time: null,
            locationAddress: null,
          },
        ],
      },
      'GET /api/businesses/discover': {
        body: [
          {
            userId: 'b1',
            businessName: 'Paws About Town',
            avatarUrl: null,
            serviceCategories: ['Pet Care'],
            areaLabel: 'Newtown NSW 2042',
            distanceKm: 2.4,
            ratingAverage: 4.5,
            reviewCount: 2,
            lateCancellations: 0,
          },
        ],
      },
    });
    renderApp('/home');
    const booking = await screen.findByRole('link', { name: /Plumbing request/ });
    expect(booking.getAttribute('href')).toBe('/confirmed?responseId=b1');
    expect(booking.textContent).toContain('In 3 days');
    const book = await screen.findByRole('link', { name: 'Book Now with Paws About Town' });
    expect(book.getAttribute('href')).toBe('/?service=pet%20care');
    expect(screen.getByText('4.5 (2 reviews)')).toBeTruthy();
  });
});

function pendingJob(n: number): PendingReview {
  return {
    responseId: `resp-${n}`,
    requestId: `req-${n}`,
    requestTitle: `Job number ${n}`,
    businessUserId: `b${n}`,
    businessName: `Business ${n}`,
    quotedPrice: '80.00',
    priceType: 'fixed',
    completionDate: new Date(2025, 0, n).toISOString(),
  };
}

/** A pending list that shrinks as reviews are posted, like the server's. */
function gatedApi(count: number, extra: Record<string, unknown> = {}) {
  const reviewed = new Set<string>();
  const jobs = Array.from({ length: count }, (_, i) => pendingJob(i + 1));
  return api({
    'GET /api/reviews/pending': () => ({ body: { items: jobs.filter((j) => !reviewed.has(j.responseId)) } }),
    'POST /api/reviews': (call: ApiCall) => {
      const body = call.body as { responseId: string; rating: number };
      reviewed.add(body.responseId);
      return { status: 201, body: { id: `rv-${body.responseId}`, rating: body.rating, reviewText: null } };
    },
    'GET /api/requests': { body: { items: [], nextCursor: null } },
    ...extra,
  });
}

const reviewDialog = () => screen.getByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle });

describe('the review gate', () => {
  it('shows the banner and the welcome, and hides every way to a new request', async () => {
    gatedApi(1);
    renderApp('/home');
    const welcome = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.gateWelcomeTitle });
    expect(welcome.textContent).toContain(REVIEW_MESSAGES.gateWelcome);
    expect(within(welcome).getByRole('button', { name: 'Start Reviews' })).toBeTruthy();
    const banner = screen.getByText(REVIEW_MESSAGES.gateBanner).closest('[role="status"]');
    expect(banner).toBeTruthy();
    expect(
      within(banner as HTMLElement).getByRole('button', { name: 'Review now', hidden: true }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'I know what I need - Request Now', hidden: true }),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book Now', hidden: true })).toBeNull();
    expect(screen.queryByRole('log', { name: 'Conversation with the assistant', hidden: true })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Discover Local Businesses', hidden: true })).toBeNull();
  });

  it('does not open the form from a link while gated', async () => {
    gatedApi(1);
    renderApp('/?direct=true');
    await screen.findByRole('dialog', { name: REVIEW_MESSAGES.gateWelcomeTitle });
    expect(screen.queryByRole('button', { name: 'Submit Request', hidden: true })).toBeNull();
  });

  it('is not there without pending reviews, nor for administrators', async () => {
    api();
    const first = renderApp('/home');
    expect(await screen.findByRole('button', { name: 'I know what I need - Request Now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Now' })).toBeTruthy();
    expect(screen.queryByText(REVIEW_MESSAGES.gateBanner)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    const { calls } = gatedApi(1, { 'GET /api/me': { body: makeMe('administrator') } });
    renderApp('/home');
    expect(await screen.findByText('Business search')).toBeTruthy();
    expect(screen.queryByText(REVIEW_MESSAGES.gateBanner)).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/reviews'))).toBe(false);
  });

  it('draws neither the assistant nor the gate until the pending list answers (no layout shift)', async () => {
    for (const count of [0, 1]) {
      const answer = deferred<{ body: { items: PendingReview[] } }>();
      gatedApi(count, { 'GET /api/reviews/pending': () => answer.promise });
      const view = renderApp('/home');
      expect(await screen.findByText('Loading your home')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Hi Sam, what do you need done?' })).toBeTruthy();
      expect(screen.queryByRole('log', { name: 'Conversation with the assistant' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Upcoming Bookings' })).toBeNull();
      expect(screen.queryByText(REVIEW_MESSAGES.gateBanner)).toBeNull();

      answer.resolve({ body: { items: Array.from({ length: count }, (_, i) => pendingJob(i + 1)) } });
      if (count === 0) {
        expect(await screen.findByRole('log', { name: 'Conversation with the assistant' })).toBeTruthy();
        expect(screen.getByRole('heading', { name: 'Upcoming Bookings' })).toBeTruthy();
      } else {
        expect(await screen.findByText(REVIEW_MESSAGES.gateBanner)).toBeTruthy();
        expect(
          screen.queryByRole('log', { name: 'Conversation with the assistant', hidden: true }),
        ).toBeNull();
      }
      expect(screen.queryByText('Loading your home')).toBeNull();
      view.unmount();
    }
  });

  it('renders the home as usual when the pending list cannot be loaded', async () => {
    api({ 'GET /api/reviews/pending': { status: 500, body: { error: 'internal', message: 'x' } } });
    renderApp('/home');
    expect(await screen.findByRole('button', { name: 'I know what I need - Request Now' })).toBeTruthy();
    expect(screen.queryByText(REVIEW_MESSAGES.gateBanner)).toBeNull();
  });

  it('walks the reviews one by one and clears the gate after the last', async () => {
    const { calls } = gatedApi(2);
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Start Reviews' }));

    expect(within(reviewDialog()).getByText('Review 1 of 2')).toBeTruthy();
    expect(reviewDialog().textContent).toContain('Business 1');
    expect(reviewDialog().textContent).toContain('Job number 1');
    const next = within(reviewDialog()).getByRole('button', { name: 'Next Review' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(within(reviewDialog()).getByRole('radio', { name: '5 stars' }));
    await user.click(next);

    expect(await within(reviewDialog()).findByText('Review 2 of 2')).toBeTruthy();
    expect(reviewDialog().textContent).toContain('Business 2');
    // The new job starts with no stars.
    const finish = within(reviewDialog()).getByRole('button', {
      name: 'Finish Reviews',
    }) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    await user.click(within(reviewDialog()).getByRole('radio', { name: '3 stars' }));
    await user.type(within(reviewDialog()).getByLabelText('Your review (optional)'), ' Tidy work ');
    await user.click(finish);

    expect(await screen.findByRole('button', { name: 'I know what I need - Request Now' })).toBeTruthy();
    expect(screen.queryByText(REVIEW_MESSAGES.gateBanner)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { responseId: 'resp-1', rating: 5, reviewText: null },
      { responseId: 'resp-2', rating: 3, reviewText: 'Tidy work' },
    ]);
  });

  it('keeps the gate after Later, resumes from the banner, and welcomes only once per visit', async () => {
    gatedApi(2);
    const first = renderApp('/home');
    await first.user.click(await screen.findByRole('button', { name: 'Start Reviews' }));
    expect(within(reviewDialog()).getByText('Review 1 of 2')).toBeTruthy();
    // Esc and a click outside do nothing in the gate; Later closes the dialog but not the gate.
    await first.user.keyboard('{Escape}');
    expect(reviewDialog()).toBeTruthy();
    await first.user.click(within(reviewDialog()).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(REVIEW_MESSAGES.gateBanner)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I know what I need - Request Now' })).toBeNull();

    await first.user.click(screen.getByRole('button', { name: 'Review now' }));
    expect(within(reviewDialog()).getByText('Review 1 of 2')).toBeTruthy();
    first.unmount();

    // Back on the home in the same visit: the banner, but no second welcome.
    renderApp('/home');
    expect(await screen.findByText(REVIEW_MESSAGES.gateBanner)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
