import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, JOB_MESSAGES } from '../bookings/booking-messages';
import { CUSTOMER_OFFER_MESSAGES, OPPORTUNITY_MESSAGES } from '../offers/offer-messages';
import { RESPONSE_MESSAGES } from '../offers/responses';
import { REQUEST_REFUSALS } from '../requests/request-messages';
import { JOB_LIFECYCLE, type JobFacts } from './job';
import {
  ACTORS,
  allowedActions,
  decide,
  defineLifecycle,
  NOT_YOURS,
  stateOf,
  statesFrom,
  stateAfter,
  type Lifecycle,
} from './lifecycle';
import { OFFER_LIFECYCLE, OFFERS_IN_PLAY, type OfferFacts } from './offer';
import { REQUEST_LIFECYCLE, type RequestFacts } from './request';

const NOW = new Date('2026-05-06T09:30:00Z');
const HOUR = 3_600_000;

/** Facts under which every guard of the lifecycle holds. */
const OFFER_OK: OfferFacts = {
  requestStatus: 'open',
  isRequestArchived: false,
  isOfferArchived: false,
  customerCounterOfferAwaitsBusiness: false,
  businessCounterOfferAwaitsCustomer: false,
  customerCounterOfferIsNewest: true,
};
const JOB_OK: JobFacts = { isBooked: true, contestDeadline: new Date(NOW.getTime() + HOUR), now: NOW };
const REQUEST_OK: RequestFacts = {
  hasAcceptedResponse: false,
  // Expired, so that resubmitting an open request is allowed too.
  latestActivityAt: new Date(NOW.getTime() - 72 * HOUR),
  now: NOW,
  isArchived: false,
  alreadyAnswered: false,
};

/** The table as lines a reader can check against the product's rules. */
function rowsOf<S extends string, A extends string, F>(lifecycle: Lifecycle<S, A, F>): string[] {
  return lifecycle.transitions.map(
    (t) => `${t.from.join('|')} --${t.action} (${t.who.join(', ')})--> ${t.to ?? 'same'}`,
  );
}

/** Every row allows its action from each of its states when the guards hold, and leads where it says. */
function walkRows<S extends string, A extends string, F>(lifecycle: Lifecycle<S, A, F>, ok: F) {
  for (const row of lifecycle.transitions)
    for (const who of row.who)
      for (const from of row.from)
        expect(decide(lifecycle, row.action, who, from, ok), `${from} ${row.action} by ${who}`).toEqual({
          allowed: true,
          to: row.to ?? from,
        });
}

/** Every other (action, actor, state) pair is refused: the wrong actor, or the wrong state in the row's words. */
function walkRefusedPairs<S extends string, A extends string, F>(lifecycle: Lifecycle<S, A, F>, ok: F) {
  const actions = [...new Set(lifecycle.transitions.map((t) => t.action))];
  for (const action of actions)
    for (const who of ACTORS) {
      const rows = lifecycle.transitions.filter((t) => t.action === action && t.who.includes(who));
      for (const state of lifecycle.states) {
        const decision = decide(lifecycle, action, who, state, ok);
        const label = `${state} ${action} by ${who}`;
        if (rows.length === 0) {
          expect(decision, label).toEqual({ allowed: false, reason: 'who', refusal: NOT_YOURS });
          continue;
        }
        if (rows.some((r) => r.from.includes(state))) continue;
        const refusedFrom = rows[0]!.refusedFrom;
        expect(decision, label).toEqual({
          allowed: false,
          reason: 'state',
          refusal: typeof refusedFrom === 'string' ? refusedFrom : refusedFrom(state),
        });
      }
    }
}

describe('the request lifecycle', () => {
  it('reads as the product describes it', () => {
    expect(rowsOf(REQUEST_LIFECYCLE)).toEqual([
      'open|cancelled --edit (customer)--> same',
      'open|assigned|in_progress|cancelled --resubmit (customer)--> open',
      'open --quote (business)--> same',
      'open --assign (grip)--> assigned',
      'assigned|in_progress --complete (grip)--> completed',
      'completed --reopen (grip)--> in_progress',
      'assigned|in_progress --cancel (grip)--> cancelled',
    ]);
    expect(REQUEST_LIFECYCLE.initial).toBe('open');
  });

  it('allows every row and refuses every other pair', () => {
    walkRows(REQUEST_LIFECYCLE, REQUEST_OK);
    walkRefusedPairs(REQUEST_LIFECYCLE, REQUEST_OK);
  });

  it('refuses in each guard’s words', () => {
    const refusal = (action: 'edit' | 'resubmit' | 'quote', facts: RequestFacts, state = 'open' as const) =>
      decide(REQUEST_LIFECYCLE, action, action === 'quote' ? 'business' : 'customer', state, facts);
    expect(refusal('edit', { ...REQUEST_OK, hasAcceptedResponse: true })).toMatchObject({
      reason: 'guard',
      refusal: REQUEST_REFUSALS.notEditable,
    });
    expect(refusal('resubmit', { ...REQUEST_OK, hasAcceptedResponse: true })).toMatchObject({
      refusal: REQUEST_REFUSALS.notResubmittable,
    });
    // An open request goes out again only once it has expired (48 h without activity).
    expect(refusal('resubmit', { ...REQUEST_OK, latestActivityAt: NOW })).toMatchObject({
      reason: 'guard',
      refusal: REQUEST_REFUSALS.notResubmittable,
    });
    expect(
      decide(REQUEST_LIFECYCLE, 'resubmit', 'customer', 'assigned', { ...REQUEST_OK, latestActivityAt: NOW }),
    ).toEqual({ allowed: true, to: 'open' });
    // Answered already is said before anything else; archived reads as no longer open.
    expect(refusal('quote', { ...REQUEST_OK, alreadyAnswered: true })).toMatchObject({
      refusal: RESPONSE_MESSAGES.alreadyResponded,
    });
    expect(
      decide(REQUEST_LIFECYCLE, 'quote', 'business', 'assigned', { ...REQUEST_OK, alreadyAnswered: true }),
    ).toMatchObject({ refusal: RESPONSE_MESSAGES.alreadyResponded });
    expect(refusal('quote', { ...REQUEST_OK, isArchived: true })).toMatchObject({
      refusal: RESPONSE_MESSAGES.notOpen,
    });
  });

  it('refuses Grip’s own consequences on a request that changed meanwhile', () => {
    for (const [action, state] of [
      ['assign', 'assigned'],
      ['complete', 'open'],
      ['reopen', 'assigned'],
    ] as const)
      expect(decide(REQUEST_LIFECYCLE, action, 'grip', state, {})).toEqual({
        allowed: false,
        reason: 'state',
        refusal: REQUEST_REFUSALS.changedMeanwhile,
      });
  });

  it('holds back an action whose facts were not given', () => {
    expect(decide(REQUEST_LIFECYCLE, 'edit', 'customer', 'open', {})).toMatchObject({ allowed: false });
    expect(
      decide(REQUEST_LIFECYCLE, 'resubmit', 'customer', 'open', { hasAcceptedResponse: false }),
    ).toMatchObject({ allowed: false });
  });
});

describe('the offer lifecycle', () => {
  it('reads as the product describes it', () => {
    expect(rowsOf(OFFER_LIFECYCLE)).toEqual([
      'pending --confirm (customer)--> accepted',
      'pending --modify (customer)--> same',
      'pending --decline (customer)--> declined',
      'pending --ignore (customer)--> ignored',
      'pending --editOffer (business)--> same',
      'pending --decline (business)--> declined',
      'pending --accept (business)--> same',
      'pending --keepQuote (business)--> same',
      'pending|in_progress --reject (grip)--> rejected',
      'accepted --cancel (grip)--> cancelled',
    ]);
    expect(OFFERS_IN_PLAY).toEqual(['pending', 'in_progress']);
  });

  it('allows every row and refuses every other pair', () => {
    walkRows(OFFER_LIFECYCLE, OFFER_OK);
    walkRefusedPairs(OFFER_LIFECYCLE, OFFER_OK);
  });

  it('gives each party its own words for a state that changed', () => {
    expect(decide(OFFER_LIFECYCLE, 'decline', 'customer', 'accepted', OFFER_OK)).toMatchObject({
      refusal: CUSTOMER_OFFER_MESSAGES.notOpen,
    });
    expect(decide(OFFER_LIFECYCLE, 'decline', 'business', 'accepted', OFFER_OK)).toMatchObject({
      refusal: OPPORTUNITY_MESSAGES.notPending,
    });
  });

  it('checks the customer’s request before the offer, and their waiting counter offer after', () => {
    const customer = (
      action: 'confirm' | 'modify' | 'decline' | 'ignore',
      facts: Partial<OfferFacts>,
      state = 'pending' as const,
    ) => decide(OFFER_LIFECYCLE, action, 'customer', state, { ...OFFER_OK, ...facts });
    for (const action of ['confirm', 'modify', 'decline'] as const) {
      expect(customer(action, { requestStatus: 'assigned' })).toMatchObject({
        refusal: CUSTOMER_OFFER_MESSAGES.requestNotOpen,
      });
      expect(customer(action, { isRequestArchived: true })).toMatchObject({
        refusal: CUSTOMER_OFFER_MESSAGES.requestNotOpen,
      });
      // The request's words win over the offer's state.
      expect(
        decide(OFFER_LIFECYCLE, action, 'customer', 'accepted', { ...OFFER_OK, requestStatus: 'assigned' }),
      ).toMatchObject({ refusal: CUSTOMER_OFFER_MESSAGES.requestNotOpen });
      expect(customer(action, { customerCounterOfferAwaitsBusiness: true })).toMatchObject({
        refusal: CUSTOMER_OFFER_MESSAGES.counterOfferPendingDetail,
      });
    }
    // Hiding an offer needs only that it is pending.
    expect(
      customer('ignore', {
        requestStatus: 'assigned',
        isRequestArchived: true,
        customerCounterOfferAwaitsBusiness: true,
      }),
    ).toEqual({ allowed: true, to: 'ignored' });
  });

  it('checks the business’s archive flags first, then the state, the request and its counter offer', () => {
    const business = (
      action: 'editOffer' | 'decline' | 'accept' | 'keepQuote',
      facts: Partial<OfferFacts>,
      state: 'pending' | 'accepted' = 'pending',
    ) => decide(OFFER_LIFECYCLE, action, 'business', state, { ...OFFER_OK, ...facts });
    for (const action of ['editOffer', 'decline', 'accept', 'keepQuote'] as const) {
      expect(business(action, { isOfferArchived: true }, 'accepted')).toMatchObject({
        refusal: OPPORTUNITY_MESSAGES.archived,
      });
      expect(business(action, { isRequestArchived: true }, 'accepted')).toMatchObject({
        refusal: OPPORTUNITY_MESSAGES.requestNotOpen,
      });
      expect(business(action, { requestStatus: 'assigned' }, 'accepted')).toMatchObject({
        refusal: OPPORTUNITY_MESSAGES.notPending,
      });
      expect(business(action, { requestStatus: 'assigned' })).toMatchObject({
        refusal: OPPORTUNITY_MESSAGES.requestNotOpen,
      });
    }
    for (const action of ['editOffer', 'decline', 'accept'] as const)
      expect(business(action, { businessCounterOfferAwaitsCustomer: true })).toMatchObject({
        refusal: OPPORTUNITY_MESSAGES.counterOfferPendingDetail,
      });
    // Keep My Quote answers the customer's change: the business's own counter offer does not hold it.
    expect(business('keepQuote', { businessCounterOfferAwaitsCustomer: true })).toEqual({
      allowed: true,
      to: 'pending',
    });
    expect(business('accept', { customerCounterOfferIsNewest: false })).toMatchObject({
      refusal: OPPORTUNITY_MESSAGES.noCustomerCounterOffer,
    });
  });

  it('offers each party only the actions its table allows', () => {
    expect(allowedActions(OFFER_LIFECYCLE, 'customer', 'pending', OFFER_OK)).toEqual([
      'confirm',
      'modify',
      'decline',
      'ignore',
    ]);
    expect(
      allowedActions(OFFER_LIFECYCLE, 'business', 'pending', {
        ...OFFER_OK,
        customerCounterOfferIsNewest: false,
      }),
    ).toEqual(['editOffer', 'decline', 'keepQuote']);
    expect(allowedActions(OFFER_LIFECYCLE, 'customer', 'accepted', OFFER_OK)).toEqual([]);
  });
});

describe('the job lifecycle', () => {
  it('reads as the product describes it', () => {
    expect(rowsOf(JOB_LIFECYCLE)).toEqual([
      'pending|in_progress --complete (business)--> completed',
      'completed --contest (customer)--> contested',
      'contested --redo (grip)--> in_progress',
      'contested --resolve (grip)--> completed',
      'pending|in_progress --cancel (customer, business)--> cancelled',
      'pending|in_progress --reschedule (customer, business)--> same',
    ]);
  });

  it('allows every row and refuses every other pair', () => {
    walkRows(JOB_LIFECYCLE, JOB_OK);
    walkRefusedPairs(JOB_LIFECYCLE, JOB_OK);
  });

  it('names the state a refusal comes from', () => {
    expect(decide(JOB_LIFECYCLE, 'complete', 'business', 'completed', JOB_OK)).toMatchObject({
      refusal: JOB_MESSAGES.alreadyCompleted,
    });
    expect(decide(JOB_LIFECYCLE, 'complete', 'business', 'contested', JOB_OK)).toMatchObject({
      refusal: JOB_MESSAGES.notCompletable,
    });
    expect(decide(JOB_LIFECYCLE, 'complete', 'business', 'pending', { isBooked: false })).toMatchObject({
      reason: 'guard',
      refusal: JOB_MESSAGES.notCompletable,
    });
    expect(decide(JOB_LIFECYCLE, 'contest', 'customer', 'contested', JOB_OK)).toMatchObject({
      refusal: BOOKING_MESSAGES.alreadyContested,
    });
    expect(decide(JOB_LIFECYCLE, 'contest', 'customer', 'pending', JOB_OK)).toMatchObject({
      refusal: BOOKING_MESSAGES.contestNotCompleted,
    });
  });

  it('ends a contest only as Grip’s consequence of its dispute: neither party may redo or resolve', () => {
    for (const action of ['redo', 'resolve'] as const) {
      for (const who of ['customer', 'business'] as const)
        expect(decide(JOB_LIFECYCLE, action, who, 'contested', JOB_OK)).toEqual({
          allowed: false,
          reason: 'who',
          refusal: NOT_YOURS,
        });
      expect(decide(JOB_LIFECYCLE, action, 'grip', 'completed', JOB_OK)).toMatchObject({
        refusal: JOB_MESSAGES.notContested,
      });
    }
    expect(decide(JOB_LIFECYCLE, 'redo', 'grip', 'contested', {})).toEqual({
      allowed: true,
      to: 'in_progress',
    });
    expect(decide(JOB_LIFECYCLE, 'resolve', 'grip', 'contested', {})).toEqual({
      allowed: true,
      to: 'completed',
    });
    expect(allowedActions(JOB_LIFECYCLE, 'business', 'contested', JOB_OK)).toEqual([]);
  });

  it('closes the contest window at the deadline, not a moment later', () => {
    const at = (now: Date) =>
      decide(JOB_LIFECYCLE, 'contest', 'customer', 'completed', {
        contestDeadline: JOB_OK.contestDeadline,
        now,
      });
    const deadline = JOB_OK.contestDeadline!;
    expect(at(new Date(deadline.getTime() - 1))).toEqual({ allowed: true, to: 'contested' });
    expect(at(deadline)).toMatchObject({ reason: 'guard', refusal: BOOKING_MESSAGES.contestClosed });
    expect(
      decide(JOB_LIFECYCLE, 'contest', 'customer', 'completed', { contestDeadline: null, now: NOW }),
    ).toMatchObject({ refusal: BOOKING_MESSAGES.contestClosed });
  });
});

describe('the machinery', () => {
  it('refuses a table that names a state it does not have', () => {
    expect(() =>
      defineLifecycle({
        name: 'broken',
        states: ['a', 'b'] as const,
        initial: 'a',
        transitions: [{ action: 'go', who: ['customer'], from: ['a'], to: 'c' as 'b', refusedFrom: 'no' }],
      }),
    ).toThrow(/unknown state c/);
  });

  it('reads the states an action starts from and leads to', () => {
    expect(statesFrom(JOB_LIFECYCLE, 'complete')).toEqual(['pending', 'in_progress']);
    expect(stateAfter(OFFER_LIFECYCLE, 'confirm')).toBe('accepted');
    // Modify leaves the state as it is: it has no one state to lead to.
    expect(() => stateAfter(OFFER_LIFECYCLE, 'modify')).toThrow(/does not lead to one state/);
  });

  it('reads a stored status only as one of the table’s states', () => {
    expect(stateOf(REQUEST_LIFECYCLE, 'assigned')).toBe('assigned');
    expect(() => stateOf(REQUEST_LIFECYCLE, 'booked')).toThrow(/booked is not a state/);
  });
});
