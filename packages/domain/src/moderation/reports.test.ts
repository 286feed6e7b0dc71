import { describe, expect, it } from 'vitest';
import { REPORT_ACTION_TEXTS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from './moderation-messages';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from './moderation-vocabulary';
import {
  HandleReportInputSchema,
  reportHandlingProblem,
  reportProblem,
  ReportInputSchema,
  reportStatusAfter,
} from './reports';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a report', () => {
  it('takes a target, a reason and an optional note, trimmed', () => {
    expect(
      ReportInputSchema.parse({
        targetKind: 'message',
        targetId: ' m1 ',
        reason: 'spam',
        note: '  buy now  ',
      }),
    ).toEqual({ targetKind: 'message', targetId: 'm1', reason: 'spam', note: 'buy now' });
    expect(ReportInputSchema.parse({ targetKind: 'user', targetId: 'u1', reason: 'fraud' }).note).toBe('');
  });

  it('says what is missing in plain words', () => {
    expect(issuesOf(ReportInputSchema.safeParse({ targetKind: 'photo', targetId: '', reason: '' }))).toEqual({
      targetKind: 'Please choose what to report',
      targetId: 'Please choose what to report',
      reason: 'Please choose a reason',
    });
  });

  it('needs a few words for "Something else", and at most 1000 characters of note', () => {
    const other = { targetKind: 'review', targetId: 'r1', reason: 'other' };
    expect(issuesOf(ReportInputSchema.safeParse(other))).toEqual({
      note: 'Please say what happened in a few words',
    });
    expect(ReportInputSchema.safeParse({ ...other, note: 'It is fake' }).success).toBe(true);
    expect(issuesOf(ReportInputSchema.safeParse({ ...other, note: 'x'.repeat(1001) }))).toEqual({
      note: 'Please keep it under 1000 characters',
    });
    expect(ReportInputSchema.safeParse({ ...other, note: 'x'.repeat(1000) }).success).toBe(true);
    expect(ReportInputSchema.safeParse({ ...other, note: 'bad\u0000text' }).success).toBe(false);
  });

  it('is refused for what the reporter cannot see, and for their own content', () => {
    expect(reportProblem('me', null)).toBe('unknown');
    expect(reportProblem('me', { authorId: 'me' })).toBe('self');
    expect(reportProblem('me', { authorId: 'them' })).toBeNull();
    // Content of a deleted account can still be reported (the administrator can only dismiss it).
    expect(reportProblem('me', { authorId: null })).toBeNull();
  });

  it('has words for every target, reason and action', () => {
    for (const t of REPORT_TARGETS) expect(REPORT_TARGET_LABELS[t]).toBeTruthy();
    for (const r of REPORT_REASONS) expect(REPORT_REASON_LABELS[r]).toBeTruthy();
    for (const a of REPORT_ACTIONS) expect(REPORT_ACTION_TEXTS[a].button).toBeTruthy();
  });
});

describe('handling a report', () => {
  it('dismisses with or without a note', () => {
    expect(HandleReportInputSchema.parse({ action: 'dismiss' })).toEqual({
      action: 'dismiss',
      message: '',
      note: '',
    });
  });

  it('warns only with the words the account will read', () => {
    expect(issuesOf(HandleReportInputSchema.safeParse({ action: 'warn', message: '  ' }))).toEqual({
      message: 'Please write the warning the account will read',
    });
    expect(issuesOf(HandleReportInputSchema.safeParse({ action: 'warn', message: 'x'.repeat(501) }))).toEqual(
      {
        message: 'Please keep the warning under 500 characters',
      },
    );
    expect(HandleReportInputSchema.parse({ action: 'warn', message: ' Keep it civil. ' }).message).toBe(
      'Keep it civil.',
    );
  });

  it('suspends only with a reason on record', () => {
    expect(issuesOf(HandleReportInputSchema.safeParse({ action: 'suspend' }))).toEqual({
      note: 'Please say why you are suspending this account',
    });
    expect(HandleReportInputSchema.safeParse({ action: 'suspend', note: 'Repeated scams' }).success).toBe(
      true,
    );
    expect(issuesOf(HandleReportInputSchema.safeParse({ action: 'ban' }))).toEqual({
      action: 'Please choose dismiss, warn or suspend.',
    });
  });

  it('ends each report once, in the status its action names', () => {
    expect(REPORT_ACTIONS.map(reportStatusAfter)).toEqual(['dismissed', 'warned', 'suspended']);
    expect(reportHandlingProblem({ status: 'open' })).toBeNull();
    for (const status of ['dismissed', 'warned', 'suspended'] as const)
      expect(reportHandlingProblem({ status })).toBe('This report was already handled.');
  });
});
