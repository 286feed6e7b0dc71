import { describe, expect, it } from 'vitest';
import {
  assistantOptions,
  competitionLevel,
  assistantOptionLabel,
  formatBudgetRange,
  sendAllLabel,
  typicalBudgetBounds,
  MarketAnalysisQuerySchema,
  percentile,
  popularTimeSlots,
  responseTimeBucket,
  timeSlotOf,
  TYPICAL_BUDGET_HINTS,
  typicalBudgetHint,
  typicalBudgetRange,
} from '.';
import { configureFormats } from '../shared/format';

describe('market analysis rules', () => {
  it('competition is high above 10 providers, moderate above 5, otherwise low', () => {
    expect(competitionLevel(11)).toBe('high');
    expect(competitionLevel(10)).toBe('moderate');
    expect(competitionLevel(6)).toBe('moderate');
    expect(competitionLevel(5)).toBe('low');
    expect(competitionLevel(0)).toBe('low');
  });

  it('recommends send to all above 10, questions from 3 to 10, expanding below 3', () => {
    expect(assistantOptions(11)).toEqual(['send_all', 'ask_questions']);
    expect(assistantOptions(10)).toEqual(['ask_questions', 'send_all']);
    expect(assistantOptions(3)).toEqual(['ask_questions', 'send_all']);
    expect(assistantOptions(2)).toEqual(['expand', 'ask_questions', 'send_all']);
    expect(assistantOptions(0)[0]).toBe('expand');
  });

  it('buckets the average response time, 24 hours when there are none', () => {
    expect(responseTimeBucket(null)).toBe('within 24 hours');
    expect(responseTimeBucket(undefined)).toBe('within 24 hours');
    expect(responseTimeBucket(Number.NaN)).toBe('within 24 hours');
    expect(responseTimeBucket(5)).toBe('within 1 hour');
    expect(responseTimeBucket(60)).toBe('within 1 hour');
    expect(responseTimeBucket(61)).toBe('within 4 hours');
    expect(responseTimeBucket(240)).toBe('within 4 hours');
    expect(responseTimeBucket(241)).toBe('same day');
    expect(responseTimeBucket(720)).toBe('same day');
    expect(responseTimeBucket(721)).toBe('within 24 hours');
    expect(responseTimeBucket(5000)).toBe('within 24 hours');
  });

  it('has the spec hints per type, looked up by service name or slug', () => {
    // The spec's hints as they read: '$150-300' …
    expect(
      Object.fromEntries(Object.keys(TYPICAL_BUDGET_HINTS).map((k) => [k, typicalBudgetHint(k)])),
    ).toEqual({
      plumbing: '$150-300',
      electrical: '$200-400',
      cleaning: '$80-150',
      handyman: '$100-250',
      painting: '$300-800',
      gardening: '$100-200',
      moving: '$300-600',
      'pet care': '$30-50',
      tutoring: '$40-80',
      photography: '$200-500',
    });
    expect(typicalBudgetHint('Plumbing')).toBe('$150-300');
    expect(typicalBudgetHint('Pet Care')).toBe('$30-50');
    expect(typicalBudgetHint('pet-care')).toBe('$30-50');
    expect(typicalBudgetHint('Roofing')).toBeNull();
    expect(typicalBudgetHint(null)).toBeNull();
    // Names of Object.prototype's members are no services (a fuzzed query string found one).
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(typicalBudgetHint(name)).toBeNull();
  });

  it('computes percentiles like percentile_cont', () => {
    expect(percentile([100, 200, 300, 400, 500], 0.25)).toBe(200);
    expect(percentile([400, 100], 0.25)).toBe(175);
    expect(percentile([7], 0.75)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('takes the typical budget from recent budgets, else the hint, else nothing', () => {
    expect(typicalBudgetRange([100, 200, 300, 400, 500], 'Plumbing')).toBe('$200-400');
    expect(typicalBudgetRange([250, 250, 250], 'Plumbing')).toBe('$250');
    expect(typicalBudgetRange([1000, 1500, 2500, 3000], null)).toBe('$1,375-2,625');
    // Fewer than 3 budgets say nothing typical.
    expect(typicalBudgetRange([900, 1000], 'Plumbing')).toBe('$150-300');
    expect(typicalBudgetRange([], 'Roofing')).toBeNull();
  });

  it('formats ranges with whole dollars', () => {
    expect(formatBudgetRange(150, 300)).toBe('$150-300');
    expect(formatBudgetRange(300, 150)).toBe('$150-300');
    expect(formatBudgetRange(149.6, 149.6)).toBe('$150');
  });

  it('gives the typical budget in whole dollars for the budget buttons', () => {
    expect(typicalBudgetBounds([100, 200, 300, 400, 500], 'Plumbing')).toEqual({ low: 200, high: 400 });
    expect(typicalBudgetBounds([], 'pet-care')).toEqual({ low: 30, high: 50 });
    expect(typicalBudgetBounds([], 'Roofing')).toBeNull();
  });

  it('writes ranges in the platform currency', () => {
    try {
      configureFormats({ locale: 'en-US', currency: 'AUD' });
      expect(typicalBudgetHint('Plumbing')).toBe('A$150-300');
      configureFormats({ locale: 'de-DE', currency: 'EUR' });
      expect(formatBudgetRange(1000, 1500)).toMatch(/^1\.000-1\.500\s€$/);
    } finally {
      configureFormats();
    }
  });

  it("labels the send-all button with the count in words that fit it (issue 33: 'Send to all 1')", () => {
    expect(sendAllLabel(1)).toBe('Send to the 1 business');
    expect(sendAllLabel(2)).toBe('Send to all 2 businesses');
    expect(sendAllLabel(12)).toBe('Send to all 12 businesses');
    expect(sendAllLabel(1500)).toBe('Send to all 1,500 businesses');
    expect(sendAllLabel(0)).toBe('Send to all');
    expect(sendAllLabel(null)).toBe('Send to all');
    expect(assistantOptionLabel('send_all', 3)).toBe('Send to all 3 businesses');
    expect(assistantOptionLabel('expand', 3)).toBe('Expand to 20km');
    expect(assistantOptionLabel('ask_questions', 1)).toBe('Answer a few questions first');
  });

  it('reads stored times as morning, afternoon or evening', () => {
    expect(timeSlotOf('10:00:00')).toBe('morning');
    expect(timeSlotOf('11:59')).toBe('morning');
    expect(timeSlotOf('12:00:00')).toBe('afternoon');
    expect(timeSlotOf('16:59:00')).toBe('afternoon');
    expect(timeSlotOf('17:00:00')).toBe('evening');
    expect(timeSlotOf(null)).toBeNull();
    expect(timeSlotOf('soon')).toBeNull();
  });

  it('lists the popular slots most common first, leaving out unasked ones', () => {
    expect(popularTimeSlots(['18:00:00', '10:00:00', '19:30:00', null, '14:00:00', '20:00:00'])).toEqual([
      'evening',
      'morning',
      'afternoon',
    ]);
    expect(popularTimeSlots(['14:00:00', '10:00:00'])).toEqual(['morning', 'afternoon']);
    expect(popularTimeSlots([null, undefined])).toEqual([]);
  });

  it('validates the query with a 10 km default radius', () => {
    expect(MarketAnalysisQuerySchema.parse({ serviceType: 'Pet Services' })).toEqual({
      serviceType: 'Pet Services',
      radiusKm: 10,
    });
    expect(
      MarketAnalysisQuerySchema.parse({
        serviceType: 'x',
        latitude: '-33.9',
        longitude: '151.2',
        radiusKm: '20',
      }),
    ).toMatchObject({ latitude: -33.9, longitude: 151.2, radiusKm: 20 });
    expect(MarketAnalysisQuerySchema.safeParse({ serviceType: ' ' }).success).toBe(false);
    expect(MarketAnalysisQuerySchema.safeParse({ serviceType: 'x', radiusKm: '500' }).success).toBe(false);
    expect(MarketAnalysisQuerySchema.safeParse({ serviceType: 'x', latitude: '95' }).success).toBe(false);
  });
});
