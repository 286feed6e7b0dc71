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
  it('dates responded, pending and lost by created_at, won by updated_at, completed by completion_date', () => {
    const created = daysAgo(40);
    const updated = daysAgo(10);
    const completed = daysAgo(2);
    const job = response({
      status: 'accepted',
      completionStatus: 'completed',
      createdAt: created,
      updatedAt: updated,
      completionDate: completed,
    });
    expect(metricDate('responded', job)).toBe(created);
    expect(metricDate('won', job)).toBe(updated);
    expect(metricDate('completed', job)).toBe(completed);
    expect(metricDate('earned', job)).toBe(updated);
    expect(metricDate('pending', job)).toBeNull();
    expect(metricDate('potentialLost', job)).toBeNull();
    expect(metricDate('potentialLost', response({ status: 'declined', createdAt: created }))).toBe(created);
    expect(metricDate('potentialLost', response({ status: 'rejected' }))).not.toBeNull();
  });

  it('leaves archived responses out of every metric', () => {
    const archived = response({ status: 'rejected', completionStatus: 'archived' });
    for (const metric of ['responded', 'pending', 'won', 'potentialLost', 'completed', 'earned'] as const) {
      expect(metricDate(metric, archived)).toBeNull();
    }
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
