import { formatCurrency, sentenceEnd } from '@grip/domain';
import type { Tx } from '../../db/client';
import { enqueue } from '../../jobs/outbox';
import { insertNotifications } from '../notifications/notifications.repository';
import type { ResponseRow } from '../opportunities/opportunities.repository';
import { isEmailEnabled } from '../requests/requests.repository';
import type { RequestRow } from '../requests/requests.repository';
import { businessContact } from './offers.repository';

/**
 * What the businesses hear when the customer confirms an offer: the chosen one in the app and, when
 * the platform switch and its preferences allow, by email; every business turned down in the app.
 * The email names the request and the price only — the job page holds the rest (the exact address
 * among it), behind the business's sign-in.
 */
export async function noticeConfirmed(
  tx: Tx,
  publicUrl: string,
  request: RequestRow,
  accepted: ResponseRow,
  rejectedBusinessIds: readonly string[],
): Promise<void> {
  const price = formatCurrency(accepted.quotedPrice);
  await insertNotifications(tx, [
    {
      userId: accepted.businessUserId,
      type: 'response_accepted',
      title: 'Offer accepted',
      message: `Your offer of ${price} for ${request.title} was accepted.`,
      relatedId: request.id,
    },
    ...rejectedBusinessIds.map((userId) => ({
      userId,
      type: 'response_declined',
      title: 'Offer not selected',
      message: `The customer chose another provider for ${sentenceEnd(request.title)}`,
      relatedId: request.id,
    })),
  ]);
  if (!(await isEmailEnabled(tx))) return;
  const contact = await businessContact(tx, accepted.businessUserId);
  if (!contact?.wantsEmail) return;
  const link = `${publicUrl}/business-confirmed?job=${accepted.id}`;
  await enqueue(tx, {
    channel: 'email',
    topic: 'response_accepted',
    recipient: contact.email,
    requestId: request.id,
    userId: accepted.businessUserId,
    payload: {
      subject: `Offer accepted: ${request.title}`,
      text: `The customer accepted your offer of ${price} for ${sentenceEnd(request.title)}\n\nSee the job and the customer's details: ${link}`,
      link,
    },
  });
}

export async function noticeCounterOffer(
  tx: Tx,
  request: RequestRow,
  response: ResponseRow,
  quotedPrice: number,
): Promise<void> {
  await insertNotifications(tx, [
    {
      userId: response.businessUserId,
      type: 'counter_offer',
      title: 'New counter offer',
      message: `The customer sent a modified offer of ${formatCurrency(quotedPrice)} for ${sentenceEnd(request.title)}`,
      relatedId: request.id,
    },
  ]);
}

export async function noticeDeclined(tx: Tx, request: RequestRow, response: ResponseRow): Promise<void> {
  await insertNotifications(tx, [
    {
      userId: response.businessUserId,
      type: 'response_declined',
      title: 'Offer declined',
      message: `The customer declined your offer for ${sentenceEnd(request.title)}`,
      relatedId: request.id,
    },
  ]);
}
