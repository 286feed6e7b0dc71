import { describe, expect, it } from 'vitest';
import type { MessageFact } from './business-opportunities';
import {
  canSendModifiedOffer,
  COUNTER_OFFER_MAX_IMAGES,
  customerCounterOfferSchemaFor,
  customerOfferActions,
  hasPendingCustomerCounterOffer,
  responseStateBadgeOf,
  viewStatusOf,
} from './customer-offers';

const CUSTOMER = 'customer-1';
const BUSINESS = 'business-1';
const at = (iso: string) => new Date(`2026-05-01T${iso}Z`);
const msg = (senderId: string | null, messageType: string, time: string): MessageFact => ({
  senderId,
  messageType,
  createdAt: at(time),
});

describe('hasPendingCustomerCounterOffer', () => {
  it('is false with no counter offer from the customer', () => {
    expect(hasPendingCustomerCounterOffer([], CUSTOMER)).toBe(false);
    expect(
      hasPendingCustomerCounterOffer(
        [msg(CUSTOMER, 'text', '10:00:00'), msg(BUSINESS, 'counter_offer', '10:01:00')],
        CUSTOMER,
      ),
    ).toBe(false);
  });

  it('is true until the business sends anything later, of any type', () => {
    const counter = msg(CUSTOMER, 'counter_offer', '10:00:00');
    expect(hasPendingCustomerCounterOffer([counter], CUSTOMER)).toBe(true);
    // The customer's own later text does not answer it.
    expect(hasPendingCustomerCounterOffer([counter, msg(CUSTOMER, 'text', '10:05:00')], CUSTOMER)).toBe(true);
    // A business message before it does not answer it either.
    expect(hasPendingCustomerCounterOffer([msg(BUSINESS, 'text', '09:00:00'), counter], CUSTOMER)).toBe(true);
    expect(hasPendingCustomerCounterOffer([counter, msg(BUSINESS, 'text', '10:00:01')], CUSTOMER)).toBe(
      false,
    );
    expect(
      hasPendingCustomerCounterOffer([counter, msg(BUSINESS, 'counter_offer', '10:00:01')], CUSTOMER),
    ).toBe(false);
  });

  it('goes by the latest counter offer, whatever the order of the list', () => {
    const thread = [
      msg(CUSTOMER, 'counter_offer', '12:00:00'),
      msg(BUSINESS, 'text', '11:00:00'),
      msg(CUSTOMER, 'counter_offer', '10:00:00'),
    ];
    // The business answered the first, not the second.
    expect(hasPendingCustomerCounterOffer(thread, CUSTOMER)).toBe(true);
    expect(hasPendingCustomerCounterOffer([...thread, msg(BUSINESS, 'text', '12:30:00')], CUSTOMER)).toBe(
      false,
    );
  });

  it('counts a message from anyone but the customer (a deleted sender too) as the business’s', () => {
    const counter = msg(CUSTOMER, 'counter_offer', '10:00:00');
    expect(hasPendingCustomerCounterOffer([counter, msg(null, 'text', '10:01:00')], CUSTOMER)).toBe(false);
    expect(hasPendingCustomerCounterOffer([counter, msg('someone-else', 'text', '10:01:00')], CUSTOMER)).toBe(
      false,
    );
  });

  it('treats a business message in the same millisecond as not later: still pending', () => {
    const counter = msg(CUSTOMER, 'counter_offer', '10:00:00.123');
    expect(hasPendingCustomerCounterOffer([counter, msg(BUSINESS, 'text', '10:00:00.123')], CUSTOMER)).toBe(
      true,
    );
    expect(hasPendingCustomerCounterOffer([counter, msg(BUSINESS, 'text', '10:00:00.124')], CUSTOMER)).toBe(
      false,
    );
  });
});

describe('responseStateBadgeOf', () => {
  it('maps accepted to COMPLETED or BOOKED, rejected and declined to DECLINED', () => {
    expect(responseStateBadgeOf('accepted', 'completed', false)).toBe('COMPLETED');
    expect(responseStateBadgeOf('accepted', 'in_progress', false)).toBe('BOOKED');
    expect(responseStateBadgeOf('accepted', 'pending', true)).toBe('BOOKED');
    expect(responseStateBadgeOf('rejected', 'pending', false)).toBe('DECLINED');
    expect(responseStateBadgeOf('declined', 'pending', true)).toBe('DECLINED');
  });

  it('shows PENDING only for an open response with a counter offer awaiting the business', () => {
    expect(responseStateBadgeOf('pending', 'pending', true)).toBe('PENDING');
    expect(responseStateBadgeOf('pending', 'pending', false)).toBeNull();
    expect(responseStateBadgeOf('ignored', 'pending', false)).toBeNull();
  });
});

describe('viewStatusOf', () => {
  const version = new Date('2026-05-01T10:00:00.000Z');
  it('is NEW never seen, VIEWED at or before the seen version, EDITED after it', () => {
    expect(viewStatusOf(null, version)).toBe('NEW');
    expect(viewStatusOf(version, new Date(version))).toBe('VIEWED');
    expect(viewStatusOf(version, new Date(version.getTime() - 1))).toBe('VIEWED');
    expect(viewStatusOf(version, new Date(version.getTime() + 1))).toBe('EDITED');
  });
});

describe('customerOfferActions', () => {
  const open = (status: string, requestStatus = 'open', thread: MessageFact[] = []) =>
    customerOfferActions(status, 'pending', requestStatus, thread, CUSTOMER);

  it('opens everything on a pending response to an open request, except messaging', () => {
    expect(open('pending')).toEqual({
      kind: 'open',
      hasPendingCounterOffer: false,
      canConfirm: true,
      canModify: true,
      canDecline: true,
      canIgnore: true,
      canMessage: false,
    });
  });

  it('locks Confirm, Modify and Decline while a counter offer awaits the business; Ignore stays', () => {
    const actions = open('pending', 'open', [msg(CUSTOMER, 'counter_offer', '10:00:00')]);
    expect(actions).toMatchObject({
      kind: 'open',
      hasPendingCounterOffer: true,
      canConfirm: false,
      canModify: false,
      canDecline: false,
      canIgnore: true,
    });
  });

  it('locks Confirm, Modify and Decline once the request is no longer open', () => {
    for (const requestStatus of ['assigned', 'completed', 'cancelled']) {
      expect(open('pending', requestStatus), requestStatus).toMatchObject({
        canConfirm: false,
        canModify: false,
        canDecline: false,
        canIgnore: true,
      });
    }
  });

  it('books, completes and declines with only messaging left open on an accepted offer', () => {
    const closed = { canConfirm: false, canModify: false, canDecline: false, canIgnore: false };
    expect(customerOfferActions('accepted', 'in_progress', 'assigned', [], CUSTOMER)).toEqual({
      kind: 'booked',
      hasPendingCounterOffer: false,
      ...closed,
      canMessage: true,
    });
    expect(customerOfferActions('accepted', 'completed', 'completed', [], CUSTOMER)).toMatchObject({
      kind: 'completed',
      ...closed,
      canMessage: true,
    });
    for (const status of ['rejected', 'declined']) {
      expect(open(status), status).toMatchObject({ kind: 'declined', ...closed, canMessage: false });
    }
  });
});

describe('canSendModifiedOffer', () => {
  it('needs a price, an offer id and no upload in progress', () => {
    expect(canSendModifiedOffer('120', 'resp1', false)).toBe(true);
    expect(canSendModifiedOffer('', 'resp1', false)).toBe(false);
    expect(canSendModifiedOffer('   ', 'resp1', false)).toBe(false);
    expect(canSendModifiedOffer('120', null, false)).toBe(false);
    expect(canSendModifiedOffer('120', '', false)).toBe(false);
    expect(canSendModifiedOffer('120', 'resp1', true)).toBe(false);
  });
});

describe('customerCounterOfferSchemaFor', () => {
  const schema = customerCounterOfferSchemaFor('2026-05-01');
  const messageOf = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts a price alone, and the full offer with today as the date', () => {
    expect(schema.parse({ quotedPrice: 120 })).toEqual({ quotedPrice: 120, images: [] });
    const full = schema.parse({
      quotedPrice: 99.5,
      preferredDate: '2026-05-01',
      preferredTime: '09:00',
      timeFlexibility: 'within_2_hours',
      message: '  Could you do Friday?  ',
      images: ['/uploads/abcdefgh.png'],
    });
    expect(full).toMatchObject({ preferredDate: '2026-05-01', message: 'Could you do Friday?' });
  });

  it('refuses a date before the given today, and takes it for an earlier today', () => {
    const result = schema.safeParse({ quotedPrice: 120, preferredDate: '2026-04-30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['preferredDate'],
      message: 'The preferred date cannot be in the past',
    });
    expect(
      customerCounterOfferSchemaFor('2026-04-30').safeParse({ quotedPrice: 120, preferredDate: '2026-04-30' })
        .success,
    ).toBe(true);
  });

  it('refuses a price below 1 or with fractions of a cent, odd hours and bad dates', () => {
    expect(messageOf({ quotedPrice: 0 })).toBe('Price must be greater than 0');
    expect(messageOf({ quotedPrice: 0.5 })).toBe('Price must be greater than 0');
    expect(messageOf({ quotedPrice: 1.005 })).toBe('Please enter the price in dollars and cents');
    expect(messageOf({ quotedPrice: 120, preferredTime: '09:30' })).toBe('Please choose a time on the hour');
    expect(messageOf({ quotedPrice: 120, preferredTime: '24:00' })).toBe('Please choose a time on the hour');
    expect(messageOf({ quotedPrice: 120, preferredDate: '01/05/2026' })).toBe('Please choose a valid date');
    expect(messageOf({ quotedPrice: 120, timeFlexibility: 'whenever' })).not.toBeNull();
  });

  it('takes only images uploaded to Grip, up to the limit', () => {
    expect(messageOf({ quotedPrice: 120, images: ['https://evil.example/a.png'] })).toBe(
      'Please upload images through Grip',
    );
    const image = (i: number) => `/uploads/image${String(i).padStart(4, '0')}.jpg`;
    const max = Array.from({ length: COUNTER_OFFER_MAX_IMAGES }, (_, i) => image(i));
    expect(schema.safeParse({ quotedPrice: 120, images: max }).success).toBe(true);
    expect(schema.safeParse({ quotedPrice: 120, images: [...max, image(99)] }).success).toBe(false);
  });
});
