import { z } from 'zod';
import { queryCoordinate } from '../requests/api-requests';
import { formatCount, formatCurrencyRange } from '../shared/format';
import { MARKET_DEFAULT_RADIUS_KM, MARKET_MIN_BUDGET_SAMPLES } from './constants';

/** The market-analysis rules (spec 2 §9): competition, options, response times, budgets, time slots. */

export const COMPETITION_LEVELS = ['high', 'moderate', 'low'] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

/** High above 10 providers, moderate above 5, otherwise low. */
export function competitionLevel(providerCount: number): CompetitionLevel {
  if (providerCount > 10) return 'high';
  if (providerCount > 5) return 'moderate';
  return 'low';
}

export const ASSISTANT_OPTIONS = ['send_all', 'ask_questions', 'expand'] as const;
export type AssistantOption = (typeof ASSISTANT_OPTIONS)[number];

export const ASSISTANT_OPTION_LABELS: Record<AssistantOption, string> = {
  send_all: 'Send to all',
  ask_questions: 'Answer a few questions first',
  expand: 'Expand to 20km',
};

/**
 * The send-all button with the real count, in words that read right for any number: 'Send to the 1
 * business', 'Send to all 7 businesses'; 'Send to all' when the count is unknown or none (issue 33:
 * 'Send to all 1').
 */
export function sendAllLabel(providerCount: number | null | undefined): string {
  if (providerCount === null || providerCount === undefined || !(providerCount > 0)) {
    return ASSISTANT_OPTION_LABELS.send_all;
  }
  return providerCount === 1
    ? 'Send to the 1 business'
    : `${ASSISTANT_OPTION_LABELS.send_all} ${formatCount(providerCount, 'business', 'businesses')}`;
}

/** A button's words: the send-all button with its count. */
export function assistantOptionLabel(
  option: AssistantOption,
  providerCount: number | null | undefined,
): string {
  return option === 'send_all' ? sendAllLabel(providerCount) : ASSISTANT_OPTION_LABELS[option];
}

/**
 * The buttons after the analysis, the recommended one first (spec 2 §9): more than 10 providers
 * recommends sending to all, 3 to 10 answering a few questions, fewer than 3 expanding to 20 km.
 * Sending and answering questions stay available whatever the count; expanding is offered only when
 * fewer than 3 providers are in range, since a wider net helps only then.
 */
export function assistantOptions(providerCount: number): AssistantOption[] {
  if (providerCount > 10) return ['send_all', 'ask_questions'];
  if (providerCount >= 3) return ['ask_questions', 'send_all'];
  return ['expand', 'ask_questions', 'send_all'];
}

export const RESPONSE_TIME_BUCKETS = [
  'within 1 hour',
  'within 4 hours',
  'same day',
  'within 24 hours',
] as const;
export type ResponseTimeBucket = (typeof RESPONSE_TIME_BUCKETS)[number];

/**
 * The average time to the first responses, as the spec's buckets: under an hour, under 4 hours, under
 * 12 hours ('same day'), otherwise 'within 24 hours' — also the answer when there are no responses.
 */
export function responseTimeBucket(averageMinutes: number | null | undefined): ResponseTimeBucket {
  if (averageMinutes === null || averageMinutes === undefined || !Number.isFinite(averageMinutes)) {
    return 'within 24 hours';
  }
  if (averageMinutes <= 60) return 'within 1 hour';
  if (averageMinutes <= 240) return 'within 4 hours';
  if (averageMinutes <= 720) return 'same day';
  return 'within 24 hours';
}

/** Typical budgets per type in whole dollars (spec 2 §9: plumbing '$150-300'…), keyed by the lower-cased service name. */
export const TYPICAL_BUDGET_HINTS: Readonly<Record<string, readonly [number, number]>> = {
  plumbing: [150, 300],
  electrical: [200, 400],
  cleaning: [80, 150],
  handyman: [100, 250],
  painting: [300, 800],
  gardening: [100, 200],
  moving: [300, 600],
  'pet care': [30, 50],
  tutoring: [40, 80],
  photography: [200, 500],
};

export interface BudgetBounds {
  low: number;
  high: number;
}

function hintBoundsOf(service: string | null | undefined): BudgetBounds | null {
  if (!service) return null;
  const key = service.trim().toLowerCase().replace(/-+/g, ' ');
  // Own keys only: a name such as '__proto__' from a query string must not reach Object.prototype.
  const hint = Object.hasOwn(TYPICAL_BUDGET_HINTS, key) ? TYPICAL_BUDGET_HINTS[key] : undefined;
  return hint ? { low: hint[0], high: hint[1] } : null;
}

/** The hint for a service name or its slug ('Pet Care', 'pet-care') as shown ('$30-50'); null for other services. */
export function typicalBudgetHint(service: string | null | undefined): string | null {
  const bounds = hintBoundsOf(service);
  return bounds ? formatBudgetRange(bounds.low, bounds.high) : null;
}

/** '$150-300' in the platform's currency; one amount when both ends are equal. */
export function formatBudgetRange(low: number, high: number): string {
  return formatCurrencyRange(Math.round(Math.min(low, high)), Math.round(Math.max(low, high)));
}

/** Linear-interpolated percentile (as PostgreSQL's percentile_cont) of unsorted values; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const lo = sorted[lower] ?? 0;
  const hi = sorted[upper] ?? lo;
  return lo + (hi - lo) * (position - lower);
}

/**
 * The typical budget in whole dollars: the 25th to 75th percentile of recent requests' budgets when
 * there are at least MARKET_MIN_BUDGET_SAMPLES of them, else the spec's hint for the service, else null.
 */
export function typicalBudgetBounds(
  recentBudgets: readonly number[],
  service: string | null | undefined,
): BudgetBounds | null {
  const budgets = recentBudgets.filter((b) => Number.isFinite(b) && b >= 0);
  if (budgets.length >= MARKET_MIN_BUDGET_SAMPLES) {
    const low = percentile(budgets, 0.25);
    const high = percentile(budgets, 0.75);
    if (low !== null && high !== null) return { low: Math.round(low), high: Math.round(high) };
  }
  return hintBoundsOf(service);
}

/** The typical budget as shown: '$150-300' (see typicalBudgetBounds). */
export function typicalBudgetRange(
  recentBudgets: readonly number[],
  service: string | null | undefined,
): string | null {
  const bounds = typicalBudgetBounds(recentBudgets, service);
  return bounds ? formatBudgetRange(bounds.low, bounds.high) : null;
}

export const TIME_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** A stored time ('HH:MM[:SS]') as a slot: before noon morning, before 17:00 afternoon, else evening. */
export function timeSlotOf(time: string | null | undefined): TimeSlot | null {
  const match = /^(\d{1,2}):\d{2}/.exec(time ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** The slots requests ask for, most common first (ties in day order); slots nobody asked for are left out. */
export function popularTimeSlots(times: readonly (string | null | undefined)[]): TimeSlot[] {
  const counts = new Map<TimeSlot, number>();
  for (const t of times) {
    const slot = timeSlotOf(t);
    if (slot) counts.set(slot, (counts.get(slot) ?? 0) + 1);
  }
  return TIME_SLOTS.filter((s) => counts.has(s)).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

export const MarketAnalysisQuerySchema = z.object({
  serviceType: z.string().trim().min(1, 'Please select a service type').max(100),
  /** A catalogue service name (e.g. 'Plumbing'), when the assistant found one. */
  service: z.string().trim().max(100).optional(),
  latitude: queryCoordinate(90),
  longitude: queryCoordinate(180),
  // Whole kilometres (decision 018): with public points nothing finer could be learnt anyway.
  radiusKm: z.coerce
    .number({ error: 'Please choose a search radius between 1 and 100 km.' })
    .int('Please choose a search radius of whole kilometres between 1 and 100.')
    .min(1, 'Please choose a search radius between 1 and 100 km.')
    .max(100, 'Please choose a search radius between 1 and 100 km.')
    .default(MARKET_DEFAULT_RADIUS_KM),
});
export type MarketAnalysisQuery = z.input<typeof MarketAnalysisQuerySchema>;

/** GET /api/market-analysis: every figure counted from real data. */
export const MarketAnalysisSchema = z.object({
  serviceType: z.string(),
  service: z.string().nullable(),
  radiusKm: z.number(),
  /** False when no point was given: every matching business was counted, wherever it is. */
  hasLocation: z.boolean(),
  providerCount: z.number().int().nonnegative(),
  expandedRadiusKm: z.number(),
  expandedProviderCount: z.number().int().nonnegative(),
  competitionLevel: z.enum(COMPETITION_LEVELS),
  averageResponseTime: z.enum(RESPONSE_TIME_BUCKETS),
  typicalBudgetRange: z.string().nullable(),
  /** The same range in whole dollars, for the budget question's buttons (absent from older servers). */
  typicalBudget: z.object({ low: z.number(), high: z.number() }).nullable().optional(),
  popularTimeSlots: z.array(z.enum(TIME_SLOTS)),
  /** Requests of this kind in the last 90 days that a business was hired for. */
  jobsLast3Months: z.number().int().nonnegative(),
  /** How many requests of the last 30 days the figures above come from (at most 50). */
  recentRequests: z.number().int().nonnegative(),
  options: z.array(z.enum(ASSISTANT_OPTIONS)),
});
export type MarketAnalysis = z.infer<typeof MarketAnalysisSchema>;
