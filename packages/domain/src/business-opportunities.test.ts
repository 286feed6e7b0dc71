import { describe, expect, it } from 'vitest';
import {
  counterOfferSchemaFor,
  expiredBadgeOf,
  hasCustomerCounterOffer,
  hasPendingCounterOffer,
  isListedOpportunity,
  latestActivityOf,
  opportunityActions,
  opportunityGroupOf,
  type MessageFact,
} from './business-opportunities';
import { HOUR_MS } from './time-windows';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
const BIZ = 'biz-1';
const CUSTOMER = 'cust-1';
const msg = (senderId: string | null, messageType: string, hoursAgo: number): MessageFact => ({
  senderId,
  messageType,
  createdAt: ago(hoursAgo),
});

describe('opportunity listing and grouping', () => {
  it('lists pending, in_progress and accepted-not-completed responses only', () => {
    expect(isListedOpportunity('pending', 'pending')).toBe(true);
    expect(isListedOpportunity('in_progress', 'pending')).toBe(true);
    expect(isListedOpportunity('accepted', 'pending')).toBe(true);
    expect(isListedOpportunity('accepted', 'completed')).toBe(false);
    expect(isListedOpportunity('rejected', 'pending')).toBe(false);
    expect(isListedOpportunity('declined', 'pending')).toBe(false);
  });

  it('takes the latest of created, updated and last message', () => {
    expect(latestActivityOf(ago(50), ago(30), ago(2))).toEqual(ago(2));
    expect(latestActivityOf(ago(50), ago(30), null)).toEqual(ago(30));
    expect(latestActivityOf(ago(5), ago(50), ago(60))).toEqual(ago(5));
  });

  it('groups by age: ≤ 24 h active, 24–48 h expiring, older expired', () => {
    expect(opportunityGroupOf(ago(0), now)).toBe('active');
    expect(opportunityGroupOf(ago(24), now)).toBe('active');
    expect(opportunityGroupOf(ago(24.01), now)).toBe('expiring');
    expect(opportunityGroupOf(ago(48), now)).toBe('expiring');
    expect(opportunityGroupOf(ago(48.01), now)).toBe('expired');
  });

  it('badges expired ones Declined, No Response or Just Expired', () => {
    expect(expiredBadgeOf('declined', 3)).toBe('Declined');
    expect(expiredBadgeOf('pending', 2)).toBe('No Response');
    expect(expiredBadgeOf('pending', 0)).toBe('Just Expired');
  });
});

describe('the pending counter-offer rule', () => {
  it('is pending when the business last sent a counter offer and the customer has not replied', () => {
    expect(hasPendingCounterOffer([msg(CUSTOMER, 'text', 5), msg(BIZ, 'counter_offer', 3)], BIZ)).toBe(true);
  });

  it('is not pending once the customer sends anything later', () => {
    expect(hasPendingCounterOffer([msg(BIZ, 'counter_offer', 3), msg(CUSTOMER, 'text', 1)], BIZ)).toBe(false);
  });

  it('is not pending when the business’s latest message is not a counter offer', () => {
    expect(hasPendingCounterOffer([msg(BIZ, 'counter_offer', 3), msg(BIZ, 'text', 2)], BIZ)).toBe(false);
    expect(hasPendingCounterOffer([], BIZ)).toBe(false);
    expect(hasPendingCounterOffer([msg(CUSTOMER, 'counter_offer', 1)], BIZ)).toBe(false);
  });

  it('sees a customer counter offer only when it is the newest message', () => {
    expect(hasCustomerCounterOffer([msg(CUSTOMER, 'counter_offer', 1)], BIZ)).toBe(true);
    expect(hasCustomerCounterOffer([msg(CUSTOMER, 'counter_offer', 2), msg(BIZ, 'text', 1)], BIZ)).toBe(
      false,
    );
  });

  it('disables every action while pending and all of them for a response that is no longer pending', () => {
    expect(opportunityActions('pending', [msg(BIZ, 'counter_offer', 1)], BIZ)).toEqual({
      hasPendingCounterOffer: true,
      canAccept: false,
      canDecline: false,
      canEditOffer: false,
    });
    expect(opportunityActions('pending', [msg(CUSTOMER, 'counter_offer', 1)], BIZ)).toEqual({
      hasPendingCounterOffer: false,
      canAccept: true,
      canDecline: true,
      canEditOffer: true,
    });
    expect(opportunityActions('accepted', [], BIZ)).toMatchObject({ canDecline: false, canEditOffer: false });
  });
});

describe('counter offer form', () => {
  const schema = counterOfferSchemaFor('2026-03-10');
  it('accepts a valid counter offer', () => {
    expect(
      schema.safeParse({ quotedPrice: 150, availabilityDate: '2026-03-10', message: 'Can do it for less.' })
        .success,
    ).toBe(true);
  });
  it('refuses a zero price, a past date and a short message with the spec texts', () => {
    const r = schema.safeParse({ quotedPrice: 0, availabilityDate: '2026-03-09', message: 'short' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Price must be greater than 0');
    expect(messages).toContain('Message must be at least 10 characters');
    const past = schema.safeParse({
      quotedPrice: 10,
      availabilityDate: '2026-03-09',
      message: 'Long enough text',
    });
    expect(past.error?.issues[0]?.message).toBe('The availability date cannot be in the past');
  });
});
