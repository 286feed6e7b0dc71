import { describe, expect, it } from 'vitest';
import {
  CompleteJobInputSchema,
  completedEngagementNotes,
  completionMessageText,
  EmailJobInputSchema,
  isCompletable,
  jobAcceptedAt,
  jobSectionOf,
  jobStatusBadge,
  JobNotesInputSchema,
} from './business-jobs';
import { JOB_MESSAGES } from './booking-messages';

describe('jobSectionOf', () => {
  it('puts completed jobs under Completed and every other job under Active', () => {
    expect(jobSectionOf('completed')).toBe('completed');
    expect(jobSectionOf('pending')).toBe('active');
    expect(jobSectionOf('contested')).toBe('active');
  });
});

describe('isCompletable', () => {
  it('allows only accepted jobs not yet completed, contested or archived', () => {
    expect(isCompletable('accepted', 'pending')).toBe(true);
    expect(isCompletable('accepted', 'in_progress')).toBe(true);
    expect(isCompletable('accepted', 'completed')).toBe(false);
    expect(isCompletable('accepted', 'contested')).toBe(false);
    expect(isCompletable('accepted', 'archived')).toBe(false);
    expect(isCompletable('pending', 'pending')).toBe(false);
  });
});

describe('jobStatusBadge', () => {
  it('follows spec 3 §4', () => {
    expect(jobStatusBadge('accepted', 'completed')).toEqual({ label: 'COMPLETED', tone: 'blue' });
    expect(jobStatusBadge('accepted', 'contested')).toEqual({ label: 'CONTESTED', tone: 'yellow' });
    expect(jobStatusBadge('accepted', 'pending')).toEqual({ label: 'ACCEPTED', tone: 'green' });
    expect(jobStatusBadge('in_progress', 'pending')).toEqual({ label: 'IN PROGRESS', tone: 'yellow' });
  });
});

describe('schemas', () => {
  it('limits completion notes to 1000 characters', () => {
    expect(JobNotesInputSchema.safeParse({ notes: 'a'.repeat(1000) }).success).toBe(true);
    const long = JobNotesInputSchema.safeParse({ notes: 'a'.repeat(1001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(JOB_MESSAGES.notesTooLong);
  });

  it('ticks the review request by default and accepts only uploaded proof paths', () => {
    expect(CompleteJobInputSchema.parse({})).toEqual({ proofImages: [], requestReview: true });
    expect(CompleteJobInputSchema.safeParse({ proofImages: ['https://x.example/a.png'] }).success).toBe(
      false,
    );
  });

  it('requires an email address, then a valid one', () => {
    expect(EmailJobInputSchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      'Please enter an email address.',
    );
    expect(EmailJobInputSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      JOB_MESSAGES.emailInvalid,
    );
    expect(EmailJobInputSchema.parse({ email: ' a@b.example ' })).toEqual({ email: 'a@b.example' });
  });
});

describe('completionMessageText', () => {
  it('names the job and carries the notes when there are any', () => {
    expect(completionMessageText('Pool Maintenance request', null)).toContain('"Pool Maintenance request"');
    expect(completionMessageText('X', 'Pump replaced')).toMatch(/Notes: Pump replaced$/);
  });
});

describe('completedEngagementNotes', () => {
  it('keeps the work notes private and saved; completion notes fill them only when there are none', () => {
    expect(completedEngagementNotes('Gate code 4411', { notes: 'All done.' })).toBe('Gate code 4411');
    expect(completedEngagementNotes(null, { notes: 'All done.' })).toBe('All done.');
    expect(completedEngagementNotes('Old', { workNotes: 'Typed now', notes: 'All done.' })).toBe('Typed now');
    expect(completedEngagementNotes('Old', { workNotes: '' })).toBeNull();
    expect(completedEngagementNotes(null, {})).toBeNull();
  });
});

describe('jobAcceptedAt', () => {
  it('uses the recorded acceptance, else the last change', () => {
    expect(
      jobAcceptedAt({ acceptedAt: '2026-03-02T00:00:00.000Z', updatedAt: '2026-03-09T00:00:00.000Z' }),
    ).toBe('2026-03-02T00:00:00.000Z');
    expect(jobAcceptedAt({ acceptedAt: null, updatedAt: '2026-03-09T00:00:00.000Z' })).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });
});
