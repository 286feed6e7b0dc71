import { describe, expect, it } from 'vitest';
import {
  counterOfferSchemaFor,
  expiredBadgeOf,
  hasCustomerCounterOffer,
  hasPendingCounterOffer,
  isBookedOpportunity,
  isListedOpportunity,
  latestActivityOf,
  OFFER_TIME_SLOTS,
  opportunityActions,
  opportunityGroupOf,
  opportunityNotes,
  opportunityRefusal,
  storedOfferTime,
  type MessageFact,
  type OpportunityFacts,
} from './business-opportunities';
import { OPPORTUNITY_MESSAGES } from './offer-messages';
import { HOUR_MS } from '../shared/time-windows';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
const BIZ = 'biz-1';
const CUSTOMER = 'cust-1';
const msg = (senderId: string | null, messageType: string, hoursAgo: number): MessageFact => ({
  senderId,
  messageType,
  createdAt: ago(hoursAgo),
});

/** A pending response on an open request: every rule's starting point. */
const open: OpportunityFacts = {
  status: 'pending',
  completionStatus: 'pending',
  requestStatus: 'open',
  isArchived: false,
  isRequestArchived: false,
};

describe('opportunity listing and grouping', () => {
  it('lists pending, in_progress and accepted-not-completed responses only', () => {
    expect(isListedOpportunity('pending', 'pending')).toBe(true);
    expect(isListedOpportunity('in_progress', 'pending')).toBe(true);
    expect(isListedOpportunity('accepted', 'pending')).toBe(true);
    expect(isListedOpportunity('accepted', 'completed')).toBe(false);
    expect(isListedOpportunity('rejected', 'pending')).toBe(false);
    expect(isListedOpportunity('declined', 'pending')).toBe(false);
  });

  it('leaves out what the business archived and responses to an archived request', () => {
    const archived = { isArchived: true, isRequestArchived: false };
    const requestArchived = { isArchived: false, isRequestArchived: true };
    expect(isListedOpportunity('pending', 'pending', archived)).toBe(false);
    expect(isListedOpportunity('accepted', 'pending', requestArchived)).toBe(false);
    // The older way of archiving wrote completion_status.
    expect(isListedOpportunity('accepted', 'archived')).toBe(false);
  });

  it('calls an accepted, not completed response a booked job', () => {
    expect(isBookedOpportunity('accepted', 'pending')).toBe(true);
    expect(isBookedOpportunity('accepted', 'contested')).toBe(true);
    expect(isBookedOpportunity('accepted', 'completed')).toBe(false);
    expect(isBookedOpportunity('pending', 'pending')).toBe(false);
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
    expect(opportunityActions(open, [msg(BIZ, 'counter_offer', 1)], BIZ)).toEqual({
      hasPendingCounterOffer: true,
      canAccept: false,
      canDecline: false,
      canEditOffer: false,
    });
    expect(opportunityActions(open, [msg(CUSTOMER, 'counter_offer', 1)], BIZ)).toEqual({
      hasPendingCounterOffer: false,
      canAccept: true,
      canDecline: true,
      canEditOffer: true,
    });
    expect(opportunityActions({ ...open, status: 'accepted' }, [], BIZ)).toMatchObject({
      canDecline: false,
      canEditOffer: false,
    });
  });

  it('disables every action when the response or its request is archived or the request is closed', () => {
    const counter = [msg(CUSTOMER, 'counter_offer', 1)];
    for (const facts of [
      { ...open, isArchived: true },
      { ...open, completionStatus: 'archived' },
      { ...open, isRequestArchived: true },
      { ...open, requestStatus: 'assigned' },
      { ...open, requestStatus: 'cancelled' },
    ]) {
      expect(opportunityActions(facts, counter, BIZ)).toMatchObject({
        canAccept: false,
        canDecline: false,
        canEditOffer: false,
      });
    }
  });
});

describe('why an action is refused', () => {
  it('names the first rule that refuses it', () => {
    const refuse = (facts: OpportunityFacts, messages: MessageFact[] = []) =>
      opportunityRefusal(facts, messages, BIZ, 'decline');
    expect(refuse({ ...open, isArchived: true, isRequestArchived: true })).toBe(
      OPPORTUNITY_MESSAGES.archived,
    );
    expect(refuse({ ...open, isRequestArchived: true, status: 'accepted' })).toBe(
      'This request is no longer open for responses.',
    );
    // An accepted job's request is assigned: the offer's own state is the clearer reason.
    expect(refuse({ ...open, status: 'accepted', requestStatus: 'assigned' })).toBe(
      OPPORTUNITY_MESSAGES.notPending,
    );
    expect(refuse({ ...open, requestStatus: 'assigned' })).toBe(
      'This request is no longer open for responses.',
    );
    expect(refuse(open, [msg(BIZ, 'counter_offer', 1)])).toBe(OPPORTUNITY_MESSAGES.counterOfferPendingDetail);
    expect(refuse(open)).toBeNull();
    expect(opportunityRefusal(open, [], BIZ, 'accept')).toBe(OPPORTUNITY_MESSAGES.noCustomerCounterOffer);
    expect(opportunityRefusal(open, [msg(CUSTOMER, 'counter_offer', 1)], BIZ, 'accept')).toBeNull();
  });

  it('lets Keep My Quote answer a changed request while the business’s own counter offer waits', () => {
    const keep = (facts: OpportunityFacts, messages: MessageFact[] = []) =>
      opportunityRefusal(facts, messages, BIZ, 'keepQuote');
    expect(keep(open, [msg(BIZ, 'counter_offer', 1)])).toBeNull();
    expect(keep(open)).toBeNull();
    expect(keep({ ...open, isArchived: true })).toBe(OPPORTUNITY_MESSAGES.archived);
    expect(keep({ ...open, status: 'declined' })).toBe(OPPORTUNITY_MESSAGES.notPending);
    expect(keep({ ...open, requestStatus: 'assigned' })).toBe(
      'This request is no longer open for responses.',
    );
  });
});

describe('the notes beside the buttons', () => {
  const card = (over: Partial<Parameters<typeof opportunityNotes>[0]> = {}) =>
    opportunityNotes({
      status: 'pending',
      hasPendingCounterOffer: false,
      canAccept: false,
      canDecline: true,
      request: { status: 'open' },
      ...over,
    });

  it('says why everything is off', () => {
    expect(card({ hasPendingCounterOffer: true, canDecline: false })).toEqual({
      locked: 'Waiting for the customer to answer your counter offer.',
      accept: null,
    });
    expect(card({ status: 'accepted', canDecline: false }).locked).toBe(OPPORTUNITY_MESSAGES.acceptedJob);
    expect(card({ request: { status: 'assigned' }, canDecline: false }).locked).toBe(
      'This request is no longer open for responses.',
    );
  });

  it('explains Accept Request whether or not there is a customer counter offer to accept', () => {
    expect(card()).toEqual({ locked: null, accept: OPPORTUNITY_MESSAGES.acceptNeedsCounterOffer });
    expect(card({ canAccept: true })).toEqual({
      locked: null,
      accept: OPPORTUNITY_MESSAGES.acceptTakesCounterOffer,
    });
  });
});

describe('counter offer form', () => {
  const schema = counterOfferSchemaFor('2026-03-10');
  it('offers the 13 hourly slots from 08:00 to 20:00 and stores times with seconds', () => {
    expect(OFFER_TIME_SLOTS).toHaveLength(13);
    expect(OFFER_TIME_SLOTS[0]).toBe('08:00');
    expect(OFFER_TIME_SLOTS.at(-1)).toBe('20:00');
    expect(storedOfferTime('09:00')).toBe('09:00:00');
    expect(storedOfferTime('09:30:00')).toBe('09:30:00');
    expect(storedOfferTime(null)).toBeNull();
    expect(storedOfferTime('')).toBeNull();
  });
  it('takes an optional availability time and refuses a malformed one', () => {
    const base = { quotedPrice: 150, message: 'Can do it for less.' };
    expect(schema.safeParse({ ...base, availabilityTime: '10:00' }).success).toBe(true);
    expect(schema.safeParse({ ...base, availabilityTime: null }).success).toBe(true);
    expect(schema.safeParse({ ...base, availabilityTime: '25:00' }).success).toBe(false);
  });
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
