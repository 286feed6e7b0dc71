import { afterEach, describe, it, expect } from 'vitest';
import {
  configureFormats,
  currencySymbol,
  DEFAULT_FORMAT_SETTINGS,
  formatBadgeCount,
  formatClock,
  formatCount,
  formatCurrencyRange,
  formatDateTime,
  formatNumber,
  formatSettings,
  formatSettingsProblem,
  formatTime,
  withCurrency,
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

  it('writes whole cents exactly as Intl does for the platform default (en-AU, AUD)', () => {
    const whole = new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: 'AUD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const withCents = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
    const byIntl = (v: number) => (Math.round(v * 100) % 100 !== 0 ? withCents : whole).format(v);
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
    for (const v of samples) expect(formatCurrency(v), String(v)).toBe(byIntl(v));
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatCurrency(-5)).toBe('-$5');
    expect(formatCurrency('-1234.50')).toBe('-$1,234.50');
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

describe('the platform locale and currency (decision 032)', () => {
  afterEach(() => {
    configureFormats(DEFAULT_FORMAT_SETTINGS);
  });

  it('defaults to en-AU and AUD', () => {
    configureFormats();
    expect(formatSettings()).toEqual({ locale: 'en-AU', currency: 'AUD' });
    expect(formatCurrency(45)).toBe('$45');
    expect(formatCurrency(45.5)).toBe('$45.50');
    expect(currencySymbol()).toBe('$');
    expect(withCurrency('Budget')).toBe('Budget ($)');
    expect(formatNumber(1500)).toBe('1,500');
    expect(formatTime(new Date(Date.UTC(2025, 0, 5, 15, 5)), { utc: true })).toBe('3:05 pm');
    expect(formatTime(new Date(Date.UTC(2025, 0, 5, 0, 5)), { utc: true })).toBe('12:05 am');
    expect(formatDateTime(new Date(Date.UTC(2025, 0, 5, 12, 0)), { utc: true })).toBe(
      'Jan 5, 2025 at 12:00 pm',
    );
    expect(formatClock('14:30:00')).toBe('2:30 pm');
  });

  it('shows AUD unambiguously to a US locale, as Intl does', () => {
    configureFormats({ locale: 'en-US', currency: 'AUD' });
    expect(formatCurrency(45)).toBe('A$45');
    expect(formatCurrency(45.5)).toBe('A$45.50');
    expect(withCurrency('Price')).toBe('Price (A$)');
    expect(formatCurrencyRange(150, 300)).toBe('A$150-300');
  });

  it('formats US dollars in en-US', () => {
    configureFormats({ locale: 'en-US', currency: 'USD' });
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatTime(new Date(Date.UTC(2025, 0, 5, 15, 5)), { utc: true })).toBe('3:05 PM');
    expect(formatDate(new Date(Date.UTC(2025, 0, 5)), { utc: true })).toBe('Jan 5, 2025');
  });

  it('formats euros, numbers, dates and times in de-DE through Intl', () => {
    configureFormats({ locale: 'de-DE', currency: 'EUR' });
    const euros = (v: number, cents: boolean) =>
      new Intl.NumberFormat('de-DE', {
        style: 'currency',
        currency: 'EUR',
        ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      }).format(v);
    expect(formatCurrency(1234.5)).toBe(euros(1234.5, true));
    expect(formatCurrency(45)).toBe(euros(45, false));
    expect(formatCurrency(45)).toMatch(/^45\s€$/);
    expect(currencySymbol()).toBe('€');
    expect(formatCurrencyRange(150, 300)).toMatch(/^150-300\s€$/);
    expect(formatBudget({ budgetType: 'fixed', budgetMin: '150.00' })).toMatch(/^150\s€$/);
    expect(formatNumber(1500)).toBe('1.500');
    expect(formatNumber(2.5)).toBe('2,5');
    expect(formatDate(new Date(Date.UTC(2025, 0, 5)), { utc: true })).toBe(
      new Intl.DateTimeFormat('de-DE', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2025, 0, 5))),
    );
    expect(formatTime(new Date(Date.UTC(2025, 0, 5, 15, 5)), { utc: true })).toBe('15:05');
  });

  it('writes out exactly what Intl writes for every setting it knows without Intl', () => {
    const settings: [string, string][] = [
      ['en-AU', 'AUD'],
      ['en-US', 'USD'],
      ['en-US', 'AUD'],
      ['en-NZ', 'NZD'],
      ['en-CA', 'CAD'],
      ['en-GB', 'GBP'],
    ];
    const amounts = [0, 5, 45, 45.5, 1234.56, 1_000_000, -12.3];
    for (const [locale, currency] of settings) {
      configureFormats({ locale, currency });
      for (const v of amounts) {
        const hasCents = Math.round(v * 100) % 100 !== 0;
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          ...(hasCents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
        }).format(v);
        expect(formatCurrency(v), `${locale} ${currency} ${v}`).toBe(intl);
      }
      expect(formatNumber(1234567), locale).toBe(new Intl.NumberFormat(locale).format(1234567));
    }
    for (const locale of ['en-AU', 'en-NZ', 'en-US']) {
      configureFormats({ locale });
      for (const hour of [0, 9, 11, 12, 13, 23]) {
        const at = new Date(Date.UTC(2025, 5, 1, hour, 7));
        const intl = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
          .format(at)
          .replace(/\u202f/g, ' ');
        expect(formatTime(at, { utc: true }), `${locale} ${hour}`).toBe(intl);
      }
    }
  });

  it('keeps one formatter per setting, built again after a change', () => {
    configureFormats({ locale: 'de-DE', currency: 'EUR' });
    const first = formatCurrency(1.5);
    configureFormats({ locale: 'en-IE', currency: 'EUR' });
    expect(formatCurrency(1.5)).toBe('€1.50');
    expect(formatCurrency(1.5)).not.toBe(first);
    configureFormats({ locale: 'de-DE', currency: 'EUR' });
    expect(formatCurrency(1.5)).toBe(first);
  });

  it('says what is wrong with a locale or currency the server is given', () => {
    expect(formatSettingsProblem({ locale: 'en-AU', currency: 'AUD' })).toBeNull();
    expect(formatSettingsProblem({ locale: 'de-DE', currency: 'eur' })).toBeNull();
    expect(formatSettingsProblem({ locale: 'not a locale!', currency: 'AUD' })).toMatch(/not a locale/);
    expect(formatSettingsProblem({ locale: 'en-AU', currency: 'DOLLARS' })).toMatch(/not a currency/);
    expect(formatSettingsProblem({ locale: 'en-AU', currency: 'XYZ' })).toMatch(/not a currency/);
  });
});

describe('formatCount', () => {
  it('names one thing in the singular and others in the plural', () => {
    expect(formatCount(0, 'quote')).toBe('0 quotes');
    expect(formatCount(1, 'quote')).toBe('1 quote');
    expect(formatCount(2, 'business', 'businesses')).toBe('2 businesses');
    expect(formatCount(1500, 'request')).toBe('1,500 requests');
  });
});
