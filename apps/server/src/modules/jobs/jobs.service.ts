import {
  BOOKED_OFFER,
  type BusinessJob,
  type BusinessJobDetail,
  type BusinessJobPage,
  completedEngagementNotes,
  type CompleteJobData,
  completionMessageText,
  contestDeadline,
  CONTESTED_JOB,
  DISPUTE_MESSAGES,
  disputeViewOf,
  formatCurrency,
  formatDate,
  JOB_LIFECYCLE,
  JOB_MESSAGES,
  type JobListQuery,
  jobSheetLines,
  normalizeRole,
  REQUEST_LIFECYCLE,
  quotedRequestTitle,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/outbox';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { bookingChangesView } from '../booking-changes/booking-changes.view';
import { closeOpenProposal } from '../booking-changes/reschedule.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import type { ProfileRow } from '../profiles/profiles.repository';
import { toBusinessRequestView } from '../requests/business-view';
import { setRequestStatus } from '../requests/request-status.repository';
import { isEmailEnabled } from '../requests/requests.repository';
import { assertId } from '../requests/requests.service';
import { businessName } from '../responses/responses.repository';
import { assertOwnUploads } from '../uploads/uploads.service';
import {
  findJob,
  insertCompletionMessage,
  isInJobList,
  listJobs,
  markCompleted,
  updateNotes,
  type JobRow,
} from './jobs.repository';

export interface JobDeps {
  db: Db;
  publicUrl: string;
}

/** Only business owners have jobs; customers and administrators are refused outright. */
export function jobOwnerOf(profile: ProfileRow): string {
  if (normalizeRole(profile.role) !== 'business_owner') throw new Forbidden(JOB_MESSAGES.businessesOnly);
  return profile.userId;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A job as the business sees it; the request goes through the one business view (address rules). */
function toJob(row: JobRow, now: Date): BusinessJob {
  const r = row.response;
  return {
    id: r.id,
    requestId: r.requestId,
    status: r.status,
    completionStatus: r.completionStatus,
    quotedPrice: r.quotedPrice,
    priceType: r.priceType,
    message: r.message,
    availabilityDate: r.availabilityDate,
    availabilityTime: r.availabilityTime,
    engagementNotes: r.engagementNotes,
    proofImages: r.proofImages,
    completionDate: iso(r.completionDate),
    contestDeadline: iso(r.contestDeadline),
    contestReason: r.completionStatus === CONTESTED_JOB ? r.contestReason : null,
    acceptedAt: iso(r.acceptedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    businessUserId: r.businessUserId,
    customerName: row.customerName,
    request: toBusinessRequestView(row.request, {
      distanceKm: null,
      myResponseId: r.id,
      myResponseStatus: r.status,
    }),
    changes: bookingChangesView(r, row.request, row.openProposal, 'business', now),
    dispute: row.dispute ? disputeViewOf(row.dispute, 'business', now) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listBusinessJobs(
  db: Db,
  businessUserId: string,
  query: JobListQuery,
  now: Date,
): Promise<BusinessJobPage> {
  if (
    query.cursor !== undefined &&
    (!UUID.test(query.cursor) || !(await isInJobList(db, businessUserId, query.section, query.cursor)))
  ) {
    throw new Invalid(JOB_MESSAGES.badCursor);
  }
  const rows = await listJobs(db, businessUserId, query.section, query.limit + 1, query.cursor);
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((row) => toJob(row, now)),
    nextCursor: rows.length > query.limit ? (items.at(-1)?.response.id ?? null) : null,
  };
}

/** This business's job, or not found: another business's response does not exist for it. */
async function ownJob(db: Db, businessUserId: string, responseId: string): Promise<JobRow> {
  assertId(responseId, JOB_MESSAGES.notFound);
  const row = await findJob(db, businessUserId, responseId);
  if (!row) throw new NotFound(JOB_MESSAGES.notFound);
  return row;
}

export async function getBusinessJob(
  db: Db,
  businessUserId: string,
  responseId: string,
  now: Date,
): Promise<BusinessJobDetail> {
  return toJob(await ownJob(db, businessUserId, responseId), now);
}

export async function saveJobNotes(
  db: Db,
  businessUserId: string,
  responseId: string,
  notes: string,
  now: Date,
): Promise<{ engagementNotes: string | null }> {
  assertId(responseId, JOB_MESSAGES.notFound);
  const stored = notes ? notes : null;
  if (!(await updateNotes(db, businessUserId, responseId, stored, now)))
    throw new NotFound(JOB_MESSAGES.notFound);
  return { engagementNotes: stored };
}

/**
 * Marks a job complete, all or nothing (spec 3 §4): under a lock on the response, only an accepted
 * job not completed yet; completion date now, contest deadline 24 h later, proof photos and notes on
 * the response, the request completed, a completion message in the conversation, and the customer
 * notified — with a review request when the business ticked it. Only the completion notes reach the
 * customer; the private work notes are stored, never sent.
 */
export async function completeJob(
  deps: JobDeps,
  businessUserId: string,
  responseId: string,
  input: CompleteJobData,
  now: Date,
): Promise<BusinessJob> {
  assertId(responseId, JOB_MESSAGES.notFound);
  await assertOwnUploads(deps.db, businessUserId, input.proofImages, JOB_MESSAGES.proofNotUploaded);

  return deps.db.transaction(async (tx) => {
    const row = await findJob(tx, businessUserId, responseId, { lock: true });
    if (!row) throw new NotFound(JOB_MESSAGES.notFound);
    const { response, request } = row;
    const completionStatus = transition(JOB_LIFECYCLE, 'complete', 'business', response.completionStatus, {
      isBooked: response.status === BOOKED_OFFER,
    });
    const requestStatus = transition(REQUEST_LIFECYCLE, 'complete', 'grip', request.status, {});

    const notes = completedEngagementNotes(response.engagementNotes, input);
    const completed = {
      completionDate: now,
      completionStatus,
      contestDeadline: contestDeadline(now),
      proofImages: [...new Set([...response.proofImages, ...input.proofImages])],
      notes,
    };
    await markCompleted(tx, response.id, completed);
    // A new time still proposed is moot once the work is done (the proposal lifecycle's 'close').
    await closeOpenProposal(tx, response.id, now);
    await setRequestStatus(tx, request.id, requestStatus, now);
    await insertCompletionMessage(tx, {
      requestId: request.id,
      responseId: response.id,
      senderId: businessUserId,
      receiverId: request.userId,
      message: completionMessageText(request.title, input.notes ? input.notes : null),
      attachments: input.proofImages,
      createdAt: now,
    });

    const name = await businessName(tx, businessUserId);
    await insertNotifications(tx, [
      {
        userId: request.userId,
        type: 'request_completed',
        title: 'Job completed',
        message: `${name} marked your request ${quotedRequestTitle(request.title)} as complete. You have 24 hours to contest it.`,
        relatedId: request.id,
      },
      ...(input.requestReview
        ? [
            {
              userId: request.userId,
              type: 'review_request',
              title: 'How did it go?',
              message: `Please leave a review for ${name} about your request ${quotedRequestTitle(request.title)}.`,
              relatedId: request.id,
            },
          ]
        : []),
    ]);

    return toJob(
      {
        ...row,
        request: { ...request, status: requestStatus, updatedAt: now },
        response: {
          ...response,
          completionStatus,
          completionDate: completed.completionDate,
          contestDeadline: completed.contestDeadline,
          proofImages: completed.proofImages,
          engagementNotes: notes,
          updatedAt: now,
        },
      },
      now,
    );
  });
}

/**
 * Sends the job sheet to an address the business chooses, through the outbox. The sheet holds what
 * the business already sees, nothing more (the exact address only for its accepted job).
 */
export async function emailJobDetails(
  deps: JobDeps,
  businessUserId: string,
  responseId: string,
  email: string,
): Promise<void> {
  const job = toJob(await ownJob(deps.db, businessUserId, responseId), new Date());
  // The administrators' switch turns every email off, this one included (spec 3 §2 "Admin switches").
  if (!(await isEmailEnabled(deps.db))) throw new Conflict(JOB_MESSAGES.emailDisabled);
  const lines = jobSheetLines(job, {
    price: formatCurrency(job.quotedPrice),
    created: formatDate(new Date(job.createdAt), { utc: true }),
  });
  const link = `${deps.publicUrl}/business-confirmed?job=${job.id}`;
  await enqueue(deps.db, {
    channel: 'email',
    topic: 'job_details',
    recipient: email,
    requestId: job.requestId,
    userId: businessUserId,
    payload: {
      subject: `Job details: ${job.request.title}`,
      text: `${job.request.title}\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nOpen the job in Grip: ${link}`,
      link,
    },
  });
}

/**
 * The old one-click answer to a contest ('Redo the work' / 'Mark resolved', before disputes): a screen
 * from before issue 32 may still send it. It names no dispute and would let the business end the
 * contest alone, so it is refused in words that send the business to the dispute; someone else's job
 * is still not found.
 */
export async function refuseOldContestAnswer(
  db: Db,
  businessUserId: string,
  responseId: string,
): Promise<never> {
  await ownJob(db, businessUserId, responseId);
  throw new Conflict(DISPUTE_MESSAGES.answerInDispute);
}
