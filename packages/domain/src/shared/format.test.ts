import { describe, it, expect } from 'vitest';
import {
  formatBadgeCount,
  formatBudget,
  formatCurrency,
  formatDate,
  formatRelativeTime,
  initialsOf,
} from './format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it("reads 'Just now' for the same instant", () => {
    expect(formatRelativeTime(now, now)).toBe('Just now');
  });

  it("reads 'Just now' for anything under 60 seconds", () => {
    expect(formatRelativeTime(ago(1), now)).toBe('Just now');
    expect(formatRelativeTime(ago(30 * SECOND), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('Just now');
    expect(formatRelativeTime(ago(60 * SECOND - 1), now)).toBe('Just now');
  });

  it("reads 'Just now' for future instants (clock skew)", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 1), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() + 3 * DAY), now)).toBe('Just now');
  });

  it("switches to '1m ago' at exactly 60 seconds", () => {
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe('1m ago');
  });

  it("reads 'Nm ago' from 1 to 59 minutes, flooring partial minutes", () => {
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(MINUTE + 59 * SECOND), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(2 * MINUTE), now)).toBe('2m ago');
    expect(formatRelativeTime(ago(30 * MINUTE), now)).toBe('30m ago');
    expect(formatRelativeTime(ago(59 * MINUTE), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(60 * MINUTE - 1), now)).toBe('59m ago');
  });

  it("switches to '1h ago' at exactly 60 minutes", () => {
    expect(formatRelativeTime(ago(60 * MINUTE), now)).toBe('1h ago');
  });

  it("reads 'Nh ago' from 1 to 23 hours, flooring partial hours", () => {
    expect(formatRelativeTime(ago(HOUR + 59 * MINUTE), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(2 * HOUR), now)).toBe('2h ago');
    expect(formatRelativeTime(ago(12 * HOUR), now)).toBe('12h ago');
    expect(formatRelativeTime(ago(23 * HOUR), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(24 * HOUR - 1), now)).toBe('23h ago');
  });

  it("switches to '1d ago' at exactly 24 hours", () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe('1d ago');
  });

  it("reads 'Nd ago' beyond a day, flooring partial days", () => {
    expect(formatRelativeTime(ago(DAY + 23 * HOUR), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(2 * DAY), now)).toBe('2d ago');
    expect(formatRelativeTime(ago(7 * DAY), now)).toBe('7d ago');
    expect(formatRelativeTime(ago(30 * DAY), now)).toBe('30d ago');
    expect(formatRelativeTime(ago(400 * DAY), now)).toBe('400d ago');
  });

  it('depends only on the difference, not on the wall clock', () => {
    const otherNow = new Date('2030-01-01T00:00:00.000Z');
    expect(formatRelativeTime(new Date(otherNow.getTime() - 5 * MINUTE), otherNow)).toBe('5m ago');
  });
});

describe('formatBadgeCount', () => {
  it('shows nothing for zero', () => {
    expect(formatBadgeCount(0)).toBeNull();
  });

  it('shows nothing for negative counts', () => {
    expect(formatBadgeCount(-1)).toBeNull();
    expect(formatBadgeCount(-100)).toBeNull();
  });

  it('shows nothing for NaN and infinities', () => {
    expect(formatBadgeCount(Number.NaN)).toBeNull();
    expect(formatBadgeCount(Number.POSITIVE_INFINITY)).toBeNull();
    expect(formatBadgeCount(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('shows the digits from 1 to 9', () => {
    for (let n = 1; n <= 9; n++) expect(formatBadgeCount(n)).toBe(String(n));
  });

  it("caps at '9+' from 10 upwards", () => {
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(11)).toBe('9+');
    expect(formatBadgeCount(99)).toBe('9+');
    expect(formatBadgeCount(100)).toBe('9+');
    expect(formatBadgeCount(1_000_000)).toBe('9+');
  });
});

describe('formatCurrency', () => {
  it('shows whole dollars without cents', () => {
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(5)).toBe('$5');
    expect(formatCurrency(150)).toBe('$150');
  });

  it('shows two decimals when there are cents', () => {
    expect(formatCurrency(150.5)).toBe('$150.50');
    expect(formatCurrency(99.99)).toBe('$99.99');
    expect(formatCurrency(0.01)).toBe('$0.01');
  });

  it('groups thousands', () => {
    expect(formatCurrency(1500)).toBe('$1,500');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
  });

  it('accepts numeric strings (database decimals)', () => {
    expect(formatCurrency('150')).toBe('$150');
    expect(formatCurrency('150.00')).toBe('$150');
    expect(formatCurrency('150.50')).toBe('$150.50');
    expect(formatCurrency('99.9')).toBe('$99.90');
  });

  it('writes whole cents exactly as the locale format does', () => {
    const byLocale = (v: number) => {
      const hasCents = Math.round(v * 100) % 100 !== 0;
      return `$${v.toLocaleString('en-US', { minimumFractionDigits: hasCents ? 2 : 0, maximumFractionDigits: 2 })}`;
    };
    const samples = [
      0,
      0.1,
      0.07,
      1,
      19.99,
      999.5,
      1000,
      1234567.89,
      100000000,
      -5,
      -1234.5,
      0.3 + 0.6,
      1.005,
    ];
    for (let i = 0; i < 2000; i += 1) samples.push(((i * 7_919_393) % 10 ** (i % 10)) / 100);
    for (const v of samples) expect(formatCurrency(v), String(v)).toBe(byLocale(v));
  });

  it("falls back to '$0' for non-numeric input", () => {
    expect(formatCurrency('abc')).toBe('$0');
    expect(formatCurrency(Number.NaN)).toBe('$0');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('$0');
  });
});

describe('formatBudget (spec 3 §9)', () => {
  it("shows a fixed budget as '$min'", () => {
    expect(formatBudget({ budgetType: 'fixed', budgetMin: 150 })).toBe('$150');
  });

  it('shows only the minimum of a fixed budget even when a maximum is present', () => {
    expect(formatBudget({ budgetType: 'fixed', budgetMin: 150, budgetMax: 150 })).toBe('$150');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: 150, budgetMax: 300 })).toBe('$150');
  });

  it("shows a range budget as '$min - $max'", () => {
    expect(formatBudget({ budgetType: 'range', budgetMin: 100, budgetMax: 200 })).toBe('$100 - $200');
  });

  it('accepts numeric strings as returned for decimal columns', () => {
    expect(formatBudget({ budgetType: 'fixed', budgetMin: '150.00' })).toBe('$150');
    expect(formatBudget({ budgetType: 'range', budgetMin: '100.00', budgetMax: '200.00' })).toBe(
      '$100 - $200',
    );
  });

  it('shows cents when there are any', () => {
    expect(formatBudget({ budgetType: 'fixed', budgetMin: 149.5 })).toBe('$149.50');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: '99.99' })).toBe('$99.99');
    expect(formatBudget({ budgetType: 'range', budgetMin: '100.25', budgetMax: 200 })).toBe('$100.25 - $200');
  });

  it('treats zero as a value, not as missing', () => {
    expect(formatBudget({ budgetType: 'fixed', budgetMin: 0 })).toBe('$0');
    expect(formatBudget({ budgetType: 'range', budgetMin: 0, budgetMax: 50 })).toBe('$0 - $50');
  });

  it("reads 'Budget not specified' when a fixed budget has no minimum", () => {
    expect(formatBudget({ budgetType: 'fixed' })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: null })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: undefined })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: '' })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'fixed', budgetMin: null, budgetMax: 200 })).toBe(
      'Budget not specified',
    );
  });

  it("reads 'Budget not specified' when a range lacks either end", () => {
    expect(formatBudget({ budgetType: 'range', budgetMin: 100 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'range', budgetMin: 100, budgetMax: null })).toBe(
      'Budget not specified',
    );
    expect(formatBudget({ budgetType: 'range', budgetMax: 200 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'range', budgetMin: '', budgetMax: 200 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'range', budgetMin: 100, budgetMax: '' })).toBe('Budget not specified');
  });

  it("reads 'Budget not specified' when the type is missing or unknown", () => {
    expect(formatBudget({})).toBe('Budget not specified');
    expect(formatBudget({ budgetMin: 100, budgetMax: 200 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: null, budgetMin: 100, budgetMax: 200 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: '', budgetMin: 100 })).toBe('Budget not specified');
    expect(formatBudget({ budgetType: 'hourly', budgetMin: 100, budgetMax: 200 })).toBe(
      'Budget not specified',
    );
    expect(formatBudget({ budgetType: 'negotiable', budgetMin: 100 })).toBe('Budget not specified');
  });
});

describe('formatDate', () => {
  it("formats as 'MMM d, yyyy' without a leading zero on the day", () => {
    expect(formatDate(new Date(2025, 0, 5))).toBe('Jan 5, 2025');
    expect(formatDate(new Date(2024, 11, 31))).toBe('Dec 31, 2024');
  });

  it('names every month with its three-letter abbreviation', () => {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    names.forEach((name, month) => {
      expect(formatDate(new Date(2025, month, 15))).toBe(`${name} 15, 2025`);
    });
  });

  it('uses the UTC calendar when asked', () => {
    expect(formatDate(new Date('2025-03-01T00:30:00.000Z'), { utc: true })).toBe('Mar 1, 2025');
    expect(formatDate(new Date('2024-12-31T23:59:59.999Z'), { utc: true })).toBe('Dec 31, 2024');
    expect(formatDate(new Date('2024-02-29T12:00:00.000Z'), { utc: true })).toBe('Feb 29, 2024');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Acme Plumbing')).toBe('AP');
    expect(initialsOf('Jane Mary Doe')).toBe('JM');
  });

  it('takes the first two letters of a single word', () => {
    expect(initialsOf('Acme')).toBe('AC');
    expect(initialsOf('A')).toBe('A');
  });

  it('upper-cases and ignores extra whitespace', () => {
    expect(initialsOf('  jane   doe ')).toBe('JD');
    expect(initialsOf('acme')).toBe('AC');
  });

  it("falls back to 'BU' for missing or blank names", () => {
    expect(initialsOf(null)).toBe('BU');
    expect(initialsOf(undefined)).toBe('BU');
    expect(initialsOf('')).toBe('BU');
    expect(initialsOf('   ')).toBe('BU');
  });

  it('uses the given fallback', () => {
    expect(initialsOf('', 'B')).toBe('B');
    expect(initialsOf(null, 'B')).toBe('B');
    expect(initialsOf('Acme Plumbing', 'B')).toBe('AP');
  });
});

describe('formatBadgeCount with fractional counts', () => {
  it('shows nothing for a count under one', () => {
    expect(formatBadgeCount(0.5)).toBeNull();
    expect(formatBadgeCount(9.9)).toBe('9');
  });
});
