/**
 * Issue 33 item 6: a business name that ends in a full stop ('Harbour Plumbing Co.') ends the
 * sentence once — the Modified Offer dialog read "to Harbour Plumbing Co.. They can accept it".
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeOffer } from '../testing/offer-fixtures';
import { renderOfferDialog } from '../testing/render-offer-dialog';

const OFFER = '/api/offers/resp1';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('a business name ending in a full stop', () => {
  it('is followed by one full stop in the Modified Offer dialog', async () => {
    mockApi({
      [`GET ${OFFER}`]: { body: makeOffer({ business: { name: 'Harbour Plumbing Co.' } }) },
      [`POST ${OFFER}/view`]: { status: 204 },
    });
    const { user } = renderOfferDialog('resp1');
    await user.click(screen.getByRole('button', { name: 'Open offer' }));
    const detail = await screen.findByRole('dialog', { name: 'Harbour Plumbing Co.' });
    await user.click(within(detail).getByRole('button', { name: /Modify Request/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modified Offer' });
    expect(dialog.textContent).toContain(
      'Propose your own price and time to Harbour Plumbing Co. They can accept it or reply.',
    );
    expect(dialog.textContent).not.toContain('Co..');
    // The price label names the platform's currency (en-AU, AUD by default).
    expect(within(dialog).getByLabelText('Your price ($)')).toBeTruthy();
  });
});
