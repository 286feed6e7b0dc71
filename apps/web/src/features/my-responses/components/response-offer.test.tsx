import type { MyRequestDetail } from '@grip/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOffer } from '@/features/offers/testing/offer-fixtures';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  groupPath,
  hoursAgo,
  makeAnswered,
  makeResponseSummary,
  myResponsesApi,
  responsesPage,
} from '../test-fixtures';

const OFFER = '/api/offers/resp1';
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

const openOffer = makeResponseSummary({ id: 'resp1', businessName: 'Drip Fix Plumbing', viewStatus: 'NEW' });
const pendingOffer = makeResponseSummary({
  id: 'resp3',
  businessName: 'Pipe Dreams',
  quotedPrice: '120.00',
  priceType: 'fixed',
  stateBadge: 'PENDING',
  viewStatus: 'VIEWED',
  customerSentModifiedOffer: true,
});
const request = makeAnswered({ id: 'r1', title: 'Leaking tap request', createdAt: hoursAgo(2) }, [
  openOffer,
  pendingOffer,
]);

const booked = makeAnswered(
  { id: 'r5', title: 'Gutter cleaning request', status: 'assigned', createdAt: hoursAgo(3) },
  [
    makeResponseSummary({
      id: 'resp2',
      businessName: 'Tap Masters',
      status: 'accepted',
      stateBadge: 'BOOKED',
      viewStatus: 'EDITED',
    }),
    makeResponseSummary({
      id: 'resp4',
      businessName: 'Gutter Guys',
      status: 'rejected',
      stateBadge: 'DECLINED',
    }),
  ],
);

function setup(items: MyRequestDetail[] = [request], extra: Record<string, unknown> = {}) {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return mockApi({
    ...myResponsesApi({ new: responsesPage(items) }),
    [`GET ${OFFER}`]: { body: makeOffer() },
    [`POST ${OFFER}/view`]: { status: 204 },
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

async function expand(title: string) {
  const view = renderApp('/responses');
  await view.user.click(await screen.findByRole('button', { name: new RegExp(title) }));
  return { ...view, offers: await screen.findByRole('list', { name: `Offers for ${title}` }) };
}
const offerCard = (name: string) => screen.getByRole('article', { name });
const button = (card: HTMLElement, name: string | RegExp) => within(card).getByRole('button', { name });
const isDisabled = (el: HTMLElement) => el.hasAttribute('disabled');

describe('My Responses offers', () => {
  it('show the business, the price and their badges', async () => {
    setup([request, booked]);
    await expand('Leaking tap request');
    const open = offerCard('Drip Fix Plumbing');
    expect(within(open).getByText('$80/hr')).toBeTruthy();
    expect(within(open).getByTestId('response-view').textContent).toBe('NEW');
    expect(within(open).queryByTestId('response-state')).toBeNull();
    expect(within(open).queryByText('Customer sent modified request')).toBeNull();

    const pending = offerCard('Pipe Dreams');
    expect(within(pending).getByText('$120')).toBeTruthy();
    expect(within(pending).getByTestId('response-state').textContent).toBe('PENDING');
    expect(within(pending).getByTestId('response-view').textContent).toBe('VIEWED');
    expect(within(pending).getByText('Customer sent modified request')).toBeTruthy();
    expect(within(pending).getByText('Pending response from business owner')).toBeTruthy();
  });

  it('enable Confirm, Counter and Decline only on open offers, and Message only once accepted', async () => {
    setup([request, booked]);
    const { user } = await expand('Leaking tap request');
    const open = offerCard('Drip Fix Plumbing');
    for (const name of ['Confirm Offer', 'Counter Offer', 'Decline']) {
      expect(isDisabled(button(open, name)), name).toBe(false);
    }
    const locked = button(open, 'Message');
    expect(isDisabled(locked)).toBe(true);
    const info = document.getElementById(locked.getAttribute('aria-describedby') ?? '');
    expect(info?.textContent).toBe(
      'Messaging with the provider will be enabled once you have accepted their offer.',
    );

    const pending = offerCard('Pipe Dreams');
    for (const name of ['Confirm Offer', 'Counter Offer', 'Decline']) {
      const b = button(pending, name);
      expect(isDisabled(b), name).toBe(true);
      expect(document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Pending response from business owner',
      );
    }

    await user.click(screen.getByRole('button', { name: /Gutter cleaning request/ }));
    const accepted = offerCard('Tap Masters');
    expect(within(accepted).getByTestId('response-state').textContent).toBe('BOOKED');
    expect(within(accepted).getByTestId('response-view').textContent).toBe('EDITED');
    for (const name of ['Confirm Offer', 'Counter Offer', 'Decline']) {
      expect(isDisabled(button(accepted, name)), name).toBe(true);
    }
    expect(within(accepted).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe(
      '/messages?conversation=r5-resp2',
    );
    expect(within(accepted).queryByText(/Messaging with the provider/)).toBeNull();

    const declined = offerCard('Gutter Guys');
    expect(within(declined).getByTestId('response-state').textContent).toBe('DECLINED');
    for (const name of ['Confirm Offer', 'Counter Offer', 'Decline', 'Message']) {
      expect(isDisabled(button(declined, name)), name).toBe(true);
    }
  });

  it('points every aria-describedby at a note that is rendered (none on a declined offer)', async () => {
    setup([request, booked]);
    const { user } = await expand('Leaking tap request');
    await user.click(screen.getByRole('button', { name: /Gutter cleaning request/ }));
    const cards = ['Drip Fix Plumbing', 'Pipe Dreams', 'Tap Masters', 'Gutter Guys'].map(offerCard);
    for (const card of cards) {
      for (const el of card.querySelectorAll('[aria-describedby]')) {
        for (const id of el.getAttribute('aria-describedby')!.split(/\s+/)) {
          expect(document.getElementById(id), `${el.textContent}: #${id}`).not.toBeNull();
        }
      }
    }
    const declined = offerCard('Gutter Guys');
    expect(within(declined).queryByText(/Messaging with the provider/)).toBeNull();
    expect(button(declined, 'Message').hasAttribute('aria-describedby')).toBe(false);
    // A locked Message button on an open offer is still explained.
    const locked = button(offerCard('Drip Fix Plumbing'), 'Message');
    expect(document.getElementById(locked.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Messaging with the provider/,
    );
  });

  it('Confirm Offer reads the offer, opens Confirm Service Offer and confirms', async () => {
    const { calls } = setup(undefined, {
      [`POST ${OFFER}/confirm`]: { body: { id: 'resp1', status: 'accepted' } },
    });
    const { user } = await expand('Leaking tap request');
    const before = calls.filter((c) => c.path === groupPath('new')).length;
    await user.click(button(offerCard('Drip Fix Plumbing'), 'Confirm Offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Service Offer' });
    expect(calls.some((c) => c.method === 'GET' && c.path === OFFER)).toBe(true);
    expect(within(dialog).getByText(/By confirming, you agree to the quoted price/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Proceed' }));
    expect(await screen.findByText('Offer Confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([`${OFFER}/confirm`]);
    // The 'requests' root refreshes the list after the action.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === groupPath('new')).length).toBeGreaterThan(before),
    );
  });

  it('shows a spinner on the button while the offer loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    setup(undefined, {
      [`GET ${OFFER}`]: async () => {
        await gate;
        return { body: makeOffer() };
      },
    });
    const { user } = await expand('Leaking tap request');
    const card = offerCard('Drip Fix Plumbing');
    await user.click(button(card, 'Counter Offer'));
    const counter = button(card, 'Counter Offer');
    expect(counter.getAttribute('aria-busy')).toBe('true');
    expect(isDisabled(button(card, 'Confirm Offer'))).toBe(true);
    release();
    expect(await screen.findByRole('dialog', { name: 'Modified Offer' })).toBeTruthy();
    expect(counter.getAttribute('aria-busy')).toBeNull();
  });

  it('Decline asks first and declines only when confirmed', async () => {
    const { calls } = setup(undefined, {
      [`POST ${OFFER}/decline`]: { body: { id: 'resp1', status: 'declined' } },
    });
    const { user } = await expand('Leaking tap request');
    await user.click(button(offerCard('Drip Fix Plumbing'), 'Decline'));
    let dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
    expect(document.activeElement).toBe(button(offerCard('Drip Fix Plumbing'), 'Decline'));

    await user.click(button(offerCard('Drip Fix Plumbing'), 'Decline'));
    dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline Offer' }));
    expect(await screen.findByText('Offer declined successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([`${OFFER}/decline`]);
  });

  it('opens no dialog when the offer changed meanwhile, and says why', async () => {
    const { calls } = setup(undefined, {
      [`GET ${OFFER}`]: {
        body: makeOffer({
          status: 'rejected',
          stateBadge: 'DECLINED',
          actions: {
            kind: 'declined',
            canConfirm: false,
            canModify: false,
            canDecline: false,
            canIgnore: false,
          },
        }),
      },
    });
    const { user } = await expand('Leaking tap request');
    const before = calls.filter((c) => c.path === groupPath('new')).length;
    await user.click(button(offerCard('Drip Fix Plumbing'), 'Confirm Offer'));
    expect(await screen.findByText('This offer can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === groupPath('new')).length).toBeGreaterThan(before),
    );
  });

  it('View details opens the Response detail, from the keyboard too', async () => {
    const { calls } = setup();
    const { user } = await expand('Leaking tap request');
    button(offerCard('Drip Fix Plumbing'), 'View details').focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
    expect(within(dialog).getByRole('button', { name: /Confirm Booking/ })).toBeTruthy();
    await waitFor(() => expect(posts(calls)).toEqual([`${OFFER}/view`]));
  });
});
