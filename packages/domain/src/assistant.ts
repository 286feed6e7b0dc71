import { z } from 'zod';
import { queryCoordinate } from './api-requests';
import { localIsoDate, storedPreferredTime, TIME_OF_DAY_TIMES, type TimeOfDay } from './request-form';
import { SERVICE_CATALOGUE } from './service-catalogue';

/**
 * The request assistant (spec 2 §4 "Assistant chat flow", §8 Assistant, §9 Assistant): matching a
 * need to a category, the market-analysis rules and the answer parsers of the gathering steps. Every
 * rule that depends on time takes `now`.
 */

// ---------------------------------------------------------------------------------------------------
// Constants (spec 2 §9)

export const ASSISTANT_TYPING_DELAY_MS = 800;
export const ASSISTANT_PROMPT_ROTATION_MS = 7000;
export const ASSISTANT_PROMPTS_SHOWN = 3;
export const ASSISTANT_CAROUSEL_ROTATION_MS = 10_000;
/** The carousel rotates only when there are more categories than this (it shows this many at once). */
export const ASSISTANT_CAROUSEL_PAGE_SIZE = 4;
/** After 'Request submitted!' the assistant hands over (spec: the select callback) after 1.5 s. */
export const ASSISTANT_HANDOFF_DELAY_MS = 1500;
export const ASSISTANT_FALLBACK_SUGGESTIONS = 3;

export const MARKET_DEFAULT_RADIUS_KM = 10;
export const MARKET_EXPANDED_RADIUS_KM = 20;
/**
 * A request must use one of the form's service areas (1, 5, 10, 25, 50, 100 km), so a request sent
 * after "expand to 20km" goes out at 25 km: the nearest allowed area that covers the 20 km counted.
 */
export const ASSISTANT_SERVICE_AREA_KM = 10;
export const ASSISTANT_EXPANDED_SERVICE_AREA_KM = 25;
export const MARKET_WINDOW_DAYS = 30;
export const MARKET_REQUEST_LIMIT = 50;
export const MARKET_JOBS_WINDOW_DAYS = 90;
/** Fewer budgets than this say nothing typical; the per-type hint is used instead. */
export const MARKET_MIN_BUDGET_SAMPLES = 3;

// ---------------------------------------------------------------------------------------------------
// Text matching

/**
 * Lower case, '&' read as 'and', everything but letters and digits turned into single spaces, and a
 * space at each end so phrases can be found on word boundaries with a plain substring search.
 */
export function normalizeForMatching(text: string): string {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return words ? ` ${words} ` : ' ';
}

/** Endings a typed word may add to a keyword: leak -> leaks, leaking, leaked, leaky; paint -> painter. */
const WORD_ENDINGS = ['', 's', 'es', 'ed', 'ing', 'er', 'ers', 'y'];

/** Whether a phrase occurs in normalized text on word boundaries, allowing common endings. */
export function containsPhrase(normalizedText: string, phrase: string): boolean {
  const wanted = normalizeForMatching(phrase).trim();
  if (!wanted) return false;
  return WORD_ENDINGS.some((ending) => normalizedText.includes(` ${wanted}${ending} `));
}

export interface KeywordEntry {
  category: string;
  /** A catalogue service, or null for words that only point at the category group. */
  service: string | null;
  keywords: readonly string[];
}

/** A keyword list written as one comma-separated string, so the table stays one line per entry. */
function words(list: string): readonly string[] {
  return list
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * Words people type, per service and per category group. Longer phrases weigh more, so 'leaking roof'
 * beats 'leak' and 'walk my dog' beats 'dog'.
 */
export const ASSISTANT_KEYWORDS: readonly KeywordEntry[] = [
  // Experiences
  {
    category: 'Experiences',
    service: null,
    keywords: words('day out, gift experience, something fun, fun activity'),
  },
  {
    category: 'Experiences',
    service: 'Art Classes',
    keywords: words(
      'art class, art lesson, painting class, drawing class, pottery, ceramics, drawing, sketching, watercolour, watercolor, sculpture, craft workshop, life drawing',
    ),
  },
  {
    category: 'Experiences',
    service: 'Entertainment',
    keywords: words(
      'entertainer, entertainment, magician, clown, dj, live music, band, musician, singer, face painting, kids party, birthday party, party entertainment, comedian, performer, karaoke',
    ),
  },
  {
    category: 'Experiences',
    service: 'Horse Riding',
    keywords: words(
      'horse riding, horse ride, horseback, pony, trail ride, equestrian, riding lesson, horse',
    ),
  },
  {
    category: 'Experiences',
    service: 'Photography',
    keywords: words(
      'photographer, photography, photo, photograph, photo shoot, photoshoot, portrait, headshot, wedding photos, videographer, video shoot, family photos, drone footage',
    ),
  },
  {
    category: 'Experiences',
    service: 'Tours & Activities',
    keywords: words(
      'tour, guided tour, day trip, excursion, sightseeing, kayak, kayaking, surf lesson, surfing lesson, wine tasting, escape room, adventure, activity, activities, snorkelling, scuba',
    ),
  },
  // Home & Property Services
  {
    category: 'Home & Property Services',
    service: null,
    keywords: words('house, home, property, maintenance, apartment, flat, unit'),
  },
  {
    category: 'Home & Property Services',
    service: 'Cleaning',
    keywords: words(
      'clean, cleaner, cleaning, deep clean, house clean, spring clean, vacuum, mop, dusting, tidy, carpet clean, oven clean, bathroom clean, housekeeper, maid',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Electrical',
    keywords: words(
      'electrician, electrical, electric, electricity, sparky, wiring, rewire, power point, powerpoint, power outlet, outlet, socket, light switch, switchboard, fuse, circuit breaker, breaker, light fitting, downlight, ceiling fan, smoke alarm, no power, power outage, lights not working',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Gardening',
    keywords: words(
      'garden, gardener, gardening, lawn, mow, mowing, grass, hedge, weed, weeding, prune, pruning, tree trim, landscaping, landscape, yard work, yard, mulch, leaves, backyard',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Handyman',
    keywords: words(
      'handyman, handy man, odd job, odd jobs, fix, repair, assemble, assembly, flat pack, flatpack, ikea, furniture assembly, mount a tv, mount my tv, tv mount, wall mount, shelf, shelves, door handle, hinge, curtain rod, hang pictures, picture hanging, blinds',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Plumbing',
    keywords: words(
      'plumber, plumbing, leak, leaking, leaky, tap, taps, faucet, pipe, pipes, piping, drain, blocked drain, clogged, clog, blocked, toilet, sink, shower, hot water, water heater, burst, burst pipe, sewer, gas fitter, gas fitting, water pressure, dripping',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Pool Maintenance',
    keywords: words(
      'pool, swimming pool, pool clean, pool pump, pool filter, chlorine, spa pool, hot tub, green pool',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Pest Control',
    keywords: words(
      'pest, pests, exterminator, termite, cockroach, cockroaches, roach, rat, rats, mice, mouse, ant, ants, spider, spiders, wasp, wasps, bees nest, bed bugs, fleas, fumigation, possum, rodent',
    ),
  },
  // Pet Services
  {
    category: 'Pet Services',
    service: null,
    keywords: words(
      'pet, pets, dog, dogs, puppy, cat, cats, kitten, rabbit, bird, guinea pig, poodle, labrador',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Dog Walking',
    keywords: words(
      'dog walk, dog walker, dog walking, walk my dog, walk the dog, walk our dog, walks for my dog, walking my dog',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Care',
    keywords: words(
      'pet care, feed my cat, feed my dog, feed the cat, cat feeding, pet visit, check on my pet, look after my cat, look after my pet, medication for my dog',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Grooming',
    keywords: words(
      'groom, groomer, grooming, dog wash, wash my dog, nail trim, clip my dog, dog clip, de shedding, flea bath',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Sitting',
    keywords: words(
      'pet sitter, pet sitting, dog sitter, cat sitter, house sit, house sitter, boarding, kennel, cattery, mind my dog, look after my dog, dog minding, while i am away, while im away, on holiday',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Training',
    keywords: words(
      'dog trainer, dog training, puppy training, puppy school, obedience, train my dog, train my puppy, barking, pulls on the lead, behaviour, behavior',
    ),
  },
  // Personal Care & Lifestyle
  {
    category: 'Personal Care & Lifestyle',
    service: null,
    keywords: words('lifestyle, wellbeing, wellness, self care, pamper'),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Fitness',
    keywords: words(
      'fitness, gym, workout, exercise, yoga, pilates, boot camp, bootcamp, get fit, lose weight, weight loss, zumba, stretching, running coach',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Hair & Beauty',
    keywords: words(
      'hair, haircut, hairdresser, barber, stylist, makeup, make up, nails, manicure, pedicure, facial, wax, waxing, lashes, eyelash, brows, beauty, blow dry, bridal hair, highlights, beautician',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Massage',
    keywords: words(
      'massage, masseuse, massage therapist, remedial, deep tissue, relaxation, sore back, back pain, stiff neck, sports massage',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Personal Training',
    keywords: words(
      'personal trainer, personal training, pt session, one on one training, strength training, trainer',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Tutoring',
    keywords: words(
      'tutor, tutoring, tuition, homework, maths, math, english, science, physics, chemistry, exam prep, exam, hsc, study help, reading help, language lesson, french, spanish, piano, guitar, music lesson, singing lesson, coding lesson, lessons, year 10, year 12, school',
    ),
  },
  // Vehicle & Transportation
  {
    category: 'Vehicle & Transportation',
    service: null,
    keywords: words('car, cars, vehicle, van, ute, truck, motorbike, motorcycle, transport'),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Car Detailing',
    keywords: words(
      'car wash, wash my car, detailing, detail my car, car detail, car clean, valet, cut and polish, interior clean, wax my car, paint protection',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Car Repair',
    keywords: words(
      'mechanic, car repair, car service, service my car, brakes, brake, engine, flat tyre, flat tire, tyre, tire, car battery, oil change, roadworthy, rego check, wont start, check engine, windscreen, panel beater, gearbox, clutch, transmission',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Courier & Delivery',
    keywords: words(
      'courier, delivery, deliver, parcel, package, pick up and drop off, drop off, send a package, same day delivery, pickup',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Moving',
    keywords: words(
      'move, moving, movers, move house, moving house, moving out, moving in, relocate, relocation, relocating, packing, boxes, new flat, new house, new place',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Removalist',
    keywords: words(
      'removalist, removalists, removal, removals, furniture removal, man with a van, man and van, piano removal, rubbish removal, junk removal',
    ),
  },
  // Renovation & Home Improvement
  {
    category: 'Renovation & Home Improvement',
    service: null,
    keywords: words(
      'renovation, renovate, renovating, reno, remodel, extension, builder, building work, plaster, plasterer, drywall, bathroom renovation, kitchen renovation',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Carpentry',
    keywords: words(
      'carpenter, carpentry, joiner, joinery, deck, decking, pergola, timber, woodwork, wood work, cabinet, cabinets, built in wardrobe, wardrobe, skirting, door frame, fence, fencing, stairs',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Flooring',
    keywords: words(
      'floor, flooring, floorboards, floor boards, carpet laying, new carpet, laminate, vinyl, timber floor, floor sanding, sand the floors, polish the floors, hybrid flooring',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Painting',
    keywords: words(
      'paint, painter, painting, repaint, walls, wallpaper, feature wall, touch up, exterior paint, ceiling paint, colour',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Roofing',
    keywords: words(
      'roof, roofer, roofing, leaking roof, leaky roof, roof leak, roof is leaking, roof tiles, skylight, flashing, gutter repair, metal roof, colorbond',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Tiling',
    keywords: words('tile, tiles, tiler, tiling, grout, regrout, re grout, splashback, waterproofing'),
  },
  // Everyday Household Needs
  {
    category: 'Everyday Household Needs',
    service: null,
    keywords: words('household, errand, errands, chores'),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Appliance Repair',
    keywords: words(
      'appliance, appliances, washing machine, dishwasher, fridge, refrigerator, freezer, oven, dryer, tumble dryer, microwave, stove, cooktop, rangehood, air conditioner, air conditioning, aircon, air con',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Grocery Delivery',
    keywords: words(
      'grocery, groceries, shopping, supermarket, food shopping, do my shopping, pick up groceries',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Ironing & Laundry',
    keywords: words(
      'ironing, iron my, laundry, washing clothes, wash and fold, dry cleaning, folding, shirts',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Meal Preparation',
    keywords: words(
      'meal prep, meal, meals, cook, cooking, chef, private chef, dinner, lunches, healthy meals',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Window Cleaning',
    keywords: words('window, windows, window cleaner, clean the windows, glass, fly screens, flyscreens'),
  },
  // Occasional/Seasonal Services
  {
    category: 'Occasional/Seasonal Services',
    service: null,
    keywords: words('seasonal, occasional, one off, christmas, xmas, winter, summer, holidays'),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Christmas Lights',
    keywords: words(
      'christmas lights, xmas lights, christmas decorations, festive lights, fairy lights, christmas tree, holiday lights',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'End of Lease Cleaning',
    keywords: words(
      'end of lease, bond clean, bond cleaning, vacate clean, vacate cleaning, move out clean, exit clean, get my bond back',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Event Setup',
    keywords: words(
      'event, events, party setup, party set up, event setup, wedding setup, marquee, tables and chairs, decorations, balloons, catering, event hire, set up for a party',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Gutter Cleaning',
    keywords: words('gutter, gutters, downpipe, downpipes, leaves in the gutter, clean the gutters'),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Snow & Storm Cleanup',
    keywords: words(
      'storm, storm damage, fallen tree, tree down, tree fell, flood, flooding, flooded, snow, snow removal, debris, hail damage, hail, cyclone, cleanup after the storm',
    ),
  },
];

export interface NeedMatch {
  category: string;
  /** A catalogue service name, or null when only the category group is known. */
  service: string | null;
}

function maxBy<T>(items: T[], length: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || length(item) > length(best)) best = item;
  return best;
}

/** Sum of the lengths of the phrases found: longer, more specific phrases weigh more. */
function score(normalized: string, phrases: readonly string[]): number {
  return phrases.reduce((sum, p) => (containsPhrase(normalized, p) ? sum + p.length : sum), 0);
}

/** The best service of a group by service name, then by keywords; null when nothing points at one. */
function serviceWithin(normalized: string, category: string): string | null {
  const group = SERVICE_CATALOGUE.find((g) => g.category === category);
  if (!group) return null;
  const named = maxBy(
    group.services.filter((s) => containsPhrase(normalized, s)),
    (s) => s.length,
  );
  if (named) return named;
  let best: { service: string; score: number } | null = null;
  for (const entry of ASSISTANT_KEYWORDS) {
    if (entry.category !== category || !entry.service) continue;
    const s = score(normalized, entry.keywords);
    if (s > 0 && (!best || s > best.score)) best = { service: entry.service, score: s };
  }
  return best?.service ?? null;
}

/**
 * Matches what someone typed to a category group (spec 2 §4 step 2): by the exact category name, then
 * by a service name (the maxBy one found wins, so 'window cleaning' is Window Cleaning, not
 * Cleaning), then by keyword lists. Word boundaries and case are respected throughout. Null when
 * nothing matches.
 */
export function classifyNeed(text: string): NeedMatch | null {
  const normalized = normalizeForMatching(text);
  if (!normalized.trim()) return null;

  const byCategory = maxBy(
    SERVICE_CATALOGUE.filter((g) => containsPhrase(normalized, g.category)),
    (g) => g.category.length,
  );
  if (byCategory)
    return { category: byCategory.category, service: serviceWithin(normalized, byCategory.category) };

  const byService = maxBy(
    SERVICE_CATALOGUE.flatMap((g) =>
      g.services
        .filter((s) => containsPhrase(normalized, s))
        .map((s) => ({ category: g.category, service: s })),
    ),
    (m) => m.service.length,
  );
  if (byService) return byService;

  const categoryScores = new Map<string, number>();
  for (const entry of ASSISTANT_KEYWORDS) {
    if (entry.service) continue;
    const s = score(normalized, entry.keywords);
    if (s > 0) categoryScores.set(entry.category, (categoryScores.get(entry.category) ?? 0) + s);
  }
  // A service scores its own words plus its group's; a bare group scores its words alone.
  const candidates: { match: NeedMatch; score: number }[] = [];
  for (const entry of ASSISTANT_KEYWORDS) {
    if (!entry.service) continue;
    const own = score(normalized, entry.keywords);
    if (own > 0) {
      candidates.push({
        match: { category: entry.category, service: entry.service },
        score: own + (categoryScores.get(entry.category) ?? 0),
      });
    }
  }
  for (const [category, s] of categoryScores)
    candidates.push({ match: { category, service: null }, score: s });
  // Ties keep the earlier candidate: services before bare groups, then catalogue order.
  return maxBy(candidates, (c) => c.score)?.match ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Market analysis rules (spec 2 §9)

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

/** Typical-budget hints per type (spec 2 §9), keyed by the lower-cased service name. */
export const TYPICAL_BUDGET_HINTS: Readonly<Record<string, string>> = {
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
};

/** The hint for a service name or its slug ('Pet Care', 'pet-care'); null for other services. */
export function typicalBudgetHint(service: string | null | undefined): string | null {
  if (!service) return null;
  const key = service.trim().toLowerCase().replace(/-+/g, ' ');
  return TYPICAL_BUDGET_HINTS[key] ?? null;
}

const dollars = (n: number) => Math.round(n).toLocaleString('en-US');

/** '$150-300'; one amount when both ends are equal. */
export function formatBudgetRange(low: number, high: number): string {
  const a = Math.round(Math.min(low, high));
  const b = Math.round(Math.max(low, high));
  return a === b ? `$${dollars(a)}` : `$${dollars(a)}-${dollars(b)}`;
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
 * The typical budget: the 25th to 75th percentile of recent requests' budgets when there are at least
 * MARKET_MIN_BUDGET_SAMPLES of them, else the spec's hint for the service, else null.
 */
export function typicalBudgetRange(
  recentBudgets: readonly number[],
  service: string | null | undefined,
): string | null {
  const budgets = recentBudgets.filter((b) => Number.isFinite(b) && b >= 0);
  if (budgets.length >= MARKET_MIN_BUDGET_SAMPLES) {
    const low = percentile(budgets, 0.25);
    const high = percentile(budgets, 0.75);
    if (low !== null && high !== null) return formatBudgetRange(low, high);
  }
  return typicalBudgetHint(service);
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
  popularTimeSlots: z.array(z.enum(TIME_SLOTS)),
  /** Requests of this kind in the last 90 days that a business was hired for. */
  jobsLast3Months: z.number().int().nonnegative(),
  /** How many requests of the last 30 days the figures above come from (at most 50). */
  recentRequests: z.number().int().nonnegative(),
  options: z.array(z.enum(ASSISTANT_OPTIONS)),
});
export type MarketAnalysis = z.infer<typeof MarketAnalysisSchema>;

// ---------------------------------------------------------------------------------------------------
// Conversation content

/** Fourteen sample needs (spec 2 §9), one or more per category group; each classifies. */
export const ASSISTANT_EXAMPLE_PROMPTS: readonly string[] = [
  'My kitchen tap is leaking',
  'I need a dog walker on weekdays',
  'Deep clean of a 2-bedroom apartment',
  'Paint the living room and hallway',
  'Mow the lawn and trim the hedges',
  'A maths tutor for year 10',
  'Help moving to a new flat on Saturday',
  'Install three new power points',
  'Photographer for a 40th birthday party',
  "My washing machine won't drain",
  'End of lease clean for a studio',
  'Fix a leaking roof before winter',
  'Wash and groom my dog',
  'Put up Christmas lights on the house',
];

/** `count` items of a list starting at page `page` (wrapping round), for rotating displays. */
export function rotatingWindow<T>(items: readonly T[], page: number, count: number): T[] {
  if (items.length === 0 || count <= 0) return [];
  const size = Math.min(count, items.length);
  const start = (((page * size) % items.length) + items.length) % items.length;
  return Array.from({ length: size }, (_, i) => items[(start + i) % items.length] as T);
}

/** Questions asked per category group when the customer chooses to answer a few first. */
export const CATEGORY_QUESTIONS: Readonly<Record<string, readonly string[]>> = {
  Experiences: [
    'What kind of experience are you after, and for how many people?',
    'Is it for a special occasion we should mention?',
  ],
  'Home & Property Services': [
    'Which part of the property is it, and roughly how big is the job?',
    'Is anything damaged or getting worse, or is it routine work?',
    'Is there easy access and parking at the property?',
  ],
  'Pet Services': [
    'What kind of pet, and how many?',
    'Anything the provider should know about temperament, health or routine?',
  ],
  'Personal Care & Lifestyle': [
    'Would you like the session at your place, or are you happy to travel?',
    'Any goals or preferences the provider should know about?',
  ],
  'Vehicle & Transportation': [
    'What is the vehicle or load (make and model, or what needs moving)?',
    'Where from and where to, if it involves a trip?',
  ],
  'Renovation & Home Improvement': [
    'Roughly how big is the area (square metres or number of rooms)?',
    'Do you have the materials, or should the provider supply them?',
  ],
  'Everyday Household Needs': [
    'Is it a one-off, or would you like it weekly or fortnightly?',
    'Any brands, models or preferences the provider should know about?',
  ],
  'Occasional/Seasonal Services': [
    'Roughly how big is the property or event?',
    'Is it a one-off, or something you would like done every season?',
  ],
};

const GENERAL_QUESTIONS = [
  'What exactly needs doing?',
  'Anything the provider should know before quoting?',
] as const;

export function questionsFor(category: string): readonly string[] {
  return CATEGORY_QUESTIONS[category] ?? GENERAL_QUESTIONS;
}

/** The gathering steps (spec 2 §4 step 5); 'location' is asked before confirming only when unknown. */
export const ASSISTANT_GATHERING_STEPS = ['budget', 'datetime', 'details', 'confirm'] as const;
export type GatheringStep = (typeof ASSISTANT_GATHERING_STEPS)[number] | 'location';

export function gatheringSteps(options: { needsLocation: boolean }): GatheringStep[] {
  return options.needsLocation
    ? ['budget', 'datetime', 'details', 'location', 'confirm']
    : [...ASSISTANT_GATHERING_STEPS];
}

/** The step after `step`; 'confirm' is the last. */
export function nextGatheringStep(step: GatheringStep, options: { needsLocation: boolean }): GatheringStep {
  const steps = gatheringSteps(options);
  const index = steps.indexOf(step);
  return steps[Math.min(index + 1, steps.length - 1)] ?? 'confirm';
}

// ---------------------------------------------------------------------------------------------------
// Answer parsers

const BUDGET_CAP = 10_000_000;

/**
 * A budget answer in whole dollars: '$200', '200', '1,500', '2k', 'about $180.50'. A range
 * ('$150-300', '150 to 300') gives its upper end: what the customer is prepared to pay. Null when no
 * amount is given.
 */
export function parseBudget(text: string): number | null {
  const cleaned = text.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1');
  const amounts = [...cleaned.matchAll(/(\d+(?:\.\d+)?)\s*(k|thousand)?\b/g)].map((m) => {
    const value = Number(m[1]);
    return m[2] ? value * 1000 : value;
  });
  if (amounts.length === 0) return null;
  const isRange = amounts.length >= 2 && /\d\s*(k|thousand)?\s*(-|–|to|and)\s*\$?\s*\d/.test(cleaned);
  const value = isRange ? Math.max(...amounts.slice(0, 2)) : (amounts[0] as number);
  const whole = Math.round(value);
  if (!Number.isFinite(whole) || whole < 0 || whole > BUDGET_CAP) return null;
  return whole;
}

const URGENT_WORDS = /\b(urgent|urgently|asap|a s a p|emergency|immediately|right away|straight away)\b/;

/** Whether the text says the job is urgent (sets is_urgent on the request). */
export function isUrgentText(text: string): boolean {
  return URGENT_WORDS.test(normalizeForMatching(text));
}

/** Weekday names as typed, by day number (0 = Sunday). */
const WEEKDAY_NAMES: readonly string[] = [
  'sun|sunday',
  'mon|monday',
  'tue|tues|tuesday',
  'wed|weds|wednesday',
  'thu|thur|thurs|thursday',
  'fri|friday',
  'sat|saturday',
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  'a couple': 2,
  few: 3,
  'a few': 3,
};

function addDays(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** The next date falling on `weekday` (0 = Sunday), today included unless `strictlyAfterToday`. */
function nextWeekday(now: Date, weekday: number, strictlyAfterToday: boolean): Date {
  let days = (weekday - now.getDay() + 7) % 7;
  if (days === 0 && strictlyAfterToday) days = 7;
  return addDays(now, days);
}

export interface WhenAnswer {
  /** YYYY-MM-DD in the viewer's calendar, or null when the customer is flexible about the day. */
  preferredDate: string | null;
  timeOfDay: TimeOfDay;
  /** What the request stores (HH:MM:SS), from an explicit time or the time of day; null when flexible. */
  preferredTime: string | null;
  isUrgent: boolean;
}

export type WhenParse = { ok: true; value: WhenAnswer } | { ok: false; reason: 'unknown' | 'past' };

function explicitTimeOf(text: string): string | null {
  if (/\b(noon|midday)\b/.test(text)) return '12:00';
  const ampm = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\b/.exec(text);
  if (ampm) {
    let hour = Number(ampm[1]);
    const minute = Number(ampm[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return null;
    if (ampm[3] === 'pm' && hour !== 12) hour += 12;
    if (ampm[3] === 'am' && hour === 12) hour = 0;
    return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  }
  const clock = /\b([01]?\d|2[0-3]):([0-5]\d)\b/.exec(text);
  if (clock) return `${clock[1]?.padStart(2, '0')}:${clock[2]}`;
  return null;
}

function timeOfDayOf(text: string, explicit: string | null): TimeOfDay {
  if (/\bmorning\b/.test(text)) return 'morning';
  if (/\bafternoon\b/.test(text)) return 'afternoon';
  if (/\b(evening|night|tonight)\b/.test(text)) return 'evening';
  const slot = explicit ? timeSlotOf(explicit) : null;
  return slot ?? 'flexible';
}

/** An explicit calendar date in the text: ISO, '12 May', 'May 12th'; the year rolls over when needed. */
function explicitDateOf(text: string, now: Date): { date: Date; hadYear: boolean } | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) {
    const date = new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    if (date.getMonth() !== Number(iso[2]) - 1) return null;
    return { date, hadYear: true };
  }
  const month = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}\\b`).exec(text);
  const monthFirst = new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(text);
  const parts = dayFirst
    ? { day: Number(dayFirst[1]), month: dayFirst[2] ?? '' }
    : monthFirst
      ? { day: Number(monthFirst[2]), month: monthFirst[1] ?? '' }
      : null;
  if (!parts) return null;
  const monthIndex = MONTHS.indexOf(parts.month.slice(0, 3));
  if (monthIndex < 0 || parts.day < 1 || parts.day > 31) return null;
  let date = new Date(now.getFullYear(), monthIndex, parts.day);
  if (date.getMonth() !== monthIndex) return null;
  if (localIsoDate(date) < localIsoDate(now)) date = new Date(now.getFullYear() + 1, monthIndex, parts.day);
  return { date, hadYear: false };
}

function relativeDateOf(text: string, now: Date): Date | null | 'flexible' {
  const inDays =
    /\bin\s+(\d+|a couple|a few|couple|few|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|days|week|weeks)\b/.exec(
      text,
    );
  if (inDays) {
    const n = /^\d+$/.test(inDays[1] ?? '') ? Number(inDays[1]) : (NUMBER_WORDS[inDays[1] ?? ''] ?? 1);
    return addDays(now, inDays[2]?.startsWith('week') ? n * 7 : n);
  }
  if (/\bday after tomorrow\b/.test(text)) return addDays(now, 2);
  if (/\b(tomorrow|tmrw|tmr|tomorow)\b/.test(text)) return addDays(now, 1);
  if (
    /\b(asap|a s a p|urgent|urgently|emergency|immediately|right away|straight away|today|tonight|now|this (morning|afternoon|evening))\b/.test(
      text,
    )
  ) {
    return addDays(now, 0);
  }
  if (/\bnext weekend\b/.test(text)) {
    // On a Sunday the coming Saturday is already "next weekend".
    const coming = nextWeekday(now, 6, false);
    return now.getDay() === 0 ? coming : addDays(coming, 7);
  }
  if (/\b(this )?weekend\b/.test(text))
    return now.getDay() === 0 ? addDays(now, 0) : nextWeekday(now, 6, false);
  if (/\bnext week\b/.test(text)) return nextWeekday(now, 1, true);
  if (/\b(this week|end of the week|later this week)\b/.test(text)) {
    return now.getDay() === 6 || now.getDay() === 0 ? addDays(now, 0) : nextWeekday(now, 5, false);
  }
  if (/\bnext month\b/.test(text)) return new Date(now.getFullYear(), now.getMonth() + 1, 1);
  for (const [weekday, names] of WEEKDAY_NAMES.entries()) {
    const named = new RegExp(`\\b(next\\s+)?(${names})\\b`).exec(text);
    if (named) return nextWeekday(now, weekday, Boolean(named[1]));
  }
  if (
    /\b(flexible|any ?time|any day|whenever|no rush|not fussed|no preference|dont mind|do not mind|doesnt matter)\b/.test(
      text,
    )
  ) {
    return 'flexible';
  }
  return null;
}

function hasPassedToday(time: string | null, now: Date): boolean {
  const match = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!match) return false;
  return now.getHours() * 60 + now.getMinutes() >= Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A date/time answer: 'tomorrow morning', 'Saturday', 'next week', 'asap', 'in 3 days', '12 May at
 * 2pm', 'flexible'. Dates are in the viewer's calendar relative to `now` and never in the past: an
 * explicit past date is refused ('past'), anything not understood is 'unknown'. 'asap', 'urgent' and
 * 'emergency' also mark the request urgent.
 */
export function parseWhen(text: string, now: Date): WhenParse {
  const normalized = normalizeForMatching(text).trim();
  // The clock is read from the raw lower-cased text, where '2:30pm' keeps its colon.
  const raw = text.toLowerCase();
  const explicitTime = explicitTimeOf(raw);
  const timeOfDay = timeOfDayOf(normalized, explicitTime);
  const isUrgent = isUrgentText(text);

  const explicit = explicitDateOf(raw, now);
  let date: Date | null = null;
  if (explicit) {
    if (explicit.hadYear && localIsoDate(explicit.date) < localIsoDate(now))
      return { ok: false, reason: 'past' };
    date = explicit.date;
  } else {
    const relative = relativeDateOf(normalized, now);
    if (relative === null && !explicitTime && timeOfDay === 'flexible')
      return { ok: false, reason: 'unknown' };
    date = relative === 'flexible' ? null : relative;
    // A bare time of day ('evening', '3pm') means the next one: today, or tomorrow once it has passed.
    if (relative === null)
      date = addDays(now, hasPassedToday(explicitTime ?? TIME_OF_DAY_TIMES[timeOfDay], now) ? 1 : 0);
  }
  return {
    ok: true,
    value: {
      preferredDate: date ? localIsoDate(date) : null,
      timeOfDay,
      preferredTime: storedPreferredTime(timeOfDay, explicitTime),
      isUrgent,
    },
  };
}

const CONFIRMATIONS = new Set([
  'y',
  'yes',
  'yeah',
  'yea',
  'yep',
  'yup',
  'sure',
  'ok',
  'okay',
  'k',
  'confirm',
  'confirmed',
  'send',
  'send it',
  'send it now',
  'send now',
  'send it please',
  'please send',
  'please send it',
  'go ahead',
  'go for it',
  'do it',
  'yes please',
  'sounds good',
  'looks good',
  'perfect',
  'correct',
  'thats right',
  'submit',
  'submit it',
  'lets do it',
  'absolutely',
  'definitely',
  'of course',
  'great',
]);
const CONFIRMATION_STARTS = [
  'yes ',
  'yeah ',
  'yep ',
  'yup ',
  'ok ',
  'okay ',
  'sure ',
  'send it ',
  'please send ',
];
const HESITATIONS = /\b(no|not|dont|do not|wait|cancel|but|hold|stop|change|later)\b/;

/** 'yes', 'send it' and close variants; anything hesitant ('yes but…', "don't send") is not a yes. */
export function isConfirmation(text: string): boolean {
  const normalized = normalizeForMatching(text).trim();
  if (!normalized || HESITATIONS.test(normalized)) return false;
  if (CONFIRMATIONS.has(normalized)) return true;
  return CONFIRMATION_STARTS.some((start) => normalized.startsWith(start));
}

const DECLINES = new Set([
  'n',
  'no',
  'nope',
  'nah',
  'cancel',
  'stop',
  'start over',
  'start again',
  'restart',
  'dont send',
  'dont send it',
  'do not send',
  'not now',
  'not yet',
  'never mind',
  'nevermind',
  'no thanks',
  'no thank you',
  'forget it',
]);

/** 'no', 'cancel', 'start over' and close variants: drop the request without sending it. */
export function isDecline(text: string): boolean {
  const normalized = normalizeForMatching(text).trim();
  if (DECLINES.has(normalized)) return true;
  return /^(cancel|start over|start again|dont send|do not send|forget it)\b/.test(normalized);
}
