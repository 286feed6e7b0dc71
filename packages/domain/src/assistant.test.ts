import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_EXAMPLE_PROMPTS,
  ASSISTANT_GATHERING_STEPS,
  ASSISTANT_KEYWORDS,
  ASSISTANT_PROMPTS_SHOWN,
  assistantOptions,
  CATEGORY_QUESTIONS,
  classifyNeed,
  competitionLevel,
  containsPhrase,
  formatBudgetRange,
  gatheringSteps,
  isConfirmation,
  isDecline,
  isUrgentText,
  MarketAnalysisQuerySchema,
  nextGatheringStep,
  normalizeForMatching,
  parseBudget,
  parseWhen,
  percentile,
  popularTimeSlots,
  questionsFor,
  responseTimeBucket,
  rotatingWindow,
  timeSlotOf,
  TYPICAL_BUDGET_HINTS,
  typicalBudgetHint,
  typicalBudgetRange,
  type WhenAnswer,
} from './assistant';
import { SERVICE_CATALOGUE } from './service-catalogue';

/** Wednesday 6 May 2026, 09:30 in the test's local time zone. */
const NOW = new Date(2026, 4, 6, 9, 30);

function when(text: string, now = NOW): WhenAnswer {
  const parsed = parseWhen(text, now);
  if (!parsed.ok) throw new Error(`'${text}' was not understood: ${parsed.reason}`);
  return parsed.value;
}

describe('classifyNeed', () => {
  it('matches the exact category name first, case-insensitively', () => {
    expect(classifyNeed('Pet Services')).toEqual({ category: 'Pet Services', service: null });
    expect(classifyNeed('occasional/seasonal services')).toEqual({
      category: 'Occasional/Seasonal Services',
      service: null,
    });
    expect(classifyNeed('HOME & PROPERTY SERVICES')).toEqual({
      category: 'Home & Property Services',
      service: null,
    });
  });

  it('keeps a service named alongside the category name', () => {
    expect(classifyNeed('Home and Property Services: plumbing please')).toEqual({
      category: 'Home & Property Services',
      service: 'Plumbing',
    });
  });

  it('matches every catalogue service by its name', () => {
    for (const group of SERVICE_CATALOGUE) {
      for (const service of group.services) {
        expect(classifyNeed(`I am looking for ${service.toLowerCase()}`), service).toEqual({
          category: group.category,
          service,
        });
      }
    }
  });

  it('prefers the longest service name found', () => {
    expect(classifyNeed('window cleaning for a townhouse')?.service).toBe('Window Cleaning');
    expect(classifyNeed('end of lease cleaning')?.service).toBe('End of Lease Cleaning');
    expect(classifyNeed('gutter cleaning')?.service).toBe('Gutter Cleaning');
    expect(classifyNeed('carpet cleaning')?.service).toBe('Cleaning');
  });

  it('reads "and" for "&" in service names', () => {
    expect(classifyNeed('hair and beauty for a wedding')).toEqual({
      category: 'Personal Care & Lifestyle',
      service: 'Hair & Beauty',
    });
  });

  it.each([
    ['There is a leak under the sink', 'Home & Property Services', 'Plumbing'],
    ['the tap drips all night', 'Home & Property Services', 'Plumbing'],
    ['burst pipe in the laundry', 'Home & Property Services', 'Plumbing'],
    ['Need an electrician, the power points spark', 'Home & Property Services', 'Electrical'],
    ['Mow my lawn', 'Home & Property Services', 'Gardening'],
    ['We have cockroaches in the kitchen', 'Home & Property Services', 'Pest Control'],
    ['assemble an IKEA wardrobe', 'Home & Property Services', 'Handyman'],
    ['my dog needs a walk every day, can someone walk my dog', 'Pet Services', 'Dog Walking'],
    ['dog trainer for a barking puppy', 'Pet Services', 'Pet Training'],
    ['feed my cat and check her water', 'Pet Services', 'Pet Care'],
    ['a pet sitter while I am away', 'Pet Services', 'Pet Sitting'],
    ['a yoga class for beginners', 'Personal Care & Lifestyle', 'Fitness'],
    ['haircut at home', 'Personal Care & Lifestyle', 'Hair & Beauty'],
    ['remedial massage for a sore back', 'Personal Care & Lifestyle', 'Massage'],
    ['maths tutor for my son', 'Personal Care & Lifestyle', 'Tutoring'],
    ['my car will not start, need a mechanic', 'Vehicle & Transportation', 'Car Repair'],
    ['send a parcel across town', 'Vehicle & Transportation', 'Courier & Delivery'],
    ['a man with a van for a couch', 'Vehicle & Transportation', 'Removalist'],
    ['sand and polish the floorboards', 'Renovation & Home Improvement', 'Flooring'],
    ['regrout the bathroom tiles', 'Renovation & Home Improvement', 'Tiling'],
    ['build a timber deck', 'Renovation & Home Improvement', 'Carpentry'],
    ['the dishwasher is broken', 'Everyday Household Needs', 'Appliance Repair'],
    ['someone to do the ironing', 'Everyday Household Needs', 'Ironing & Laundry'],
    ['a private chef for dinner', 'Everyday Household Needs', 'Meal Preparation'],
    ['bond clean before we move out', 'Occasional/Seasonal Services', 'End of Lease Cleaning'],
    ['a fallen tree after the storm', 'Occasional/Seasonal Services', 'Snow & Storm Cleanup'],
    ['marquee and tables and chairs for a party', 'Occasional/Seasonal Services', 'Event Setup'],
    ['pottery for two', 'Experiences', 'Art Classes'],
    ['a magician for a kids party', 'Experiences', 'Entertainment'],
    ['headshots for my team', 'Experiences', 'Photography'],
    ['guided tour of the harbour', 'Experiences', 'Tours & Activities'],
  ])('"%s" -> %s / %s by keywords', (text, category, service) => {
    expect(classifyNeed(text)).toEqual({ category, service });
  });

  it('answers the group alone for words that only name the group', () => {
    expect(classifyNeed('something for my dog')).toEqual({ category: 'Pet Services', service: null });
    expect(classifyNeed('a big renovation')).toEqual({
      category: 'Renovation & Home Improvement',
      service: null,
    });
  });

  it('lets longer phrases win over shorter ones', () => {
    expect(classifyNeed('my roof is leaking')?.service).toBe('Roofing');
    expect(classifyNeed('clean my oven')?.service).toBe('Cleaning');
    expect(classifyNeed("my washing machine won't drain")?.service).toBe('Appliance Repair');
  });

  it('respects word boundaries', () => {
    // 'tap' is not in 'tapestry', 'ant' is not in 'want', 'pest' is not in 'pestle'.
    expect(classifyNeed('a tapestry')).toBeNull();
    expect(classifyNeed('I want it')).toBeNull();
    expect(classifyNeed('mortar and pestle')).toBeNull();
  });

  it('returns null for text it cannot place', () => {
    expect(classifyNeed('hello there')).toBeNull();
    expect(classifyNeed('')).toBeNull();
    expect(classifyNeed('   !!! ')).toBeNull();
    expect(classifyNeed('qwerty asdf')).toBeNull();
  });

  it('has keywords for all eight category groups, naming only catalogue services', () => {
    for (const group of SERVICE_CATALOGUE) {
      expect(ASSISTANT_KEYWORDS.some((e) => e.category === group.category && e.service === null)).toBe(true);
      for (const service of group.services) {
        const entry = ASSISTANT_KEYWORDS.find((e) => e.category === group.category && e.service === service);
        expect(entry?.keywords.length, service).toBeGreaterThan(2);
      }
    }
    for (const entry of ASSISTANT_KEYWORDS) {
      const group = SERVICE_CATALOGUE.find((g) => g.category === entry.category);
      expect(group, entry.category).toBeDefined();
      if (entry.service) expect(group?.services).toContain(entry.service);
    }
  });
});

describe('text matching helpers', () => {
  it('normalizes case, punctuation and "&"', () => {
    expect(normalizeForMatching('Hair & Beauty!')).toBe(' hair and beauty ');
    expect(normalizeForMatching("Won't   START")).toBe(' wont start ');
    expect(normalizeForMatching('Café')).toBe(' cafe ');
  });

  it('finds phrases with common endings only on word boundaries', () => {
    const text = normalizeForMatching('Two leaking taps and a painter');
    expect(containsPhrase(text, 'leak')).toBe(true);
    expect(containsPhrase(text, 'tap')).toBe(true);
    expect(containsPhrase(text, 'paint')).toBe(true);
    expect(containsPhrase(text, 'ant')).toBe(false);
    expect(containsPhrase(text, '')).toBe(false);
  });
});

describe('example prompts', () => {
  it('has 14, each of which the assistant understands', () => {
    expect(ASSISTANT_EXAMPLE_PROMPTS).toHaveLength(14);
    for (const prompt of ASSISTANT_EXAMPLE_PROMPTS) expect(classifyNeed(prompt), prompt).not.toBeNull();
  });

  it('covers every category group', () => {
    const groups = new Set(ASSISTANT_EXAMPLE_PROMPTS.map((p) => classifyNeed(p)?.category));
    for (const group of SERVICE_CATALOGUE) expect(groups, group.category).toContain(group.category);
  });

  it('shows 3 at a time, wrapping round the list', () => {
    expect(rotatingWindow(ASSISTANT_EXAMPLE_PROMPTS, 0, ASSISTANT_PROMPTS_SHOWN)).toEqual(
      ASSISTANT_EXAMPLE_PROMPTS.slice(0, 3),
    );
    expect(rotatingWindow(ASSISTANT_EXAMPLE_PROMPTS, 1, 3)).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(3, 6));
    // Page 4 starts at 12: the last two and then the first.
    expect(rotatingWindow(ASSISTANT_EXAMPLE_PROMPTS, 4, 3)).toEqual([
      ASSISTANT_EXAMPLE_PROMPTS[12],
      ASSISTANT_EXAMPLE_PROMPTS[13],
      ASSISTANT_EXAMPLE_PROMPTS[0],
    ]);
    expect(rotatingWindow(['a', 'b', 'c'], 1, 2)).toEqual(['c', 'a']);
    expect(rotatingWindow(['a', 'b'], 3, 4)).toEqual(['a', 'b']);
    expect(rotatingWindow([], 2, 3)).toEqual([]);
  });
});

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
    expect(TYPICAL_BUDGET_HINTS).toEqual({
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

describe('questions and gathering steps', () => {
  it('has questions for each of the eight groups, and general ones otherwise', () => {
    for (const group of SERVICE_CATALOGUE) {
      expect(CATEGORY_QUESTIONS[group.category]?.length, group.category).toBeGreaterThanOrEqual(2);
      expect(questionsFor(group.category)).toBe(CATEGORY_QUESTIONS[group.category]);
    }
    expect(questionsFor('Something else').length).toBeGreaterThan(0);
  });

  it('gathers budget, datetime, details, then confirms; asking the location only when unknown', () => {
    expect(ASSISTANT_GATHERING_STEPS).toEqual(['budget', 'datetime', 'details', 'confirm']);
    expect(gatheringSteps({ needsLocation: false })).toEqual(['budget', 'datetime', 'details', 'confirm']);
    expect(gatheringSteps({ needsLocation: true })).toEqual([
      'budget',
      'datetime',
      'details',
      'location',
      'confirm',
    ]);
    expect(nextGatheringStep('details', { needsLocation: false })).toBe('confirm');
    expect(nextGatheringStep('details', { needsLocation: true })).toBe('location');
    expect(nextGatheringStep('budget', { needsLocation: true })).toBe('datetime');
    expect(nextGatheringStep('confirm', { needsLocation: true })).toBe('confirm');
  });
});

describe('parseBudget', () => {
  it.each([
    ['$200', 200],
    ['200', 200],
    ['about $180.50', 181],
    ['$1,500', 1500],
    ['2k', 2000],
    ['up to 3 thousand', 3000],
    ['$150-300', 300],
    ['between 100 and 250 dollars', 250],
    ['0', 0],
  ])('%s -> %i', (text, dollars) => {
    expect(parseBudget(text)).toBe(dollars);
  });

  it('returns null without an amount or beyond the limit', () => {
    expect(parseBudget('no idea')).toBeNull();
    expect(parseBudget('')).toBeNull();
    expect(parseBudget('$20000000')).toBeNull();
  });
});

describe('parseWhen (now: Wednesday 6 May 2026, 09:30)', () => {
  it('reads tomorrow morning', () => {
    expect(when('tomorrow morning')).toEqual({
      preferredDate: '2026-05-07',
      timeOfDay: 'morning',
      preferredTime: '10:00:00',
      isUrgent: false,
    });
  });

  it('reads weekdays as the next one, today included unless "next"', () => {
    expect(when('Saturday').preferredDate).toBe('2026-05-09');
    expect(when('sat afternoon')).toMatchObject({ preferredDate: '2026-05-09', preferredTime: '14:00:00' });
    expect(when('Monday').preferredDate).toBe('2026-05-11');
    expect(when('Wednesday').preferredDate).toBe('2026-05-06');
    expect(when('next Wednesday').preferredDate).toBe('2026-05-13');
  });

  it('reads next week as its Monday, the weekend as its Saturday', () => {
    expect(when('next week')).toMatchObject({
      preferredDate: '2026-05-11',
      timeOfDay: 'flexible',
      preferredTime: null,
    });
    expect(when('this weekend').preferredDate).toBe('2026-05-09');
    expect(when('next weekend').preferredDate).toBe('2026-05-16');
    // On a Sunday, the weekend is today and next weekend is the coming Saturday.
    const sunday = new Date(2026, 4, 10, 8, 0);
    expect(when('weekend', sunday).preferredDate).toBe('2026-05-10');
    expect(when('next weekend', sunday).preferredDate).toBe('2026-05-16');
  });

  it('reads asap as today and urgent', () => {
    expect(when('ASAP please')).toEqual({
      preferredDate: '2026-05-06',
      timeOfDay: 'flexible',
      preferredTime: null,
      isUrgent: true,
    });
    expect(when("It's an emergency").isUrgent).toBe(true);
    expect(when('today').isUrgent).toBe(false);
  });

  it('reads relative days and explicit dates, rolling a passed month-day into next year', () => {
    expect(when('in 3 days').preferredDate).toBe('2026-05-09');
    expect(when('in two weeks').preferredDate).toBe('2026-05-20');
    expect(when('day after tomorrow').preferredDate).toBe('2026-05-08');
    expect(when('12 May').preferredDate).toBe('2026-05-12');
    expect(when('June 3rd at 2:30pm')).toMatchObject({
      preferredDate: '2026-06-03',
      timeOfDay: 'afternoon',
      preferredTime: '14:30:00',
    });
    expect(when('2 January').preferredDate).toBe('2027-01-02');
    expect(when('2026-05-20').preferredDate).toBe('2026-05-20');
    expect(when('next month').preferredDate).toBe('2026-06-01');
  });

  it('reads explicit times into the stored time', () => {
    expect(when('tomorrow at 9am').preferredTime).toBe('09:00:00');
    expect(when('Friday 12pm').preferredTime).toBe('12:00:00');
    expect(when('Friday at noon').preferredTime).toBe('12:00:00');
    expect(when('tomorrow 18:15').preferredTime).toBe('18:15:00');
  });

  it('puts a bare time of day on the next one: today, or tomorrow once it has passed', () => {
    expect(when('evening')).toMatchObject({ preferredDate: '2026-05-06', preferredTime: '18:00:00' });
    // Mornings are stored as 10:00, still ahead at 09:30.
    expect(when('morning')).toMatchObject({ preferredDate: '2026-05-06', preferredTime: '10:00:00' });
    expect(when('morning', new Date(2026, 4, 6, 10, 0)).preferredDate).toBe('2026-05-07');
    expect(when('at 9am').preferredDate).toBe('2026-05-07');
    expect(when('at 9:45am').preferredDate).toBe('2026-05-06');
  });

  it('reads flexible answers as no date and no time', () => {
    expect(when("I'm flexible")).toEqual({
      preferredDate: null,
      timeOfDay: 'flexible',
      preferredTime: null,
      isUrgent: false,
    });
    expect(when('whenever').preferredDate).toBeNull();
    expect(when('anytime').preferredDate).toBeNull();
  });

  it('never answers a date in the past', () => {
    expect(parseWhen('2026-05-01', NOW)).toEqual({ ok: false, reason: 'past' });
    expect(parseWhen('2026-02-30', NOW)).toEqual({ ok: false, reason: 'unknown' });
    const late = new Date(2026, 11, 31, 23, 0);
    expect(when('tomorrow', late).preferredDate).toBe('2027-01-01');
    for (const text of ['Saturday', 'next week', '3 May', 'weekend', 'in 1 day', 'this week']) {
      const date = when(text).preferredDate;
      expect(date && date >= '2026-05-06', text).toBe(true);
    }
  });

  it('says when it does not understand', () => {
    expect(parseWhen('purple', NOW)).toEqual({ ok: false, reason: 'unknown' });
    expect(parseWhen('', NOW)).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('confirmations and declines', () => {
  it.each([
    'yes',
    'Yes!',
    'send it',
    'Send it.',
    'yes please',
    'yep',
    'ok',
    'go ahead',
    'yes send it now',
    'SEND',
  ])('%s confirms', (text) => {
    expect(isConfirmation(text)).toBe(true);
    expect(isDecline(text)).toBe(false);
  });

  it.each(['no', "don't send it", 'yes but change the budget', 'wait', 'not yet', 'maybe', '', 'yesterday'])(
    '%s does not confirm',
    (text) => {
      expect(isConfirmation(text)).toBe(false);
    },
  );

  it.each(['no', 'Nope', 'cancel', 'Start over', "don't send it", 'not now'])('%s declines', (text) => {
    expect(isDecline(text)).toBe(true);
  });

  it('does not read "no worries" as a decline', () => {
    expect(isDecline('no worries')).toBe(false);
  });

  it('spots urgency words', () => {
    expect(isUrgentText('URGENT: water everywhere')).toBe(true);
    expect(isUrgentText('need it asap')).toBe(true);
    expect(isUrgentText('plumbing emergency')).toBe(true);
    expect(isUrgentText('whenever suits')).toBe(false);
    expect(isUrgentText('emergencyish')).toBe(false);
  });
});
