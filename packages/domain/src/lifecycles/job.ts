import { BOOKING_MESSAGES, JOB_MESSAGES } from '../bookings/booking-messages';
import { CHANGE_MESSAGES } from '../bookings/booking-change-messages';
import { COMPLETION_STATUSES, type CompletionStatus } from '../shared/statuses';
import { defineLifecycle, statesFrom, stateAfter } from './lifecycle';

/**
 * The job: a confirmed offer worked on, completed with proof, contested by the customer within 24 h
 * and settled through its dispute (spec 3 §4, PRODUCT-DECISIONS "Contest", issue 32). The booking and its
 * completion share one status (completion_status), so they are one table.
 */
export interface JobFacts {
  /** The offer was confirmed (the job exists only then): what completing reads. */
  isBooked?: boolean;
  /** Completion + 24 h (`contestDeadline` in time-windows); null before completion: what contesting reads. */
  contestDeadline?: Date | null;
  now?: Date;
}

export type JobAction = 'complete' | 'contest' | 'redo' | 'resolve' | 'cancel' | 'reschedule';

export const JOB_LIFECYCLE = defineLifecycle<CompletionStatus, JobAction, JobFacts>({
  name: 'job',
  states: COMPLETION_STATUSES,
  initial: 'pending',
  transitions: [
    // A contested job waits for its dispute to end; the legacy 'archived' is closed.
    {
      action: 'complete',
      who: ['business'],
      from: ['pending', 'in_progress'],
      to: 'completed',
      refusedFrom: (s) => (s === 'completed' ? JOB_MESSAGES.alreadyCompleted : JOB_MESSAGES.notCompletable),
      guards: [{ refusal: JOB_MESSAGES.notCompletable, holds: (f) => f.isBooked === true }],
    },
    // Strictly before the deadline; at the deadline the completion is final.
    {
      action: 'contest',
      who: ['customer'],
      from: ['completed'],
      to: 'contested',
      refusedFrom: (s) =>
        s === 'contested' ? BOOKING_MESSAGES.alreadyContested : BOOKING_MESSAGES.contestNotCompleted,
      guards: [
        {
          refusal: BOOKING_MESSAGES.contestClosed,
          holds: (f) => !!f.contestDeadline && !!f.now && f.now.getTime() < f.contestDeadline.getTime(),
        },
      ],
    },
    // How a contest ends is Grip's consequence of its dispute's end (bookings/disputes.ts), never one
    // party's alone: an accepted offer to fix sends the job back in progress (to be completed, and
    // contestable, again); an accepted explanation or an administrator's decision makes it final.
    {
      action: 'redo',
      who: ['grip'],
      from: ['contested'],
      to: 'in_progress',
      refusedFrom: JOB_MESSAGES.notContested,
    },
    {
      action: 'resolve',
      who: ['grip'],
      from: ['contested'],
      to: 'completed',
      refusedFrom: JOB_MESSAGES.notContested,
    },
    // Either party cancels a booked job until it is completed (issue 32); a completed or contested job
    // is past cancelling — a contest is how the customer disputes finished work.
    {
      action: 'cancel',
      who: ['customer', 'business'],
      from: ['pending', 'in_progress'],
      to: 'cancelled',
      refusedFrom: (s) =>
        s === 'cancelled' ? CHANGE_MESSAGES.alreadyCancelled : CHANGE_MESSAGES.notCancellable,
      guards: [{ refusal: CHANGE_MESSAGES.notCancellable, holds: (f) => f.isBooked === true }],
    },
    // Either party proposes, accepts or declines a new time while the job is still to do; the time is
    // a fact of the booking, not a state.
    {
      action: 'reschedule',
      who: ['customer', 'business'],
      from: ['pending', 'in_progress'],
      refusedFrom: (s) =>
        s === 'cancelled' ? CHANGE_MESSAGES.rescheduleCancelled : CHANGE_MESSAGES.rescheduleNotOpen,
      guards: [{ refusal: CHANGE_MESSAGES.rescheduleNotOpen, holds: (f) => f.isBooked === true }],
    },
  ],
});

/** Jobs still to do: Confirmed Requests and Active Bookings. */
export const JOBS_TO_DO: readonly CompletionStatus[] = statesFrom(JOB_LIFECYCLE, 'complete');
/** A finished job: Completed Bookings, Job History, reviews and Hire Again. */
export const COMPLETED_JOB: CompletionStatus = stateAfter(JOB_LIFECYCLE, 'complete');
/** A job in dispute until its dispute ends (the customer accepts the answer, or Grip decides). */
export const CONTESTED_JOB: CompletionStatus = stateAfter(JOB_LIFECYCLE, 'contest');
/** A booking either party called off before the work was done. */
export const CANCELLED_JOB: CompletionStatus = stateAfter(JOB_LIFECYCLE, 'cancel');
/** The older way a business archived a job (before archived_at): no longer written, closed to every action. */
export const ARCHIVED_JOB: CompletionStatus = 'archived';
