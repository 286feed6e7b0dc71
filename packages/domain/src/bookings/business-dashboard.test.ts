import { describe, expect, it } from 'vitest';
import {
  ArchiveResponsesInputSchema,
  computeResponseMetric,
  formatMoney,
  metricDate,
  trend,
  trendWindowOf,
  type MetricResponse,
} from './business-dashboard';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

function response(values: Partial<MetricResponse> = {}): MetricResponse {
  return {
    status: 'pending',
    completionStatus: 'pending',
    quotedPrice: '100.00',
    createdAt: daysAgo(1),
    updatedAt: daysAgo(1),
    acceptedAt: null,
    completionDate: null,
    ...values,
  };
}

describe('trend', () => {
  it('is the rounded percent change with its direction', () => {
    expect(trend(12, 10)).toEqual({ direction: 'up', percent: 20 });
    expect(trend(5, 10)).toEqual({ direction: 'down', percent: -50 });
    expect(trend(2, 3)).toEqual({ direction: 'down', percent: -33 });
  });

  it("is 'new' when nothing came before and flat when nothing changed", () => {
    expect(trend(3, 0)).toEqual({ direction: 'up', percent: 'new' });
    expect(trend(0, 0)).toEqual({ direction: 'flat', percent: 0 });
    expect(trend(7, 7)).toEqual({ direction: 'flat', percent: 0 });
    expect(trend(1000, 999)).toEqual({ direction: 'flat', percent: 0 });
  });
});

describe('trendWindowOf', () => {
  it('splits the last 30 days from the 30 before, and ignores anything older', () => {
    expect(trendWindowOf(daysAgo(0), NOW)).toBe('current');
    expect(trendWindowOf(daysAgo(29.9), NOW)).toBe('current');
    expect(trendWindowOf(daysAgo(30), NOW)).toBe('previous');
    expect(trendWindowOf(daysAgo(59.9), NOW)).toBe('previous');
    expect(trendWindowOf(daysAgo(60), NOW)).toBeNull();
    expect(trendWindowOf(daysAgo(-1), NOW)).toBeNull();
  });
});

describe('metricDate', () => {
  it('dates responded, pending and lost by created_at, won and earned by accepted_at, completed by completion_date', () => {
    const created = daysAgo(40);
    const accepted = daysAgo(35);
    const completed = daysAgo(2);
    const job = response({
      status: 'accepted',
      completionStatus: 'completed',
      createdAt: created,
      acceptedAt: accepted,
      // Saving notes and completing touch updated_at: that must not move the win into this month.
      updatedAt: completed,
      completionDate: completed,
    });
    expect(metricDate('responded', job)).toBe(created);
    expect(metricDate('won', job)).toBe(accepted);
    expect(metricDate('completed', job)).toBe(completed);
    expect(metricDate('earned', job)).toBe(accepted);
    expect(metricDate('pending', job)).toBeNull();
    expect(metricDate('potentialLost', job)).toBeNull();
    expect(metricDate('potentialLost', response({ status: 'declined', createdAt: created }))).toBe(created);
    expect(metricDate('potentialLost', response({ status: 'rejected' }))).not.toBeNull();
  });

  it('dates a win from before accepted_at existed by its last change', () => {
    const updated = daysAgo(10);
    expect(metricDate('won', response({ status: 'accepted', updatedAt: updated }))).toBe(updated);
  });
});

describe('computeResponseMetric', () => {
  const rows = [
    response({ createdAt: daysAgo(1) }),
    response({ createdAt: daysAgo(2) }),
    response({ status: 'rejected', quotedPrice: '50.25', createdAt: daysAgo(35) }),
    response({ status: 'declined', quotedPrice: '10.10', createdAt: daysAgo(100) }),
    response({
      status: 'accepted',
      completionStatus: 'completed',
      quotedPrice: '199.99',
      createdAt: daysAgo(50),
      completionDate: daysAgo(5),
    }),
  ];

  it('counts all time and per window', () => {
    expect(computeResponseMetric('responded', rows, NOW)).toEqual({ total: 5, current: 2, previous: 2 });
    expect(computeResponseMetric('pending', rows, NOW)).toEqual({ total: 2, current: 2, previous: 0 });
    expect(computeResponseMetric('completed', rows, NOW)).toEqual({ total: 1, current: 1, previous: 0 });
  });

  it('sums amounts in cents without floating-point drift', () => {
    expect(computeResponseMetric('potentialLost', rows, NOW)).toEqual({
      total: 6035,
      current: 0,
      previous: 5025,
    });
    expect(formatMoney(computeResponseMetric('earned', rows, NOW).total)).toBe('199.99');
  });
});

describe('ArchiveResponsesInputSchema', () => {
  it('takes a whole number of days, 0 meaning all', () => {
    expect(ArchiveResponsesInputSchema.parse({ daysOld: 0 })).toEqual({ daysOld: 0 });
    expect(ArchiveResponsesInputSchema.safeParse({ daysOld: -1 }).success).toBe(false);
    expect(ArchiveResponsesInputSchema.safeParse({ daysOld: 1.5 }).success).toBe(false);
    expect(ArchiveResponsesInputSchema.safeParse({}).success).toBe(false);
  });
});
