import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { requestChangedSinceQuoteMessage, TERMS_MESSAGES } from '@grip/domain';
import { queryKeys } from '@/lib/query-keys';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { makeOffer } from '../testing/offer-fixtures';
import { renderOfferDialog } from '../testing/render-offer-dialog';

const OFFER = '/api/offers/resp1';
const confirms = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === `${OFFER}/confirm`);

function setup(confirmReply: Reply | (() => Reply | Promise<Reply>)) {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const api = mockApi({
    [`GET ${OFFER}`]: { body: makeOffer() },
    [`POST ${OFFER}/view`]: { status: 204 },
    [`POST ${OFFER}/confirm`]: confirmReply,
  });
  return api;
}

async function openConfirm() {
  const view = renderOfferDialog();
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  await view.user.click(screen.getByRole('button', { name: 'Open offer' }));
  const detail = await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
  await view.user.click(within(detail).getByRole('button', { name: /Confirm Booking/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Service Offer' });
  return { ...view, dialog, invalidate };
}

describe('Confirm Service Offer dialog', () => {
  it('shows the request, the offer, the real rating and the payment notice', async () => {
    setup({ body: { id: 'resp1', status: 'accepted' } });
    const { dialog } = await openConfirm();
    const request = within(dialog).getByRole('region', { name: 'Request details' });
    expect(within(request).getByText('Leaking tap request')).toBeTruthy();
    expect(within(request).getByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(within(request).getByText('May 4, 2026, Morning')).toBeTruthy();
    expect(within(request).getByText('$150 - $250')).toBeTruthy();
    expect(within(request).getByText('12 Smith St, Surry Hills NSW 2010')).toBeTruthy();
    const offer = within(dialog).getByRole('region', { name: 'Offer details' });
    expect(within(offer).getByText('$80/hr')).toBeTruthy();
    expect(within(offer).getByText('May 5, 2026 at 09:30')).toBeTruthy();
    expect(within(offer).getByText('2 hours')).toBeTruthy();
    expect(within(offer).getByText('I can come tomorrow morning.')).toBeTruthy();
    expect(within(offer).getByText('Parts are extra.')).toBeTruthy();
    expect(within(offer).getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(within(dialog).getByText(/By confirming, you agree to the quoted price/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('confirms once on a double click, toasts, refreshes and closes both dialogs', async () => {
    const { calls } = setup({ body: { id: 'resp1', status: 'accepted' } });
    const { dialog, user, invalidate } = await openConfirm();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }));
    expect(await screen.findByText('Offer Confirmed')).toBeTruthy();
    expect(screen.getByText('You have successfully confirmed the offer.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirms(calls)).toHaveLength(1);
    expect(confirms(calls)[0]!.body).toEqual({ termsVersion: 'v-80-hourly' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.requests });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.upcomingBookings });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open offer' }));
  });

  it("shows the spec's failure text on a 500 and keeps the dialog open", async () => {
    const { calls } = setup({ status: 500, body: { error: 'internal', message: 'Boom' } });
    const { dialog, user } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }));
    expect(await screen.findByText('Failed to confirm offer. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Confirm Service Offer' })).toBeTruthy();
    expect(confirms(calls)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it("shows the server's message on a 409", async () => {
    setup({
      status: 409,
      body: { error: 'conflict', message: 'This request already has a confirmed booking or is closed.' },
    });
    const { dialog, user } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }));
    expect(
      await screen.findByText('This request already has a confirmed booking or is closed.'),
    ).toBeTruthy();
    expect(screen.queryByText('Failed to confirm offer. Please try again.')).toBeNull();
  });

  it('sends the terms version it shows; when the business changed the offer, shows the new terms and books those', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The business raises its price after the customer opened the offer.
    let raised = false;
    const changed = makeOffer({ quotedPrice: '9999.00', priceType: 'fixed', termsVersion: 'v-9999-fixed' });
    const { calls } = mockApi({
      [`GET ${OFFER}`]: () => ({ body: raised ? changed : makeOffer() }),
      [`POST ${OFFER}/view`]: { status: 204 },
      [`POST ${OFFER}/confirm`]: (call) => {
        raised = true;
        return (call.body as { termsVersion: string }).termsVersion === changed.termsVersion
          ? { body: { id: 'resp1', status: 'accepted' } }
          : { status: 409, body: { error: 'terms_changed', message: TERMS_MESSAGES.offerChanged } };
      },
    });
    const { dialog, user } = await openConfirm();
    const offer = within(dialog).getByRole('region', { name: 'Offer details' });
    expect(within(offer).getByText('$80/hr')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }));

    // Nothing booked: the dialog stays, says why in place, and shows the new price beside the old.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(TERMS_MESSAGES.offerChanged);
    expect(await within(offer).findByText('$9,999')).toBeTruthy();
    expect(within(offer).getByText(/was \$80\/hr/)).toBeTruthy();
    expect(screen.queryByText('Offer Confirmed')).toBeNull();
    expect(screen.queryByText('Failed to confirm offer. Please try again.')).toBeNull();
    expect(confirms(calls).map((c) => c.body)).toEqual([{ termsVersion: 'v-80-hourly' }]);

    // Confirming now agrees to the terms on screen.
    const button = within(dialog).getByRole('button', { name: 'Confirm & Proceed' });
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('Offer Confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirms(calls).map((c) => c.body)).toEqual([
      { termsVersion: 'v-80-hourly' },
      { termsVersion: 'v-9999-fixed' },
    ]);
  });

  it('on request_changed, says the business must check the changed request first and books nothing until it has', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The customer edited the request after Drip Fix Plumbing quoted; the business then keeps its quote.
    let edited = false;
    let kept = false;
    const refusal = requestChangedSinceQuoteMessage('Drip Fix Plumbing');
    const { calls } = mockApi({
      [`GET ${OFFER}`]: () => ({ body: makeOffer({ requestChangedSinceQuote: edited && !kept }) }),
      [`POST ${OFFER}/view`]: { status: 204 },
      [`POST ${OFFER}/confirm`]: () => {
        if (!edited || kept) return { body: { id: 'resp1', status: 'accepted' } };
        return { status: 409, body: { error: 'request_changed', message: refusal } };
      },
    });
    const { dialog, user, queryClient } = await openConfirm();
    edited = true;
    const button = within(dialog).getByRole('button', { name: 'Confirm & Proceed' });
    // The dialog opened before the edit reached it: the press is refused by the server.
    await user.click(button);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(alert.textContent).not.toBe(TERMS_MESSAGES.offerChanged);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    // The offer itself is as it was: no '(was …)', the same price.
    expect(within(dialog).getByText('$80/hr')).toBeTruthy();
    expect(within(dialog).queryByText(/\(was /)).toBeNull();
    expect(screen.queryByText('Offer Confirmed')).toBeNull();
    expect(screen.queryByText('Failed to confirm offer. Please try again.')).toBeNull();

    // The business keeps its quote; the live offer says so and Confirm is offered again.
    kept = true;
    await queryClient.invalidateQueries({ queryKey: queryKeys.requests });
    expect(
      await within(dialog).findByText(
        'Drip Fix Plumbing has checked the new details of your request. You can confirm now.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    expect(await screen.findByText('Offer Confirmed')).toBeTruthy();
    expect(confirms(calls).map((c) => c.body)).toEqual([
      { termsVersion: 'v-80-hourly' },
      { termsVersion: 'v-80-hourly' },
    ]);
  });

  it('says so before any press when the offer already waits for the business, and offers nothing to book', async () => {
    const { calls } = mockApi({
      [`GET ${OFFER}`]: { body: makeOffer({ requestChangedSinceQuote: true }) },
      [`POST ${OFFER}/view`]: { status: 204 },
    });
    const { dialog } = await openConfirm();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      requestChangedSinceQuoteMessage('Drip Fix Plumbing'),
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(confirms(calls)).toHaveLength(0);
  });

  it('Cancel closes only the confirmation and returns focus to Confirm Booking', async () => {
    const { calls } = setup({ body: { id: 'resp1', status: 'accepted' } });
    const { dialog, user } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Service Offer' })).toBeNull());
    const detail = screen.getByRole('dialog', { name: 'Drip Fix Plumbing' });
    expect(document.activeElement).toBe(within(detail).getByRole('button', { name: /Confirm Booking/ }));
    expect(confirms(calls)).toHaveLength(0);
  });
});
