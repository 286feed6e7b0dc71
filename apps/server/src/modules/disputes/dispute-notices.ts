import type { Tx } from '../../db/client';
import { enqueue } from '../../jobs/outbox';
import { insertNotifications } from '../notifications/notifications.repository';
import { businessContact } from '../offers/offers.repository';
import { isEmailEnabled } from '../requests/requests.repository';

/** Who hears of a step of a dispute: one of the job's parties, or an administrator. */
export type DisputeAudience = 'customer' | 'business' | 'administrator';

export interface DisputeNotice {
  title: string;
  message: string;
}

export interface DisputeRecipient {
  userId: string;
  audience: DisputeAudience;
}

/** The job a notice is about: the notification names the response (as the contest's always has). */
export interface DisputedJob {
  responseId: string;
  requestId: string;
  title: string;
}

/** Where each audience opens the dispute, as an absolute link for the email. */
function linkFor(publicUrl: string, audience: DisputeAudience, job: DisputedJob): string {
  if (audience === 'business') return `${publicUrl}/business-confirmed?job=${job.responseId}`;
  if (audience === 'administrator') return `${publicUrl}/admin`;
  // A contested or settled job is in the customer's Job History.
  return `${publicUrl}/history`;
}

/**
 * Tells each recipient of a step: in the app at once (the notification's live event; push and SMS
 * through the fan-out, per their preferences) and by email when the platform's switch and their own
 * preference allow — all in the step's transaction, so a refused or rolled-back step tells nobody.
 * Notifications are 'job_contested': every step of a contest is about the contested job.
 */
export async function tellAboutDispute(
  tx: Tx,
  publicUrl: string,
  job: DisputedJob,
  recipients: readonly DisputeRecipient[],
  notice: DisputeNotice,
): Promise<void> {
  if (recipients.length === 0) return;
  await insertNotifications(
    tx,
    recipients.map((r) => ({
      userId: r.userId,
      type: 'job_contested',
      title: notice.title,
      message: notice.message,
      relatedId: job.responseId,
    })),
  );
  if (!(await isEmailEnabled(tx))) return;
  for (const r of recipients) {
    const contact = await businessContact(tx, r.userId);
    if (!contact?.wantsEmail) continue;
    const link = linkFor(publicUrl, r.audience, job);
    await enqueue(tx, {
      channel: 'email',
      topic: 'dispute',
      recipient: contact.email,
      requestId: job.requestId,
      userId: r.userId,
      payload: {
        subject: `${notice.title}: ${job.title}`,
        text: `${notice.message}\n\nOpen it in Grip: ${link}`,
        link,
      },
    });
  }
}

/** Words from a party, cut for a notification (the whole text is on the screen it opens). */
export function excerpt(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
