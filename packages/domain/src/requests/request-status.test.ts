import { describe, expect, it } from 'vitest';
import {
  activeSince,
  canEditRequest,
  canResubmit,
  latestActivity,
  myRequestSection,
  requestDisplayStatus,
  type RequestStatusFacts,
} from './request-status';

const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const facts = (over: Partial<RequestStatusFacts> = {}): RequestStatusFacts => ({
  status: 'open',
  hasAcceptedResponse: false,
  acceptedCompletionStatus: null,
  latestActivityAt: hoursAgo(1),
  ...over,
});

describe('latest activity', () => {
  it('is the newest of the request update and every response time', () => {
    expect(latestActivity(hoursAgo(50), [])).toEqual(hoursAgo(50));
    expect(
      latestActivity(hoursAgo(50), [
        { createdAt: hoursAgo(40), updatedAt: hoursAgo(3) },
        { createdAt: hoursAgo(10), updatedAt: null },
      ]),
    ).toEqual(hoursAgo(3));
  });
});

describe('display status', () => {
  it('is COMPLETED when the accepted response is completed', () => {
    expect(
      requestDisplayStatus(
        facts({
          status: 'assigned',
          hasAcceptedResponse: true,
          acceptedCompletionStatus: 'completed',
          latestActivityAt: hoursAgo(100),
        }),
        now,
      ),
    ).toBe('COMPLETED');
  });
  it('is CONFIRMED for an accepted, unfinished response or an assigned request, even when old', () => {
    expect(
      requestDisplayStatus(facts({ hasAcceptedResponse: true, acceptedCompletionStatus: 'pending' }), now),
    ).toBe('CONFIRMED');
    expect(requestDisplayStatus(facts({ status: 'assigned', latestActivityAt: hoursAgo(100) }), now)).toBe(
      'CONFIRMED',
    );
  });
  it('is CONFIRMED for a contested job: the spec has no CONTESTED badge on My Requests', () => {
    expect(
      requestDisplayStatus(
        facts({
          status: 'completed',
          hasAcceptedResponse: true,
          acceptedCompletionStatus: 'contested',
          latestActivityAt: hoursAgo(100),
        }),
        now,
      ),
    ).toBe('CONFIRMED');
  });
  it('is EXPIRED after more than 48 hours without activity', () => {
    expect(requestDisplayStatus(facts({ latestActivityAt: hoursAgo(48.01) }), now)).toBe('EXPIRED');
    expect(requestDisplayStatus(facts({ latestActivityAt: hoursAgo(48) }), now)).toBe('OPEN');
  });
  it('is otherwise the status in words', () => {
    expect(requestDisplayStatus(facts({ status: 'in_progress' }), now)).toBe('IN PROGRESS');
    expect(requestDisplayStatus(facts({ status: 'cancelled' }), now)).toBe('CANCELLED');
  });
});

describe('sections and actions', () => {
  it('puts a request in Active within 48 hours of activity, else Expired', () => {
    expect(myRequestSection(hoursAgo(47), now)).toBe('active');
    expect(myRequestSection(hoursAgo(49), now)).toBe('expired');
    expect(activeSince(now)).toEqual(hoursAgo(48));
  });
  it('offers resubmit when not open, or open and expired, never for a booking', () => {
    expect(canResubmit(facts(), now)).toBe(false);
    expect(canResubmit(facts({ latestActivityAt: hoursAgo(72) }), now)).toBe(true);
    expect(canResubmit(facts({ status: 'cancelled' }), now)).toBe(true);
    expect(
      canResubmit(
        facts({ status: 'assigned', hasAcceptedResponse: true, acceptedCompletionStatus: 'pending' }),
        now,
      ),
    ).toBe(false);
    expect(canResubmit(facts({ status: 'completed' }), now)).toBe(false);
  });
  it('allows editing until a quote is accepted', () => {
    expect(canEditRequest(facts())).toBe(true);
    expect(canEditRequest(facts({ hasAcceptedResponse: true }))).toBe(false);
    expect(canEditRequest(facts({ status: 'assigned' }))).toBe(false);
  });
});
