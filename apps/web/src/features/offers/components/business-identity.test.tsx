import { screen, within } from '@testing-library/react';
import type { CustomerOffer } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeOffer } from '../testing/offer-fixtures';
import { renderOfferDialog } from '../testing/render-offer-dialog';

const OFFER = '/api/offers/resp1';

async function openOfferOf(business: Partial<CustomerOffer['business']>) {
  mockApi({ [`GET ${OFFER}`]: { body: makeOffer({ business }) }, [`POST ${OFFER}/view`]: { status: 204 } });
  const view = renderOfferDialog();
  await view.user.click(screen.getByRole('button', { name: 'Open offer' }));
  return screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
}

describe('the business in the Response detail dialog (issue 32)', () => {
  it('shows its late cancellations of the last 12 months under its rating', async () => {
    const dialog = await openOfferOf({ lateCancellations: 2 });
    expect(within(dialog).getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(within(dialog).getByTestId('late-cancellations').textContent).toBe(
      '2 late cancellations in 12 months',
    );
  });

  it('says one in the singular', async () => {
    const dialog = await openOfferOf({ lateCancellations: 1 });
    expect(within(dialog).getByText('1 late cancellation in 12 months')).toBeTruthy();
  });

  it('says nothing of cancellations for a business with none', async () => {
    const dialog = await openOfferOf({ lateCancellations: 0 });
    expect(within(dialog).getByText('4.6 (12 reviews)')).toBeTruthy();
    expect(within(dialog).queryByTestId('late-cancellations')).toBeNull();
    expect(within(dialog).queryByText(/late cancellation/)).toBeNull();
  });
});
