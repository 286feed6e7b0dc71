import { screen, waitFor, within } from '@testing-library/react';
import type { CustomerOffer } from '@grip/domain';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { untilIdle } from '@/test/clock';
import { makeBadges } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { makeOffer, makeOfferMessage } from '../testing/offer-fixtures';
import { renderOfferDialog } from '../testing/render-offer-dialog';

const OFFER = '/api/offers/resp1';

function offerApi(
  offer: CustomerOffer | (() => Reply | Promise<Reply>),
  extra: Record<string, Reply | (() => Reply)> = {},
) {
  return {
    [`GET ${OFFER}`]: typeof offer === 'function' ? offer : { body: offer },
    [`POST ${OFFER}/view`]: { status: 204 },
    ...extra,
  };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

async function openDialog(name = 'Drip Fix Plumbing') {
  const view = renderOfferDialog();
  await view.user.click(screen.getByRole('button', { name: 'Open offer' }));
  const dialog = await screen.findByRole('dialog', { name });
  return { ...view, dialog };
}

describe('Response detail dialog', () => {
  it('shows the offer with the real rating, its badges and details, and reports the view once', async () => {
    let viewed = false;
    const { calls } = mockApi(
      offerApi(() => ({ body: makeOffer({ viewStatus: viewed ? 'VIEWED' : 'NEW' }) }), {
        [`POST ${OFFER}/view`]: () => {
          viewed = true;
          return { status: 204 };
        },
      }),
    );
    const { dialog, queryClient } = await openDialog();

    expect(within(dialog).getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(within(dialog).getByText('DF')).toBeTruthy();
    expect(within(dialog).getByText('$80/hr')).toBeTruthy();
    expect(within(dialog).getByText('May 5, 2026 at 09:30')).toBeTruthy();
    expect(within(dialog).getByText('2 hours')).toBeTruthy();
    expect(within(dialog).getByText('I can come tomorrow morning.')).toBeTruthy();
    expect(within(dialog).getByText('Parts are extra.')).toBeTruthy();
    expect(within(dialog).getByText('Counteroffer')).toBeTruthy();
    expect(within(dialog).getByText('Offer for Leaking tap request')).toBeTruthy();
    expect(within(dialog).queryByText(/This offer expires on/)).toBeNull();

    // The view is reported, the lists refresh and the badge follows; the view is not sent again.
    await waitFor(() => expect(within(dialog).getByTestId('offer-view').textContent).toBe('VIEWED'));
    await untilIdle(queryClient);
    expect(posts(calls)).toEqual([`${OFFER}/view`]);
  });

  it('refreshes the navigation badge counts once the view is reported, and after an action', async () => {
    let viewed = false;
    mockApi(
      offerApi(makeOffer(), {
        [`POST ${OFFER}/view`]: () => {
          viewed = true;
          return { status: 204 };
        },
        [`POST ${OFFER}/ignore`]: { body: { id: 'resp1', status: 'ignored' } },
      }),
    );
    const view = renderOfferDialog();
    const badgesInvalidated = () => view.queryClient.getQueryState(queryKeys.badges)?.isInvalidated;
    view.queryClient.setQueryData(queryKeys.badges, makeBadges({ pendingResponses: 1 }));
    expect(badgesInvalidated()).toBe(false);

    await view.user.click(screen.getByRole('button', { name: 'Open offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
    // The offer is no longer NEW, so the pending-responses badge must be read again.
    await waitFor(() => expect(badgesInvalidated()).toBe(true));
    expect(viewed).toBe(true);

    view.queryClient.setQueryData(queryKeys.badges, makeBadges());
    expect(badgesInvalidated()).toBe(false);
    await view.user.click(within(dialog).getByRole('button', { name: /Ignore/ }));
    expect(await screen.findByText('Response Ignored')).toBeTruthy();
    await waitFor(() => expect(badgesInvalidated()).toBe(true));
  });

  it('says "No reviews yet" before the first review, and shows the contest deadline and Accepted as Is', async () => {
    mockApi(
      offerApi(
        makeOffer({
          business: { ratingAverage: null, reviewCount: 0 },
          isAcceptedAsIs: true,
          contestDeadline: '2026-05-10T12:00:00.000Z',
          engagementNotes: 'Bring a ladder.',
        }),
      ),
    );
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('No reviews yet')).toBeTruthy();
    expect(within(dialog).getByText('Accepted as Is')).toBeTruthy();
    expect(within(dialog).getByText(/^This offer expires on May 1\d, 2026$/)).toBeTruthy();
    expect(within(dialog).getByText('Bring a ladder.')).toBeTruthy();
  });

  it('offers Confirm Booking, Modify Request, Decline and Ignore on an open offer', async () => {
    mockApi(offerApi(makeOffer()));
    const { dialog } = await openDialog();
    for (const name of [/Confirm Booking/, /Modify Request/, /Decline/, /Ignore/]) {
      expect(within(dialog).getByRole('button', { name }).hasAttribute('disabled')).toBe(false);
    }
    expect(within(dialog).queryByText('Pending response from business owner')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /Message Business/ })).toBeNull();
  });

  it('shows Message Business, BOOKED and the contact details on a booked offer', async () => {
    mockApi(
      offerApi(
        makeOffer({
          status: 'accepted',
          stateBadge: 'BOOKED',
          viewStatus: 'VIEWED',
          business: { email: 'jobs@dripfix.example', phone: '+61 400 000 000' },
          actions: {
            kind: 'booked',
            canConfirm: false,
            canModify: false,
            canDecline: false,
            canIgnore: false,
            canMessage: true,
          },
        }),
      ),
    );
    const { dialog, user, router } = await openDialog();
    expect(within(dialog).getAllByText('BOOKED').length).toBeGreaterThanOrEqual(1);
    expect(within(dialog).queryByRole('button', { name: /Confirm Booking/ })).toBeNull();
    expect(
      within(dialog)
        .getByRole('link', { name: /jobs@dripfix.example/ })
        .getAttribute('href'),
    ).toBe('mailto:jobs@dripfix.example');
    expect(
      within(dialog)
        .getByRole('link', { name: /\+61 400 000 000/ })
        .getAttribute('href'),
    ).toBe('tel:+61400000000');
    const message = within(dialog).getByRole('link', { name: /Message Business/ });
    expect(message.getAttribute('href')).toBe('/messages?conversation=r1-resp1');
    await user.click(message);
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=r1-resp1'));
  });

  it.each([
    ['completed', 'COMPLETED', { status: 'accepted', completionStatus: 'completed' }],
    ['declined', 'DECLINED', { status: 'declined' }],
  ] as const)('shows only the %s badge in place of the actions', async (kind, badge, fields) => {
    mockApi(
      offerApi(
        makeOffer({
          ...fields,
          stateBadge: badge,
          actions: { kind, canConfirm: false, canModify: false, canDecline: false, canIgnore: false },
        }),
      ),
    );
    const { dialog } = await openDialog();
    expect(within(dialog).getAllByText(badge).length).toBe(2);
    for (const name of [/Confirm Booking/, /Modify Request/, /Decline/, /Ignore/]) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
    expect(within(dialog).queryByRole('link', { name: /Message Business/ })).toBeNull();
  });

  it('locks Confirm, Modify and Decline while a counter offer awaits the business, and shows its terms', async () => {
    mockApi(
      offerApi(
        makeOffer({
          stateBadge: 'PENDING',
          customerSentModifiedOffer: true,
          messages: [makeOfferMessage()],
          actions: { hasPendingCounterOffer: true, canConfirm: false, canModify: false, canDecline: false },
        }),
      ),
    );
    const { dialog } = await openDialog();
    const note = within(dialog).getByText('Pending response from business owner');
    for (const name of [/Confirm Booking/, /Modify Request/, /Decline/]) {
      const button = within(dialog).getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(note.id);
    }
    expect(
      within(dialog)
        .getByRole('button', { name: /Ignore/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    expect(within(dialog).getByTestId('offer-state').textContent).toBe('PENDING');

    const thread = within(dialog).getByRole('list', { name: 'Conversation history' });
    expect(within(thread).getByText(/You · Counter offer/)).toBeTruthy();
    expect(within(thread).getByText('Could you do it for less?')).toBeTruthy();
    const terms = within(thread).getByLabelText('Proposed terms');
    expect(terms.textContent).toContain('$60/hr');
    expect(terms.textContent).toContain('May 6, 2026');
    expect(terms.textContent).toContain('14:00');
    expect(terms.textContent).toContain('Flexible');
  });

  it('declines only after the confirmation question', async () => {
    let declined = false;
    const { calls } = mockApi(
      offerApi(
        () => ({
          body: declined
            ? makeOffer({
                status: 'declined',
                stateBadge: 'DECLINED',
                actions: {
                  kind: 'declined',
                  canConfirm: false,
                  canModify: false,
                  canDecline: false,
                  canIgnore: false,
                },
              })
            : makeOffer(),
        }),
        {
          [`POST ${OFFER}/decline`]: () => {
            declined = true;
            return { body: { id: 'resp1', status: 'declined' } };
          },
        },
      ),
    );
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Decline/ }));
    const question = await screen.findByRole('dialog', { name: 'Decline this offer?' });
    expect(
      within(question).getByText(
        'The business will be told you chose another provider. This action cannot be undone.',
      ),
    ).toBeTruthy();
    expect(posts(calls)).not.toContain(`${OFFER}/decline`);

    await user.click(within(question).getByRole('button', { name: 'Keep Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline this offer?' })).toBeNull());
    expect(posts(calls)).not.toContain(`${OFFER}/decline`);

    await user.click(within(dialog).getByRole('button', { name: /Decline/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Decline this offer?' })).getByRole('button', {
        name: 'Decline Offer',
      }),
    );
    expect(await screen.findByText('Offer Declined')).toBeTruthy();
    expect(screen.getByText('Offer declined successfully')).toBeTruthy();
    expect(posts(calls).filter((p) => p.endsWith('/decline'))).toHaveLength(1);
    // The offer reloads as declined, in the dialog that stays open.
    await waitFor(() => expect(within(dialog).getAllByText('DECLINED')).toHaveLength(2));
  });

  it('ignores the response: toast, dialog closed, focus back on the opener', async () => {
    const { calls } = mockApi(
      offerApi(makeOffer(), { [`POST ${OFFER}/ignore`]: { body: { id: 'resp1', status: 'ignored' } } }),
    );
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Ignore/ }));
    expect(await screen.findByText('Response Ignored')).toBeTruthy();
    expect(screen.getByText('The response has been removed from your list.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toContain(`${OFFER}/ignore`);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open offer' }));
  });

  it("explains a refused ignore in the server's words, and a failure in the spec's", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let status = 409;
    mockApi(
      offerApi(makeOffer(), {
        [`POST ${OFFER}/ignore`]: () => ({
          status,
          body: { error: 'conflict', message: 'This offer can no longer be changed.' },
        }),
      }),
    );
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Ignore/ }));
    expect(await screen.findByText('This offer can no longer be changed.')).toBeTruthy();
    status = 500;
    await user.click(within(dialog).getByRole('button', { name: /Ignore/ }));
    expect(await screen.findByText('Failed to ignore response. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Drip Fix Plumbing' })).toBeTruthy();
  });

  it('shows a skeleton while the offer loads', async () => {
    const reply = deferred<Reply>();
    mockApi(offerApi(() => reply.promise));
    const { user } = renderOfferDialog();
    await user.click(screen.getByRole('button', { name: 'Open offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer details' });
    expect(within(dialog).getByRole('status').textContent).toContain('Loading the offer');
    reply.resolve({ body: makeOffer() });
    expect(await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' })).toBeTruthy();
  });

  it('shows an error with Retry when the offer cannot load', async () => {
    let fail = true;
    mockApi(
      offerApi(() =>
        fail ? { status: 503, body: { error: 'unavailable', message: 'Down.' } } : { body: makeOffer() },
      ),
    );
    const { user } = renderOfferDialog();
    await user.click(screen.getByRole('button', { name: 'Open offer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load this offer.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' })).toBeTruthy();
  });

  it('says the offer was not found on a 404', async () => {
    mockApi(offerApi(() => ({ status: 404, body: { error: 'not_found', message: 'Offer not found.' } })));
    const { user } = renderOfferDialog();
    await user.click(screen.getByRole('button', { name: 'Open offer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Offer not found.');
    expect(within(alert).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('opens proof-of-work images full screen; Esc closes only the viewer', async () => {
    mockApi(offerApi(makeOffer({ proofImages: ['/uploads/proof0001.jpg', '/uploads/proof0002.jpg'] })));
    const { dialog, user } = await openDialog();
    const gallery = within(dialog).getByRole('list', { name: 'Proof of work' });
    const second = within(gallery).getByRole('button', { name: /Proof of work 2 of 2/ });
    await user.click(second);
    const viewer = await screen.findByRole('dialog', { name: 'Proof of work: image 2 of 2' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/uploads/proof0002.jpg');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /image 2 of 2/ })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Drip Fix Plumbing' })).toBeTruthy();
    expect(document.activeElement).toBe(second);
  });
});
