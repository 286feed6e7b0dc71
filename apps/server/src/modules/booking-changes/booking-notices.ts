import type { BookingParty } from '@grip/domain';
import type { Tx } from '../../db/client';
import { enqueue } from '../../jobs/outbox';
import { insertNotifications } from '../notifications/notifications.repository';
import { accountContact } from '../notifications/contact.repository';
import { isEmailEnabled } from '../requests/requests.repository';
import type { PartyBooking } from './booking-party.repository';

/** A change of a booking, told to the party that did not make it. */
export interface BookingNotice {
  type: 'booking_cancelled' | 'booking_time_proposed' | 'booking_time_answered';
  title: string;
  message: string;
  /** The email's subject; the notification's title when not given. */
  subject?: string;
}

/** Who hears of a change `by` one side: the other side's account. */
export function otherPartyOf(booking: PartyBooking, by: BookingParty): string {
  return by === 'customer' ? booking.response.businessUserId : booking.request.userId;
}

/** The page the other party opens the booking on, as an absolute link for the email. */
function bookingLink(publicUrl: string, booking: PartyBooking, recipient: BookingParty, cancelled: boolean) {
  if (recipient === 'business') return `${publicUrl}/business-confirmed?job=${booking.response.id}`;
  return cancelled ? `${publicUrl}/history` : `${publicUrl}/confirmed?responseId=${booking.response.id}`;
}

/**
 * In the app at once (the notification's live event; push and SMS through the fan-out, per the
 * recipient's preferences) and by email when the platform switch and their preferences allow — all in
 * the transaction of the change, so a refused or rolled-back change tells nobody.
 */
export async function tellOtherParty(
  tx: Tx,
  publicUrl: string,
  booking: PartyBooking,
  by: BookingParty,
  notice: BookingNotice,
): Promise<void> {
  const recipientId = otherPartyOf(booking, by);
  await insertNotifications(tx, [
    {
      userId: recipientId,
      type: notice.type,
      title: notice.title,
      message: notice.message,
      relatedId: booking.response.id,
    },
  ]);
  if (!(await isEmailEnabled(tx))) return;
  const contact = await accountContact(tx, recipientId);
  if (!contact?.wantsEmail) return;
  const recipient: BookingParty = by === 'customer' ? 'business' : 'customer';
  const link = bookingLink(publicUrl, booking, recipient, notice.type === 'booking_cancelled');
  await enqueue(tx, {
    channel: 'email',
    topic: notice.type,
    recipient: contact.email,
    requestId: booking.request.id,
    userId: recipientId,
    payload: {
      subject: notice.subject ?? `${notice.title}: ${booking.request.title}`,
      text: `${notice.message}\n\nOpen the booking in Grip: ${link}`,
      link,
    },
  });
}
