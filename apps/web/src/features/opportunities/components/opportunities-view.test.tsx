import { screen, waitFor, within } from '@testing-library/react';
import {
  TERMS_MESSAGES,
  type BusinessRequestView,
  type Opportunity,
  type OpportunityList,
} from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function makeRequest(overrides: Partial<BusinessRequestView> = {}): BusinessRequestView {
  return {
    id: 'r1',
    title: 'Fix a leaking tap',
    serviceType: 'Plumbing',
    serviceSubtype: null,
    description: 'The kitchen tap drips all night.',
    areaLabel: 'Surry Hills NSW',
    distanceKm: 4,
    locationAddress: null,
    preferredDate: '2026-04-02',
    preferredTime: null,
    timeFlexibility: null,
    flexibleDates: false,
    budgetMin: '150',
    budgetMax: '250',
    budgetType: 'range',
    urgency: 'normal',
    isUrgent: false,
    images: ['/uploads/tap.jpg'],
    status: 'open',
    createdAt: hoursAgo(3),
    updatedAt: hoursAgo(3),
    myResponseId: 'o1',
    myResponseStatus: 'pending',
    ...overrides,
  };
}

function makeOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 'o1',
    status: 'pending',
    completionStatus: 'pending',
    message: 'I can fix it tomorrow morning.',
    quotedPrice: '180.00',
    priceType: 'fixed',
    availabilityDate: '2099-01-15',
    availabilityTime: null,
    estimatedDuration: null,
    proofImages: [],
    isAcceptedAsIs: false,
    createdAt: hoursAgo(3),
    updatedAt: hoursAgo(3),
    request: makeRequest(),
    messageCount: 0,
    lastMessageAt: null,
    latestActivityAt: hoursAgo(3),
    group: 'active',
    expiredBadge: null,
    hasPendingCounterOffer: false,
    canAccept: false,
    canDecline: true,
    canEditOffer: true,
    requestVersion: 'rv-1',
    requestChangedSinceQuote: false,
    canKeepQuote: false,
    messages: [],
    ...overrides,
  };
}

const URL = '/api/business/opportunities';

/** A counter offer of the customer's, proposing `price` (what Accept Request takes). */
function counterOffer(id: string, price: number): Opportunity['messages'][number] {
  return {
    id,
    senderId: 'c1',
    fromBusiness: false,
    message: `Could you do $${price}?`,
    messageType: 'counter_offer',
    attachments: [],
    offerTerms: {
      quotedPrice: `${price}.00`,
      preferredDate: null,
      preferredTime: null,
      timeFlexibility: null,
    },
    createdAt: hoursAgo(1),
  };
}

function businessApi(
  list: OpportunityList | (() => Reply),
  extra: Record<string, Reply | ((call: ApiCall) => Reply)> = {},
) {
  return {
    'GET /api/me': { body: makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    [`GET ${URL}`]: typeof list === 'function' ? list : { body: list },
    ...extra,
  };
}

/**
 * The list with one accepted-able counter offer (m9, $140) or, once the customer replaced it, a newer
 * one (m11, $60) after it in a thread of `replacedCount` messages.
 */
const counterOfferList = (replaced: boolean, replacedCount: number) => ({
  body: {
    items: [
      makeOpportunity({
        canAccept: true,
        messageCount: replaced ? replacedCount : 1,
        messages: replaced ? [counterOffer('m9', 140), counterOffer('m11', 60)] : [counterOffer('m9', 140)],
      }),
    ],
    truncated: false,
  },
});

describe('Pending Opportunities', () => {
  it('shows the empty state when nothing is in play', async () => {
    mockApi(businessApi({ items: [], truncated: false }));
    renderApp('/business-active');
    expect(await screen.findByText('No pending opportunities')).toBeTruthy();
    expect(screen.getByText('Your responses with ongoing conversations and accepted jobs')).toBeTruthy();
  });

  it('groups cards by latest activity, with badges in the expired group', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity(),
          makeOpportunity({
            id: 'o2',
            group: 'expiring',
            request: makeRequest({ id: 'r2', title: 'Paint the fence' }),
          }),
          makeOpportunity({
            id: 'o3',
            group: 'expired',
            expiredBadge: 'No Response',
            messageCount: 2,
            request: makeRequest({ id: 'r3', title: 'Clean the gutters' }),
          }),
        ],
        truncated: false,
      }),
    );
    const { user } = renderApp('/business-active');
    const active = await screen.findByRole('list', { name: 'Pending Opportunities' });
    expect(within(active).getByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    expect(within(active).getByText('$180')).toBeTruthy();
    const expiring = screen.getByRole('list', { name: 'Expiring Soon' });
    expect(within(expiring).getByText('Paint the fence')).toBeTruthy();
    // Expired starts closed.
    expect(screen.queryByText('Clean the gutters')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Expired Requests/ }));
    const expired = screen.getByRole('list', { name: 'Expired Requests' });
    expect(within(expired).getByText('No Response')).toBeTruthy();
    expect(within(expired).getByText('2 messages')).toBeTruthy();
  });

  it('disables the actions with a note while the counter offer awaits the customer', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            hasPendingCounterOffer: true,
            canAccept: false,
            canDecline: false,
            canEditOffer: false,
          }),
        ],
        truncated: false,
      }),
    );
    renderApp('/business-active');
    // Visible words, not only a tooltip, and the buttons point at them.
    const note = await screen.findByText('Waiting for the customer to answer your counter offer.');
    for (const name of [/Accept Request/, /Decline/, /Edit Offer/]) {
      const button = screen.getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('title')).toBeNull();
      expect(button.getAttribute('aria-describedby')).toBe(note.closest('p')?.id);
    }
  });

  it('says what Accept Request does when there is no customer counter offer to accept', async () => {
    mockApi(businessApi({ items: [makeOpportunity()], truncated: false }));
    renderApp('/business-active');
    const note = await screen.findByText(
      'Accept Request agrees to a counter offer from the customer. It becomes available when they send one.',
    );
    const accept = screen.getByRole('button', { name: /Accept Request/ });
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(accept.getAttribute('aria-describedby')).toBe(note.closest('p')?.id);
    expect(screen.getByRole('button', { name: /Decline/ }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /Edit Offer/ }).hasAttribute('disabled')).toBe(false);
  });

  it('says why nothing can be done when the request is no longer open', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            canDecline: false,
            canEditOffer: false,
            request: makeRequest({ status: 'cancelled' }),
          }),
        ],
        truncated: false,
      }),
    );
    renderApp('/business-active');
    expect(await screen.findByText('This request is no longer open for responses.')).toBeTruthy();
    for (const name of [/Accept Request/, /Decline/, /Edit Offer/]) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
  });

  it('gives an accepted job a Message link and a link to the job, and says why offers are locked', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            status: 'accepted',
            canDecline: false,
            canEditOffer: false,
            request: makeRequest({ status: 'assigned', myResponseStatus: 'accepted' }),
          }),
          makeOpportunity({ id: 'o2', request: makeRequest({ id: 'r2', title: 'Paint the fence' }) }),
        ],
        truncated: false,
      }),
    );
    renderApp('/business-active');
    const message = await screen.findByRole('link', { name: 'Message the customer about Fix a leaking tap' });
    expect(message.getAttribute('href')).toBe('/conversation/o1');
    expect(message.textContent).toContain('Message');
    const job = screen.getByRole('link', { name: 'View Job: Fix a leaking tap' });
    expect(job.getAttribute('href')).toBe('/business-confirmed?job=o1');
    expect(screen.getByText('The customer accepted this offer. It is now a confirmed job.')).toBeTruthy();
    // A pending offer has no conversation or job yet.
    expect(screen.queryByRole('link', { name: /Paint the fence/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Message the customer/ })).toHaveLength(1);
  });

  it('opens the accepted job’s conversation from the card', async () => {
    mockApi(
      businessApi(
        {
          items: [
            makeOpportunity({
              status: 'accepted',
              canDecline: false,
              canEditOffer: false,
              request: makeRequest({ status: 'assigned', myResponseStatus: 'accepted' }),
            }),
          ],
          truncated: false,
        },
        { 'GET /api/conversations/o1': { status: 404, body: { error: 'not_found', message: 'Not found.' } } },
      ),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('link', { name: /Message the customer/ }));
    expect(await screen.findByText('Conversation Not Found')).toBeTruthy();
  });

  it('sends a counter offer from Edit Offer, checking the fields first', async () => {
    const { calls } = mockApi(
      businessApi(
        { items: [makeOpportunity()], truncated: false },
        { 'POST /api/business/opportunities/o1/counter-offer': { body: { id: 'o1', status: 'pending' } } },
      ),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: /Edit Offer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    const price = within(dialog).getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '0');
    await user.type(within(dialog).getByLabelText('Message'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(within(dialog).getByText('Price must be greater than 0')).toBeTruthy();
    expect(within(dialog).getByText('Message must be at least 10 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '150.5');
    await user.type(within(dialog).getByLabelText('Message'), ' but I can do it for less.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(await screen.findByText('Counter offer sent successfully!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/business/opportunities/o1/counter-offer');
    expect(post?.body).toEqual({
      quotedPrice: 150.5,
      availabilityDate: '2099-01-15',
      availabilityTime: null,
      message: 'short but I can do it for less.',
      requestVersion: 'rv-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('prefills Edit Offer with the current price, date and time but an empty message, and sends the hour', async () => {
    const { calls } = mockApi(
      businessApi(
        { items: [makeOpportunity({ availabilityTime: '10:00:00' })], truncated: false },
        { 'POST /api/business/opportunities/o1/counter-offer': { body: { id: 'o1', status: 'pending' } } },
      ),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: /Edit Offer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    expect((within(dialog).getByLabelText('Price ($)') as HTMLInputElement).value).toBe('180');
    expect((within(dialog).getByLabelText('Available from') as HTMLInputElement).value).toBe('2099-01-15');
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    const time = within(dialog).getByLabelText('Available time (optional)') as HTMLSelectElement;
    expect(time.value).toBe('10:00');
    const slots = within(time)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(slots).toEqual([
      '',
      ...Array.from({ length: 13 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`),
    ]);
    await user.selectOptions(time, '14:00');
    await user.type(within(dialog).getByLabelText('Message'), 'I can come in the afternoon instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(await screen.findByText('Counter offer sent successfully!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      quotedPrice: 180,
      availabilityDate: '2099-01-15',
      availabilityTime: '14:00',
      message: 'I can come in the afternoon instead.',
      requestVersion: 'rv-1',
    });
  });

  it('declines only after confirmation, and the card leaves the list', async () => {
    let declined = false;
    const { calls } = mockApi(
      businessApi(() => ({ body: { items: declined ? [] : [makeOpportunity()], truncated: false } }), {
        'POST /api/business/opportunities/o1/decline': () => {
          declined = true;
          return { body: { id: 'o1', status: 'declined' } };
        },
      }),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: /Decline/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No pending opportunities')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/business/opportunities/o1/decline',
    ]);
  });

  it('shows the server’s refusal of Accept Request in plain words', async () => {
    mockApi(
      businessApi(
        {
          items: [makeOpportunity({ canAccept: true, messageCount: 1, messages: [counterOffer('m9', 140)] })],
          truncated: false,
        },
        {
          'POST /api/business/opportunities/o1/accept': {
            status: 409,
            body: { error: 'conflict', message: 'There is no counter offer from the customer to accept.' },
          },
        },
      ),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: /Accept Request/ }));
    expect(await screen.findByText('There is no counter offer from the customer to accept.')).toBeTruthy();
  });

  it('accepts the counter offer it shows by id; when the customer changed it, shows the new one and says so', async () => {
    let replaced = false;
    const { calls } = mockApi(
      businessApi(() => counterOfferList(replaced, 3), {
        'POST /api/business/opportunities/o1/accept': (call) => {
          if ((call.body as { counterOfferId: string }).counterOfferId === 'm11')
            return { body: { id: 'o1', status: 'pending' } };
          replaced = true;
          return {
            status: 409,
            body: { error: 'terms_changed', message: TERMS_MESSAGES.counterOfferChanged },
          };
        },
      }),
    );
    const { user } = renderApp('/business-active');
    expect((await screen.findByLabelText('Proposed terms')).textContent).toContain('$140');
    await user.click(screen.getByRole('button', { name: /Accept Request/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(TERMS_MESSAGES.counterOfferChanged);
    await waitFor(() => expect(screen.getByLabelText('Proposed terms').textContent).toContain('$60'));
    expect(screen.queryByText('Counter offer accepted')).toBeNull();
    const button = screen.getByRole('button', { name: /Accept Request/ });
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('Counter offer accepted')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.method === 'POST')
        .map((c) => [c.path, (c.body as { counterOfferId: string }).counterOfferId]),
    ).toEqual([
      ['/api/business/opportunities/o1/accept', 'm9'],
      ['/api/business/opportunities/o1/accept', 'm11'],
    ]);
  });

  it('flags a counter offer a live refresh brings while the card is shown, and accepts the one on screen', async () => {
    let replaced = false;
    const { calls } = mockApi(
      businessApi(() => counterOfferList(replaced, 2), {
        'POST /api/business/opportunities/o1/accept': { body: { id: 'o1', status: 'pending' } },
      }),
    );
    const { user, queryClient } = renderApp('/business-active');
    expect((await screen.findByLabelText('Proposed terms')).textContent).toContain('$140');

    // The customer replaces their proposal; a live event refreshes the list before the press.
    replaced = true;
    await queryClient.invalidateQueries({ queryKey: ['business'] });
    expect((await screen.findByRole('alert')).textContent).toBe(TERMS_MESSAGES.counterOfferChanged);
    expect(screen.getByLabelText('Proposed terms').textContent).toContain('$60');
    expect(screen.getByText('Their previous proposal was $140.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Accept Request/ }));
    expect(await screen.findByText('Counter offer accepted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { counterOfferId: 'm11', requestVersion: 'rv-1' },
    ]);
  });

  it('shows the request as it is now when the customer changed it after the quote, and keeps the quote for exactly that', async () => {
    let kept = false;
    const changed = makeOpportunity({
      requestVersion: 'rv-2',
      requestChangedSinceQuote: true,
      canKeepQuote: true,
      request: makeRequest({
        description: 'The tap and the shower both drip now.',
        budgetMin: '90',
        budgetMax: '90',
        budgetType: 'fixed',
        isUrgent: true,
      }),
    });
    const { calls } = mockApi(
      businessApi(
        () => ({
          body: {
            items: [kept ? { ...changed, requestChangedSinceQuote: false, canKeepQuote: false } : changed],
            truncated: false,
          },
        }),
        {
          'POST /api/business/opportunities/o1/keep-quote': () => {
            kept = true;
            return { body: { id: 'o1', status: 'pending' } };
          },
        },
      ),
    );
    const { user } = renderApp('/business-active');
    const block = await screen.findByRole('region', { name: 'Changed request' });
    expect(within(block).getByText(TERMS_MESSAGES.requestChangedSinceQuote)).toBeTruthy();
    const now = within(block).getByLabelText('The request now');
    expect(within(now).getByText('The tap and the shower both drip now.')).toBeTruthy();
    expect(within(now).getByText('$90')).toBeTruthy();
    expect(within(now).getByText('Urgent')).toBeTruthy();
    // Nothing is flagged as just changed: the block is the notice.
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(block).getByRole('button', { name: /Keep My Quote/ }));
    expect(await screen.findByText(TERMS_MESSAGES.quoteKept)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changed request' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/business/opportunities/o1/keep-quote', { requestVersion: 'rv-2' }],
    ]);
  });

  it('flags the request changing again while the business reviews it, and keeps the quote only for what is on screen', async () => {
    let version = 2;
    const view = () =>
      makeOpportunity({
        requestVersion: `rv-${version}`,
        requestChangedSinceQuote: true,
        canKeepQuote: true,
        request: makeRequest({ description: version === 2 ? 'Two taps drip.' : 'Three taps drip.' }),
      });
    const { calls } = mockApi(
      businessApi(() => ({ body: { items: [view()], truncated: false } }), {
        'POST /api/business/opportunities/o1/keep-quote': { body: { id: 'o1', status: 'pending' } },
      }),
    );
    const { user, queryClient } = renderApp('/business-active');
    const block = await screen.findByRole('region', { name: 'Changed request' });
    expect(within(block).getByText('Two taps drip.')).toBeTruthy();
    version = 3;
    await queryClient.invalidateQueries({ queryKey: ['business'] });
    expect((await screen.findByRole('alert')).textContent).toBe(TERMS_MESSAGES.requestChanged);
    expect(within(block).getByText('Three taps drip.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(block).getByRole('button', { name: /Keep My Quote/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ requestVersion: 'rv-3' });
  });

  it('shows the words and the request in Edit Offer when the customer changed it, keeping the dialog open', async () => {
    let version = 1;
    const { calls } = mockApi(
      businessApi(
        () => ({
          body: {
            items: [
              makeOpportunity({
                requestVersion: `rv-${version}`,
                requestChangedSinceQuote: version > 1,
                canKeepQuote: version > 1,
                request: makeRequest(version > 1 ? { description: 'Now the shower drips too.' } : {}),
              }),
            ],
            truncated: false,
          },
        }),
        {
          'POST /api/business/opportunities/o1/counter-offer': (call) => {
            if ((call.body as { requestVersion: string }).requestVersion === 'rv-2')
              return { body: { id: 'o1', status: 'pending' } };
            version = 2;
            return { status: 409, body: { error: 'terms_changed', message: TERMS_MESSAGES.requestChanged } };
          },
        },
      ),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: /Edit Offer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    await user.type(within(dialog).getByLabelText('Message'), 'I can do it for a bit less.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));

    // Refused: the dialog stays with the words and the request as it is now; nothing was sent out.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TERMS_MESSAGES.requestChanged);
    const answering = await within(dialog).findByLabelText('The request you are answering');
    expect(await within(answering).findByText('Now the shower drips too.')).toBeTruthy();
    expect(screen.queryByText('Counter offer sent successfully!')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(await screen.findByText('Counter offer sent successfully!')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.method === 'POST')
        .map((c) => (c.body as { requestVersion: string }).requestVersion),
    ).toEqual(['rv-1', 'rv-2']);
  });

  it('shows the terms of the customer’s counter offer beside Accept Request', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            canAccept: true,
            messageCount: 1,
            messages: [
              {
                id: 'm9',
                senderId: 'c1',
                fromBusiness: false,
                message: 'Could you do $140 on Friday morning?',
                messageType: 'counter_offer',
                attachments: [],
                offerTerms: {
                  quotedPrice: '140.00',
                  preferredDate: '2026-12-04',
                  preferredTime: '10:00:00',
                  timeFlexibility: 'within_2_hours',
                },
                createdAt: hoursAgo(1),
              },
            ],
          }),
        ],
        truncated: false,
      }),
    );
    renderApp('/business-active');
    expect(await screen.findByText('The customer proposes')).toBeTruthy();
    const list = screen.getByLabelText('Proposed terms');
    expect(list.textContent).toContain('$140');
    expect(list.textContent).toContain('Dec 4, 2026');
    expect(list.textContent).toContain('10:00');
    expect(list.textContent).toContain('Within 2 hours');
  });

  it('opens the detail dialog with the request, the response, images and the conversation', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            messageCount: 2,
            messages: [
              {
                id: 'm1',
                senderId: 'b1',
                fromBusiness: true,
                message: 'How about $160?',
                messageType: 'counter_offer',
                attachments: [],
                offerTerms: null,
                createdAt: hoursAgo(2),
              },
              {
                id: 'm2',
                senderId: 'c1',
                fromBusiness: false,
                message: 'Sounds good, thanks.',
                messageType: 'text',
                attachments: [],
                offerTerms: null,
                createdAt: hoursAgo(1),
              },
            ],
          }),
        ],
        truncated: false,
      }),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix a leaking tap' });
    expect(within(dialog).getByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(within(dialog).getByText('I can fix it tomorrow morning.')).toBeTruthy();
    expect(within(dialog).getByText('PENDING')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Photos of Fix a leaking tap' })).toBeTruthy();
    const thread = within(dialog).getByRole('list', { name: 'Conversation history' });
    expect(within(thread).getByText('How about $160?')).toBeTruthy();
    expect(within(thread).getByText('Sounds good, thanks.')).toBeTruthy();
    expect(within(thread).getByText(/You · Counter offer/)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the images of the conversation as thumbnails that open full size', async () => {
    mockApi(
      businessApi({
        items: [
          makeOpportunity({
            canAccept: true,
            messageCount: 1,
            messages: [
              {
                id: 'm1',
                senderId: 'c1',
                fromBusiness: false,
                message: 'Could you do $140? Here is the tap.',
                messageType: 'counter_offer',
                attachments: ['/uploads/counter1.jpg', '/uploads/counter2.jpg'],
                offerTerms: {
                  quotedPrice: '140.00',
                  preferredDate: null,
                  preferredTime: null,
                  timeFlexibility: null,
                },
                createdAt: hoursAgo(1),
              },
            ],
          }),
        ],
        truncated: false,
      }),
    );
    const { user } = renderApp('/business-active');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix a leaking tap' });
    const thread = within(dialog).getByRole('list', { name: 'Conversation history' });
    const images = within(thread).getByRole('list', { name: 'Images from the customer, message 1' });
    const thumbnails = within(images).getAllByRole('img');
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/counter1.jpg',
      '/uploads/counter2.jpg',
    ]);
    await user.click(within(images).getAllByRole('button')[1]!);
    const viewer = await screen.findByRole('dialog', {
      name: 'Images from the customer, message 1: image 2 of 2',
    });
    expect(
      within(viewer)
        .getAllByRole('img')
        .some((img) => img.getAttribute('src') === '/uploads/counter2.jpg'),
    ).toBe(true);
  });

  it('says when loading failed and retries', async () => {
    let fail = true;
    mockApi(
      businessApi(() =>
        fail
          ? { status: 503, body: { error: 'unavailable', message: 'Down.' } }
          : { body: { items: [], truncated: false } },
      ),
    );
    const { user } = renderApp('/business-active');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load pending opportunities.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No pending opportunities')).toBeTruthy();
  });
});
