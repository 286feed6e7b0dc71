import { describe, it, expect } from 'vitest';
import {
  isPossibleToday,
  latestLocalToday,
  CONTEST_WINDOW_MS,
  EXPIRY_WINDOW_MS,
  HOUR_MS,
  NEW_WINDOW_MS,
  contestDeadline,
  freshness,
  isExpired,
  latestOf,
} from './time-windows';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('window constants (spec 1 §9)', () => {
  it('are 1 h, 24 h new, 48 h expiry and a 24 h contest window', () => {
    expect(HOUR_MS).toBe(3_600_000);
    expect(NEW_WINDOW_MS).toBe(24 * 3_600_000);
    expect(EXPIRY_WINDOW_MS).toBe(48 * 3_600_000);
    expect(CONTEST_WINDOW_MS).toBe(24 * 3_600_000);
  });
});

describe('freshness', () => {
  it("is 'new' for the same instant and for future instants", () => {
    expect(freshness(now, now)).toBe('new');
    expect(freshness(new Date(now.getTime() + HOUR_MS), now)).toBe('new');
  });

  it("is 'new' up to and including exactly 24 hours", () => {
    expect(freshness(ago(1), now)).toBe('new');
    expect(freshness(ago(23 * HOUR_MS), now)).toBe('new');
    expect(freshness(ago(24 * HOUR_MS), now)).toBe('new');
  });

  it("is 'about_to_expire' just past 24 hours up to and including exactly 48 hours", () => {
    expect(freshness(ago(24 * HOUR_MS + 1), now)).toBe('about_to_expire');
    expect(freshness(ago(36 * HOUR_MS), now)).toBe('about_to_expire');
    expect(freshness(ago(48 * HOUR_MS), now)).toBe('about_to_expire');
  });

  it("is 'expired' over 48 hours", () => {
    expect(freshness(ago(48 * HOUR_MS + 1), now)).toBe('expired');
    expect(freshness(ago(72 * HOUR_MS), now)).toBe('expired');
    expect(freshness(ago(365 * 24 * HOUR_MS), now)).toBe('expired');
  });
});

describe('isExpired', () => {
  it('is false for recent and future activity', () => {
    expect(isExpired(now, now)).toBe(false);
    expect(isExpired(ago(HOUR_MS), now)).toBe(false);
    expect(isExpired(new Date(now.getTime() + HOUR_MS), now)).toBe(false);
  });

  it('is false at exactly 48 hours ("more than 48 hours")', () => {
    expect(isExpired(ago(48 * HOUR_MS), now)).toBe(false);
  });

  it('is true one millisecond past 48 hours', () => {
    expect(isExpired(ago(48 * HOUR_MS + 1), now)).toBe(true);
    expect(isExpired(ago(49 * HOUR_MS), now)).toBe(true);
  });

  it("agrees with freshness(...) === 'expired' around the boundaries", () => {
    for (const h of [0, 23, 24, 25, 47, 48, 49, 100]) {
      for (const delta of [-1, 0, 1]) {
        const at = ago(h * HOUR_MS + delta);
        expect(isExpired(at, now)).toBe(freshness(at, now) === 'expired');
      }
    }
  });
});

describe('contestDeadline', () => {
  it('is exactly 24 hours after completion', () => {
    const completedAt = new Date('2025-06-15T12:00:00.000Z');
    expect(contestDeadline(completedAt).toISOString()).toBe('2025-06-16T12:00:00.000Z');
    expect(contestDeadline(completedAt).getTime() - completedAt.getTime()).toBe(CONTEST_WINDOW_MS);
  });

  it('returns a new Date and does not mutate its argument', () => {
    const completedAt = new Date('2025-06-15T12:00:00.000Z');
    const deadline = contestDeadline(completedAt);
    expect(deadline).not.toBe(completedAt);
    expect(completedAt.toISOString()).toBe('2025-06-15T12:00:00.000Z');
  });
});

describe('latestOf', () => {
  const a = new Date('2025-01-01T00:00:00.000Z');
  const b = new Date('2025-02-01T00:00:00.000Z');
  const c = new Date('2025-03-01T00:00:00.000Z');

  it('returns null with no instants or only missing ones', () => {
    expect(latestOf()).toBeNull();
    expect(latestOf(null)).toBeNull();
    expect(latestOf(undefined, null, undefined)).toBeNull();
  });

  it('returns the single instant given', () => {
    expect(latestOf(a)).toBe(a);
  });

  it('returns the newest regardless of order', () => {
    expect(latestOf(a, b, c)).toBe(c);
    expect(latestOf(c, b, a)).toBe(c);
    expect(latestOf(b, c, a)).toBe(c);
  });

  it('ignores missing instants among present ones', () => {
    expect(latestOf(null, a, undefined, b, null)).toBe(b);
    expect(latestOf(undefined, a)).toBe(a);
  });

  it('returns one of equal instants', () => {
    const a2 = new Date(a.getTime());
    expect(latestOf(a, a2)?.getTime()).toBe(a.getTime());
  });

  it('combined with freshness buckets by the latest activity', () => {
    const created = ago(72 * 3_600_000);
    const lastMessage = ago(3_600_000);
    expect(freshness(latestOf(created, null, lastMessage)!, now)).toBe('new');
  });
});

describe('isPossibleToday', () => {
  const now = new Date('2026-03-10T20:00:00Z');
  it('accepts the dates some time zone calls today, from UTC-12 to UTC+14', () => {
    expect(latestLocalToday(now)).toBe('2026-03-11');
    expect(isPossibleToday('2026-03-10', now)).toBe(true);
    expect(isPossibleToday('2026-03-11', now)).toBe(true); // already tomorrow in Auckland
    // 20:00 UTC is 08:00 at UTC−12: the 10th everywhere west, so the 9th is no one's today.
    expect(isPossibleToday('2026-03-09', now)).toBe(false);
    expect(isPossibleToday('2026-03-09', new Date('2026-03-10T06:00:00Z'))).toBe(true); // 18:00 at UTC−12
    expect(isPossibleToday('2026-03-12', now)).toBe(false);
    expect(isPossibleToday('2099-02-01', now)).toBe(false);
  });
});
