import { describe, expect, it } from 'vitest';
import {
  AcceptCounterOfferInputSchema,
  ConfirmOfferInputSchema,
  KeepQuoteInputSchema,
  latestCustomerCounterOffer,
  requestChangedSinceQuoteMessage,
  TERMS_MESSAGES,
} from './terms-agreement';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('ConfirmOfferInputSchema', () => {
  it('takes the version the offer was read with', () => {
    expect(ConfirmOfferInputSchema.parse({ termsVersion: ' abc ' })).toEqual({ termsVersion: 'abc' });
  });

  it('refuses a confirmation naming no terms, in plain words, whatever was sent', () => {
    for (const body of [
      undefined,
      null,
      {},
      [],
      { termsVersion: '' },
      { termsVersion: '  ' },
      { termsVersion: 7 },
    ]) {
      expect(messageOf(ConfirmOfferInputSchema.safeParse(body)), JSON.stringify(body)).toBe(
        TERMS_MESSAGES.offerVersionMissing,
      );
    }
    expect(messageOf(ConfirmOfferInputSchema.safeParse({ termsVersion: 'x'.repeat(101) }))).toBe(
      TERMS_MESSAGES.offerVersionMissing,
    );
  });
});

describe('AcceptCounterOfferInputSchema', () => {
  it('names the counter offer, or says what is missing', () => {
    expect(AcceptCounterOfferInputSchema.parse({ counterOfferId: 'm1' })).toEqual({ counterOfferId: 'm1' });
    for (const body of [undefined, {}, { counterOfferId: '' }]) {
      expect(messageOf(AcceptCounterOfferInputSchema.safeParse(body))).toBe(
        TERMS_MESSAGES.counterOfferMissing,
      );
    }
  });
});

describe('the request a business agrees to', () => {
  it('is optional on Accept Request (an older client), and then only of a sane size', () => {
    expect(AcceptCounterOfferInputSchema.parse({ counterOfferId: 'm1', requestVersion: ' v1 ' })).toEqual({
      counterOfferId: 'm1',
      requestVersion: 'v1',
    });
    expect(
      messageOf(
        AcceptCounterOfferInputSchema.safeParse({ counterOfferId: 'm1', requestVersion: 'x'.repeat(101) }),
      ),
    ).toBe(TERMS_MESSAGES.requestVersionMissing);
  });

  it('is required by Keep My Quote, in plain words', () => {
    expect(KeepQuoteInputSchema.parse({ requestVersion: 'v1' })).toEqual({ requestVersion: 'v1' });
    for (const body of [undefined, {}, { requestVersion: '' }, { requestVersion: 3 }]) {
      expect(messageOf(KeepQuoteInputSchema.safeParse(body)), JSON.stringify(body)).toBe(
        TERMS_MESSAGES.keepQuoteVersionMissing,
      );
    }
  });

  it('names the business when the customer’s changes await its answer', () => {
    expect(requestChangedSinceQuoteMessage('Blue Water Pools')).toBe(
      'You changed this request after Blue Water Pools quoted, so nothing was booked. Blue Water Pools has been asked to check the new details; you can confirm once they keep or update their quote.',
    );
  });
});

describe('latestCustomerCounterOffer', () => {
  const thread = [
    { id: 'a', from: 'customer', messageType: 'counter_offer' },
    { id: 'b', from: 'business', messageType: 'counter_offer' },
    { id: 'c', from: 'customer', messageType: 'text' },
    { id: 'd', from: 'customer', messageType: 'counter_offer' },
    { id: 'e', from: 'business', messageType: 'text' },
  ];
  it("is the customer's newest counter offer (the thread is oldest first)", () => {
    expect(latestCustomerCounterOffer(thread, (m) => m.from === 'customer')?.id).toBe('d');
    expect(latestCustomerCounterOffer(thread.slice(0, 3), (m) => m.from === 'customer')?.id).toBe('a');
    expect(latestCustomerCounterOffer(thread.slice(1, 3), (m) => m.from === 'customer')).toBeNull();
  });
});
