import { screen, waitFor, within } from '@testing-library/react';
import { TERMS_MESSAGES, type BusinessRequestDetail } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const REQUEST_ID = '11111111-1111-4111-8111-111111111111';
const URL_ = `/respond/${REQUEST_ID}`;
const API = `GET /api/business/requests/${REQUEST_ID}`;
const POST = `POST /api/business/requests/${REQUEST_ID}/responses`;

function makeView(overrides: Partial<BusinessRequestDetail> = {}): BusinessRequestDetail {
  return {
    id: REQUEST_ID,
    termsVersion: 'v-budget-250',
    title: 'Pool Maintenance request',
    serviceType: 'Home & Property Services',
    serviceSubtype: 'pool-maintenance',
    description: 'The pool pump is making a grinding noise.',
    areaLabel: 'Manly NSW',
    distanceKm: 3,
    locationAddress: null,
    preferredDate: '2099-05-04',
    preferredTime: '14:00:00',
    timeFlexibility: 'flexible',
    flexibleDates: true,
    budgetMin: '250.00',
    budgetMax: '250.00',
    budgetType: 'fixed',
    urgency: 'urgent',
    isUrgent: true,
    images: ['/uploads/aaaaaaaa.jpg'],
    status: 'open',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    myResponseId: null,
    myResponseStatus: null,
    ...overrides,
  };
}

function businessApi(
  view: Reply | (() => Reply | Promise<Reply>),
  post?: Reply | ((call: ApiCall) => Reply | Promise<Reply>),
) {
  return {
    'GET /api/me': { body: makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false } },
    [API]: view,
    ...(post ? { [POST]: post } : {}),
  };
}

/** Each quote sent: its price and the request version it names. */
const quotesSent = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.method === 'POST')
    .map((c) => [
      (c.body as { quotedPrice: number }).quotedPrice,
      (c.body as { requestVersion: string }).requestVersion,
    ]);

describe('respond page', () => {
  it('shows skeletons, then the read-only request without an exact address', async () => {
    const answer = deferred<Reply>();
    mockApi(businessApi(() => answer.promise));
    renderApp(URL_);
    expect(await screen.findByText('Loading the request')).toBeTruthy();
    answer.resolve({ body: makeView() });

    expect(await screen.findByRole('heading', { name: 'Pool Maintenance request' })).toBeTruthy();
    expect(screen.getByText('URGENT')).toBeTruthy();
    expect(screen.getByText('$250')).toBeTruthy();
    expect(screen.getByText('Flexible dates')).toBeTruthy();
    expect(screen.getByText('Manly NSW')).toBeTruthy();
    expect(screen.getByText('May 4, 2099')).toBeTruthy();
    expect(screen.getByText(/The pool pump/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 1 of 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Response' })).toBeTruthy();
    // Read-only until Custom Response is chosen.
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('labels normal and low urgency', async () => {
    mockApi(businessApi({ body: makeView({ urgency: 'low', isUrgent: false }) }));
    renderApp(URL_);
    expect(await screen.findByText('Low Priority')).toBeTruthy();
    expect(screen.queryByText('URGENT')).toBeNull();
  });

  it("says 'Request Not Found' when the server has no such request for this business", async () => {
    mockApi(businessApi({ status: 404, body: { error: 'not_found', message: 'Request not found.' } }));
    renderApp(URL_);
    expect(await screen.findByText('Request Not Found')).toBeTruthy();
    expect(screen.getByText("The service request you're looking for doesn't exist.")).toBeTruthy();
  });

  it('accepts as-is after a confirmation, with the spec defaults and the flag', async () => {
    const { calls } = mockApi(
      businessApi({ body: makeView() }, { status: 201, body: { id: 'resp1', status: 'pending' } }),
    );
    const { user, location } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Accept As-Is' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Accept As-Is' }));

    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(await screen.findByText('Response Submitted')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      message: "I accept your request for Pool Maintenance Request. Let's discuss the details!",
      quotedPrice: 250,
      priceType: 'fixed',
      isAcceptedAsIs: true,
      requestVersion: 'v-budget-250',
    });
  });

  it('when the customer changed the request, shows the new terms in the dialog and accepts those', async () => {
    // The customer lowers the budget between the business's reading and its confirmation.
    let lowered = false;
    const { calls } = mockApi(
      businessApi(
        () => ({
          body: lowered
            ? makeView({ budgetMin: '40.00', budgetMax: '40.00', termsVersion: 'v-budget-40' })
            : makeView(),
        }),
        (call: ApiCall) => {
          if ((call.body as { requestVersion: string }).requestVersion === 'v-budget-40')
            return { status: 201, body: { id: 'resp1', status: 'pending' } };
          lowered = true;
          return { status: 409, body: { error: 'terms_changed', message: TERMS_MESSAGES.requestChanged } };
        },
      ),
    );
    const { user, location } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Accept As-Is' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/You will quote \$250 \(fixed\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Accept As-Is' }));

    // Nothing sent out: the dialog stays, says why, and now quotes the new budget.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TERMS_MESSAGES.requestChanged);
    expect(await within(dialog).findByText(/You will quote \$40 \(fixed\)/)).toBeTruthy();
    expect(location().pathname).toBe(URL_);
    expect(screen.queryByText('Response Submitted')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Accept As-Is' }));
    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(quotesSent(calls)).toEqual([
      [250, 'v-budget-250'],
      [40, 'v-budget-40'],
    ]);
  });

  it('keeps the Accept As-Is terms it opened with until a live refresh changes the request, then flags it and agrees only on a fresh press', async () => {
    let lowered = false;
    const { calls } = mockApi(
      businessApi(
        () => ({
          body: lowered
            ? makeView({
                budgetMin: '40.00',
                budgetMax: '40.00',
                description: 'Only the pump filter now.',
                termsVersion: 'v-budget-40',
              })
            : makeView(),
        }),
        { status: 201, body: { id: 'resp1', status: 'pending' } },
      ),
    );
    const { user, location, queryClient } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Accept As-Is' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/You will quote \$250 \(fixed\)/)).toBeTruthy();

    // A live event refetches the business's queries while the dialog is open: the customer lowered
    // the budget. The dialog says so in place, shows the new request and quote beside the old one, and
    // sends nothing by itself.
    lowered = true;
    await queryClient.invalidateQueries({ queryKey: ['business'] });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TERMS_MESSAGES.requestChanged);
    expect(within(dialog).getByText(/You will quote \$40 \(fixed\) \(was \$250\)/)).toBeTruthy();
    const now = within(dialog).getByLabelText('The request now');
    expect(within(now).getByText('Only the pump filter now.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // The fresh press agrees to the request on screen.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Accept As-Is' }));
    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(quotesSent(calls)).toEqual([[40, 'v-budget-40']]);
  });

  it('flags a live change of the request under the custom response, and sends the version on screen', async () => {
    let changed = false;
    const { calls } = mockApi(
      businessApi(
        () => ({
          body: changed ? makeView({ preferredDate: '2099-06-01', termsVersion: 'v-june' }) : makeView(),
        }),
        { status: 201, body: { id: 'resp1', status: 'pending' } },
      ),
    );
    const { user, queryClient } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Custom Response' }));
    await user.type(screen.getByLabelText('Message'), 'I can replace the bearings on Friday.');
    changed = true;
    await queryClient.invalidateQueries({ queryKey: ['business'] });
    expect((await screen.findByRole('alert')).textContent).toBe(TERMS_MESSAGES.requestChanged);
    expect(screen.getByText('Jun 1, 2099')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'POST')!.body as { requestVersion: string }).requestVersion).toBe(
      'v-june',
    );
  });

  it('checks a custom response, then sends it once however often it is clicked', async () => {
    const answer = deferred<Reply>();
    const { calls } = mockApi(businessApi({ body: makeView() }, () => answer.promise));
    const { user, location } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Custom Response' }));

    const price = screen.getByLabelText('Quoted price ($)');
    expect(price.getAttribute('min')).toBe('1');
    expect(price.getAttribute('step')).toBe('0.01');
    expect((price as HTMLInputElement).value).toBe('250');
    await user.clear(price);
    await user.type(price, '0');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));
    expect(await screen.findByText('Message must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Price must be greater than 0')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(price);
    await user.type(price, '199.99');
    await user.selectOptions(screen.getByLabelText('Price type'), 'hourly');
    await user.type(screen.getByLabelText('Message'), ' — I can come on Thursday.');
    await user.type(screen.getByLabelText('Estimated duration (optional)'), '2 hours');
    const submit = screen.getByRole('button', { name: 'Submit Response' });
    await user.click(submit);
    await user.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    answer.resolve({ status: 201, body: { id: 'resp1', status: 'pending' } });

    await waitFor(() => expect(location().pathname).toBe('/business-dashboard'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      message: 'Too short — I can come on Thursday.',
      quotedPrice: 199.99,
      priceType: 'hourly',
      estimatedDuration: '2 hours',
      availabilityTime: null,
      images: [],
      isAcceptedAsIs: false,
      requestVersion: 'v-budget-250',
    });
  });

  it('goes back to read-only without sending', async () => {
    const { calls } = mockApi(businessApi({ body: makeView() }));
    const { user } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Custom Response' }));
    await user.click(screen.getByRole('button', { name: 'Back to Read-Only' }));
    expect(screen.getByRole('button', { name: 'Accept As-Is' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Already Responded' when the server refuses a second response", async () => {
    let responded = false;
    mockApi(
      businessApi(
        () => ({ body: makeView(responded ? { myResponseId: 'resp0', myResponseStatus: 'pending' } : {}) }),
        () => {
          responded = true;
          return {
            status: 409,
            body: { error: 'conflict', message: 'You have already responded to this request.' },
          };
        },
      ),
    );
    const { user, location } = renderApp(URL_);
    await user.click(await screen.findByRole('button', { name: 'Accept As-Is' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Accept As-Is' }),
    );
    expect(await screen.findAllByText('Already Responded')).not.toHaveLength(0);
    expect(screen.getAllByText('You have already responded to this request.').length).toBeGreaterThan(0);
    expect(location().pathname).toBe(URL_);
  });

  it('shows that the business has responded instead of the form', async () => {
    mockApi(businessApi({ body: makeView({ myResponseId: 'resp0', myResponseStatus: 'pending' }) }));
    renderApp(URL_);
    expect(await screen.findByText('Already Responded')).toBeTruthy();
    expect(screen.getByText('You have already responded to this request.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept As-Is' })).toBeNull();
    // Its pending offer is in Pending Opportunities (the customer's /responses is not the business's).
    expect(screen.getByRole('link', { name: 'View Your Response' }).getAttribute('href')).toBe(
      '/business-active',
    );
  });

  it('leads a declined response to the dashboard, whose Declined Requests lists it', async () => {
    mockApi(businessApi({ body: makeView({ myResponseId: 'resp0', myResponseStatus: 'rejected' }) }));
    renderApp(URL_);
    expect(await screen.findByText('Already Responded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Your Response' }).getAttribute('href')).toBe(
      '/business-dashboard',
    );
  });

  it('leads to the job once the customer accepted the response', async () => {
    mockApi(businessApi({ body: makeView({ myResponseId: 'resp0', myResponseStatus: 'accepted' }) }));
    renderApp(URL_);
    expect(await screen.findByText('Already Responded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Your Response' }).getAttribute('href')).toBe(
      '/business-confirmed?job=resp0',
    );
  });
});
