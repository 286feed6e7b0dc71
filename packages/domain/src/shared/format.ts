import { BADGE_CAP } from './constants';
import type { BudgetType } from './statuses';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (spec 1 §9). Future instants read as 'Just now'. */
export function formatRelativeTime(at: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** A count badge: nothing for zero, the number up to 9, then '9+'. */
export function formatBadgeCount(count: number): string | null {
  const whole = Number.isFinite(count) ? Math.floor(count) : 0;
  if (whole <= 0) return null;
  return whole > BADGE_CAP ? `${BADGE_CAP}+` : String(whole);
}

/**
 * Money, numbers, dates and times for the whole platform, in one locale and one currency (decision
 * 032): en-AU and AUD unless the server is started with GRIP_LOCALE / GRIP_CURRENCY. The server
 * calls configureFormats() at start and the web app at start with what the server told it, so the
 * server's emails and the browser's screens write an amount the same way. Nothing else formats money
 * or dates (an architecture test keeps toLocale* and hand-written '$' out of the rest of the code).
 *
 * Performance: the browser's first Intl format costs about 20 ms of a phone's main thread
 * (docs/performance.md), so the usual cases — whole cents in a few English locales whose output is
 * known (and checked against Intl by the tests) — are written out directly; everything else goes
 * through Intl formatters built once per setting and kept.
 */
export interface FormatSettings {
  /** A BCP 47 locale: 'en-AU', 'en-US', 'de-DE'. */
  locale: string;
  /** An ISO 4217 code: 'AUD', 'USD', 'EUR'. */
  currency: string;
}

export const DEFAULT_FORMAT_SETTINGS: Readonly<FormatSettings> = Object.freeze({
  locale: 'en-AU',
  currency: 'AUD',
});

let settings: Readonly<FormatSettings> = DEFAULT_FORMAT_SETTINGS;
let cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Sets the platform's locale and currency for every format below; what is not given keeps its default. */
export function configureFormats(next: Partial<FormatSettings> = {}): Readonly<FormatSettings> {
  const locale = next.locale ?? DEFAULT_FORMAT_SETTINGS.locale;
  const currency = (next.currency ?? DEFAULT_FORMAT_SETTINGS.currency).toUpperCase();
  if (locale !== settings.locale || currency !== settings.currency) {
    settings = Object.freeze({ locale, currency });
    cache = new Map();
  }
  return settings;
}

/** The locale and currency the formats use now. */
export function formatSettings(): Readonly<FormatSettings> {
  return settings;
}

/**
 * Why a locale or currency cannot be used, or null when both can (the server checks its environment
 * with it: a typo must stop the start, not show 'NaN' on every price).
 */
export function formatSettingsProblem(candidate: FormatSettings): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(candidate.locale);
    if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) {
      return `the locale ${candidate.locale} is not supported`;
    }
  } catch {
    return `${candidate.locale} is not a locale (use one such as en-AU or de-DE)`;
  }
  const currency = candidate.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
    return `${candidate.currency} is not a currency code (use one such as AUD or EUR)`;
  }
  return null;
}

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Locales that group thousands with ',' and write '.' before decimals (as Intl does; tests check). */
const COMMA_GROUPED = new Set(['en-AU', 'en-US', 'en-GB', 'en-NZ', 'en-CA', 'en-IE']);
/** The currency sign Intl puts before an amount in these settings (tests check each against Intl). */
const KNOWN_PREFIXES: Readonly<Record<string, string>> = {
  'en-AU|AUD': '$',
  'en-US|USD': '$',
  'en-US|AUD': 'A$',
  'en-NZ|NZD': '$',
  'en-CA|CAD': '$',
  'en-GB|GBP': '£',
};

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount in the platform's currency; cents only when there are any ('$150', '$150.50'; en-US with
 * AUD: 'A$150'; de-DE with EUR: '150 €'). Accepts the API's decimal strings.
 */
export function formatCurrency(amount: number | string): string {
  const parsed = typeof amount === 'string' ? Number(amount) : amount;
  const value = Number.isFinite(parsed) ? parsed : 0;
  const cents = Math.round(value * 100);
  const hasCents = cents % 100 !== 0;
  const prefix = KNOWN_PREFIXES[`${settings.locale}|${settings.currency}`];
  if (prefix !== undefined && Number.isSafeInteger(cents) && Math.abs(value * 100 - cents) < 1e-6) {
    const sign = cents < 0 ? '-' : '';
    const whole = groupThousands(String(Math.floor(Math.abs(cents) / 100)));
    return `${sign}${prefix}${whole}${hasCents ? `.${String(Math.abs(cents) % 100).padStart(2, '0')}` : ''}`;
  }
  const formatter = hasCents
    ? cached(
        'currency',
        () => new Intl.NumberFormat(settings.locale, { style: 'currency', currency: settings.currency }),
      )
    : cached(
        'currency-whole',
        () =>
          new Intl.NumberFormat(settings.locale, {
            style: 'currency',
            currency: settings.currency,
            minimumFractionDigits: 0,
            maximumFractionDigits: 0,
          }),
      );
  return formatter.format(value);
}

/** The platform currency's sign as a form label shows it: 'Budget ($)', 'Price (€)'. */
export function currencySymbol(): string {
  const prefix = KNOWN_PREFIXES[`${settings.locale}|${settings.currency}`];
  if (prefix !== undefined) return prefix;
  const parts = cached(
    'currency',
    () => new Intl.NumberFormat(settings.locale, { style: 'currency', currency: settings.currency }),
  ).formatToParts(1);
  return parts.find((p) => p.type === 'currency')?.value ?? settings.currency;
}

/** A form label with the currency: 'Budget ($)'. */
export function withCurrency(label: string): string {
  return `${label} (${currencySymbol()})`;
}

/**
 * A range of amounts written once with the currency sign: '$150-300' (spec 2 §9), '150-300 €'; one
 * amount when both ends are equal.
 */
export function formatCurrencyRange(low: number | string, high: number | string): string {
  const from = formatCurrency(low);
  const to = formatCurrency(high);
  if (from === to) return from;
  const sign = currencySymbol();
  if (from.startsWith(sign) && to.startsWith(sign)) return `${from}-${to.slice(sign.length)}`;
  const suffix = /\s*\D+$/.exec(from)?.[0];
  if (suffix && to.endsWith(suffix)) return `${from.slice(0, -suffix.length)}-${to}`;
  return `${from} - ${to}`;
}

/** A number in the platform's locale: '1,500', '2.5' (de-DE: '1.500', '2,5'). */
export function formatNumber(value: number, options: { maximumFractionDigits?: number } = {}): string {
  const n = Number.isFinite(value) ? value : 0;
  if (Number.isSafeInteger(n) && COMMA_GROUPED.has(settings.locale)) {
    return `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}`;
  }
  const digits = options.maximumFractionDigits ?? 3;
  return cached(
    `number-${digits}`,
    () => new Intl.NumberFormat(settings.locale, { maximumFractionDigits: digits }),
  ).format(n);
}

/** 'N word(s)' with the number in the platform's locale: '1 quote', '3 quotes', '1,200 businesses'. */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** Budget display of spec 3 §9: fixed '$min', range '$min - $max', otherwise 'Budget not specified'. */
export function formatBudget(budget: {
  budgetType?: BudgetType | string | null;
  budgetMin?: number | string | null;
  budgetMax?: number | string | null;
}): string {
  const { budgetType, budgetMin, budgetMax } = budget;
  const has = (v: number | string | null | undefined): v is number | string =>
    v !== null && v !== undefined && v !== '';
  if (budgetType === 'fixed' && has(budgetMin)) return formatCurrency(budgetMin);
  if (budgetType === 'range' && has(budgetMin) && has(budgetMax)) {
    return `${formatCurrency(budgetMin)} - ${formatCurrency(budgetMax)}`;
  }
  return 'Budget not specified';
}

const isEnglish = () => settings.locale === 'en' || settings.locale.startsWith('en-');

/**
 * A calendar date: the spec's 'MMM d, yyyy' in English (spec 1 §9, 2, 3: 'Jan 5, 2025'), else the
 * locale's own medium date ('5. Jan. 2025'). In the instant's UTC calendar when `utc` (date-only
 * values), else in the viewer's time zone.
 */
export function formatDate(at: Date, options: { utc?: boolean } = {}): string {
  if (isEnglish()) {
    const month = options.utc ? at.getUTCMonth() : at.getMonth();
    const day = options.utc ? at.getUTCDate() : at.getDate();
    const year = options.utc ? at.getUTCFullYear() : at.getFullYear();
    return `${MONTHS[month]} ${day}, ${year}`;
  }
  const key = options.utc ? 'date-utc' : 'date';
  return cached(
    key,
    () =>
      new Intl.DateTimeFormat(settings.locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        ...(options.utc ? { timeZone: 'UTC' } : {}),
      }),
  ).format(at);
}

/** How these locales write a 12-hour clock (as Intl does; the tests check each against it). */
const KNOWN_MERIDIEMS: Readonly<Record<string, readonly [string, string]>> = {
  'en-AU': ['am', 'pm'],
  'en-NZ': ['am', 'pm'],
  'en-US': ['AM', 'PM'],
};

/** A clock time in the platform's locale: '3:05 pm' (en-AU), '3:05 PM' (en-US), '15:05' (de-DE). */
export function formatTime(at: Date, options: { utc?: boolean } = {}): string {
  const meridiems = KNOWN_MERIDIEMS[settings.locale];
  if (meridiems) {
    const hours = options.utc ? at.getUTCHours() : at.getHours();
    const minutes = options.utc ? at.getUTCMinutes() : at.getMinutes();
    const hour = hours % 12 === 0 ? 12 : hours % 12;
    return `${hour}:${String(minutes).padStart(2, '0')} ${meridiems[hours < 12 ? 0 : 1]}`;
  }
  const key = options.utc ? 'time-utc' : 'time';
  return cached(
    key,
    () =>
      new Intl.DateTimeFormat(settings.locale, {
        hour: 'numeric',
        minute: '2-digit',
        ...(options.utc ? { timeZone: 'UTC' } : {}),
      }),
  ).format(at);
}

/** A date and its time: 'Jan 5, 2025 at 3:05 pm'. */
export function formatDateTime(at: Date, options: { utc?: boolean } = {}): string {
  return `${formatDate(at, options)} at ${formatTime(at, options)}`;
}

/** A stored clock time ('14:30' or '14:30:00') in the platform's locale: '2:30 pm'; the text itself if unreadable. */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  return formatTime(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))), { utc: true });
}

/** Avatar initials: the first two letters of the name, falling back to the given default. */
export function initialsOf(name: string | null | undefined, fallback = 'BU'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[1]![0]}`;
  return letters.toUpperCase();
}
