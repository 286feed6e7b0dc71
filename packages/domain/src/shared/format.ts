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
 * Dollars with a dollar sign; cents only when there are any. Whole cents (every amount the API
 * stores) are written out directly: the browser's first Intl number format costs about 20 ms of a
 * phone's main thread (docs/performance.md). Anything finer goes through toLocaleString's rounding.
 */
export function formatCurrency(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '$0';
  const cents = Math.round(value * 100);
  const hasCents = cents % 100 !== 0;
  if (Number.isSafeInteger(cents) && Math.abs(value * 100 - cents) < 1e-6) {
    const sign = cents < 0 ? '-' : '';
    const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `$${sign}${whole}${hasCents ? `.${String(Math.abs(cents) % 100).padStart(2, '0')}` : ''}`;
  }
  return `$${value.toLocaleString('en-US', {
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
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

/** 'MMM d, yyyy' in the given instant's UTC calendar when `utc`, else local. */
export function formatDate(at: Date, options: { utc?: boolean } = {}): string {
  const month = options.utc ? at.getUTCMonth() : at.getMonth();
  const day = options.utc ? at.getUTCDate() : at.getDate();
  const year = options.utc ? at.getUTCFullYear() : at.getFullYear();
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** Avatar initials: the first two letters of the name, falling back to the given default. */
export function initialsOf(name: string | null | undefined, fallback = 'BU'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[1]![0]}`;
  return letters.toUpperCase();
}
