import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_EXAMPLE_PROMPTS,
  ASSISTANT_KEYWORDS,
  ASSISTANT_PROMPTS_SHOWN,
  classifyNeed,
  containsPhrase,
  normalizeForMatching,
  rotatingWindow,
} from '.';
import { SERVICE_CATALOGUE } from '../catalogue/service-catalogue';

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
