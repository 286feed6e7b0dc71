import { describe, expect, it } from 'vitest';
import {
  hasCustomerSentModifiedOffer,
  mentionsModifiedOffer,
  MY_RESPONSES_DEFAULT_OPEN,
  MY_RESPONSES_GROUP_TITLES,
  MY_RESPONSES_GROUPS,
  MY_RESPONSES_MESSAGES,
  myResponseOfferActions,
  myResponsesGroupOf,
  myResponsesGroupWindow,
  MyResponsesPageSchema,
  MyResponsesQuerySchema,
} from './my-responses';
import { HOUR_MS } from '../shared/time-windows';

const now = new Date('2026-05-10T12:00:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

describe('My Responses groups (spec 2 "My Responses")', () => {
  it('are New, about to Expire and Expired, in that order, with only New open at first', () => {
    expect(MY_RESPONSES_GROUPS).toEqual(['new', 'about_to_expire', 'expired']);
    expect(MY_RESPONSES_GROUPS.map((g) => MY_RESPONSES_GROUP_TITLES[g])).toEqual([
      'New Requests',
      'Requests about to Expire',
      'Expired Requests',
    ]);
    expect(MY_RESPONSES_DEFAULT_OPEN).toEqual({ new: true, about_to_expire: false, expired: false });
  });

  it('groups by creation age: new within 24 h, about to expire within 48 h, expired after', () => {
    expect(myResponsesGroupOf(ago(0), 'open', now)).toBe('new');
    expect(myResponsesGroupOf(ago(23.9), 'open', now)).toBe('new');
    expect(myResponsesGroupOf(ago(24), 'open', now)).toBe('new');
    expect(myResponsesGroupOf(ago(24.1), 'open', now)).toBe('about_to_expire');
    expect(myResponsesGroupOf(ago(48), 'open', now)).toBe('about_to_expire');
    expect(myResponsesGroupOf(ago(48.1), 'open', now)).toBe('expired');
    expect(myResponsesGroupOf(ago(500), 'cancelled', now)).toBe('expired');
  });

  it('leaves expired requests out once assigned, in progress or completed, but not younger ones', () => {
    for (const status of ['assigned', 'in_progress', 'completed']) {
      expect(myResponsesGroupOf(ago(49), status, now)).toBeNull();
      expect(myResponsesGroupOf(ago(2), status, now)).toBe('new');
      expect(myResponsesGroupOf(ago(30), status, now)).toBe('about_to_expire');
    }
  });

  it('gives SQL windows with the same edges as the grouping', () => {
    expect(myResponsesGroupWindow('new', now)).toEqual({ from: ago(24), before: null });
    expect(myResponsesGroupWindow('about_to_expire', now)).toEqual({ from: ago(48), before: ago(24) });
    expect(myResponsesGroupWindow('expired', now)).toEqual({ from: null, before: ago(48) });
    const inWindow = (at: Date, w: { from: Date | null; before: Date | null }) =>
      (w.from === null || at >= w.from) && (w.before === null || at < w.before);
    for (const hours of [0, 1, 23.99, 24, 24.01, 47, 48, 48.01, 100]) {
      const at = ago(hours);
      const group = myResponsesGroupOf(at, 'open', now);
      for (const g of MY_RESPONSES_GROUPS) {
        expect(inWindow(at, myResponsesGroupWindow(g, now)), `${hours} h in ${g}`).toBe(g === group);
      }
    }
  });
});

describe('MyResponsesQuerySchema', () => {
  it('defaults to the first page of New, 20 at a time', () => {
    expect(MyResponsesQuerySchema.parse({})).toEqual({ group: 'new', limit: 20 });
    expect(MyResponsesQuerySchema.parse({ group: 'expired', limit: '50', cursor: 'x' })).toEqual({
      group: 'expired',
      limit: 50,
      cursor: 'x',
    });
  });

  it('refuses an unknown group and a limit outside 1..50 with a message', () => {
    const group = MyResponsesQuerySchema.safeParse({ group: 'old' });
    expect(group.success).toBe(false);
    expect(group.error?.issues[0]?.message).toBe(MY_RESPONSES_MESSAGES.badGroup);
    for (const limit of ['0', '51', '2.5', 'ten']) {
      const parsed = MyResponsesQuerySchema.safeParse({ limit });
      expect(parsed.success, limit).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('The page size must be a number from 1 to 50.');
    }
  });

  it('pages carry requests with their responses', () => {
    expect(MyResponsesPageSchema.safeParse({ items: [], nextCursor: null }).success).toBe(true);
    expect(MyResponsesPageSchema.safeParse({ items: [{ id: 'r1' }], nextCursor: null }).success).toBe(false);
  });
});

describe('\'Customer sent modified request\' (spec 2 "Older My Responses screen")', () => {
  it('reads counter offer and modified request mentions in any case', () => {
    expect(mentionsModifiedOffer('Here is my Counter Offer for you')).toBe(true);
    expect(mentionsModifiedOffer('counter-offer attached')).toBe(true);
    expect(mentionsModifiedOffer('My COUNTEROFFER')).toBe(true);
    expect(mentionsModifiedOffer('I sent a modified request yesterday')).toBe(true);
    expect(mentionsModifiedOffer('Thanks, see you Monday')).toBe(false);
    expect(mentionsModifiedOffer('I can offer a counter top')).toBe(false);
  });

  it('needs a message of the customer that is a counter offer or mentions one', () => {
    const customer = 'c1';
    expect(hasCustomerSentModifiedOffer([], customer)).toBe(false);
    expect(
      hasCustomerSentModifiedOffer(
        [{ senderId: customer, messageType: 'counter_offer', message: '' }],
        customer,
      ),
    ).toBe(true);
    expect(
      hasCustomerSentModifiedOffer(
        [{ senderId: customer, messageType: 'text', message: 'About my modified request' }],
        customer,
      ),
    ).toBe(true);
    // The business's own counter offers and mentions do not count.
    expect(
      hasCustomerSentModifiedOffer(
        [
          { senderId: 'b1', messageType: 'counter_offer', message: 'counter offer' },
          { senderId: null, messageType: 'text', message: 'modified request' },
          { senderId: customer, messageType: 'text', message: 'Hello' },
        ],
        customer,
      ),
    ).toBe(false);
  });
});

describe('myResponseOfferActions', () => {
  it('opens Confirm, Counter and Decline only on a pending offer of an open request with nothing awaited', () => {
    expect(myResponseOfferActions({ status: 'pending', stateBadge: null }, 'open')).toEqual({
      isOpen: true,
      isPendingFromBusiness: false,
      canMessage: false,
    });
    expect(myResponseOfferActions({ status: 'pending', stateBadge: 'PENDING' }, 'open')).toEqual({
      isOpen: false,
      isPendingFromBusiness: true,
      canMessage: false,
    });
    expect(myResponseOfferActions({ status: 'pending', stateBadge: null }, 'cancelled').isOpen).toBe(false);
    expect(myResponseOfferActions({ status: 'rejected', stateBadge: 'DECLINED' }, 'assigned').isOpen).toBe(
      false,
    );
  });

  it('opens Message only once the offer is accepted', () => {
    expect(myResponseOfferActions({ status: 'accepted', stateBadge: 'BOOKED' }, 'assigned')).toEqual({
      isOpen: false,
      isPendingFromBusiness: false,
      canMessage: true,
    });
    expect(
      myResponseOfferActions({ status: 'accepted', stateBadge: 'COMPLETED' }, 'completed').canMessage,
    ).toBe(true);
    expect(myResponseOfferActions({ status: 'declined', stateBadge: 'DECLINED' }, 'open').canMessage).toBe(
      false,
    );
  });
});
