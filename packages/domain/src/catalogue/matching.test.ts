import { describe, it, expect } from 'vitest';
import { hyphenatedToTitleWords, matchTermsOf, matchesCategories, normalizeTerm } from './matching';
import { SERVICE_CATALOGUE } from './service-catalogue';

describe('hyphenatedToTitleWords', () => {
  it('turns a hyphenated slug into title-cased words', () => {
    expect(hyphenatedToTitleWords('pool-maintenance')).toBe('Pool Maintenance');
    expect(hyphenatedToTitleWords('end-of-lease-cleaning')).toBe('End Of Lease Cleaning');
  });

  it('normalises the case of each word', () => {
    expect(hyphenatedToTitleWords('POOL-MAINTENANCE')).toBe('Pool Maintenance');
    expect(hyphenatedToTitleWords('pOOL-mAINTENANCE')).toBe('Pool Maintenance');
  });

  it('title-cases a single word', () => {
    expect(hyphenatedToTitleWords('plumbing')).toBe('Plumbing');
  });

  it('drops empty segments from doubled, leading or trailing hyphens', () => {
    expect(hyphenatedToTitleWords('pool--maintenance')).toBe('Pool Maintenance');
    expect(hyphenatedToTitleWords('-pool-maintenance-')).toBe('Pool Maintenance');
  });

  it('returns an empty string for empty input', () => {
    expect(hyphenatedToTitleWords('')).toBe('');
    expect(hyphenatedToTitleWords('---')).toBe('');
  });
});

describe('matchesCategories (spec 1 §6)', () => {
  const plumbing = { serviceType: 'Plumbing', serviceSubtype: 'Leaking Tap' };

  it('matches everything when the category list is empty', () => {
    expect(matchesCategories(plumbing, [])).toBe(true);
    expect(matchesCategories({ serviceType: null, serviceSubtype: null }, [])).toBe(true);
  });

  it('treats null, undefined and blank-only category lists as empty', () => {
    expect(matchesCategories(plumbing, null)).toBe(true);
    expect(matchesCategories(plumbing, undefined)).toBe(true);
    expect(matchesCategories(plumbing, ['', '   '])).toBe(true);
  });

  it('matches by service type', () => {
    expect(matchesCategories(plumbing, ['Plumbing'])).toBe(true);
    expect(matchesCategories({ serviceType: 'Plumbing' }, ['Electrical', 'Plumbing'])).toBe(true);
  });

  it('matches by subtype', () => {
    expect(
      matchesCategories({ serviceType: 'Home & Property Services', serviceSubtype: 'Plumbing' }, [
        'Plumbing',
      ]),
    ).toBe(true);
  });

  it("matches a hyphenated subtype 'pool-maintenance' to the category 'Pool Maintenance'", () => {
    expect(
      matchesCategories({ serviceType: 'Home & Property Services', serviceSubtype: 'pool-maintenance' }, [
        'Pool Maintenance',
      ]),
    ).toBe(true);
    expect(
      matchesCategories({ serviceType: null, serviceSubtype: 'pool-maintenance' }, ['Pool Maintenance']),
    ).toBe(true);
  });

  it('still matches the raw hyphenated subtype', () => {
    expect(
      matchesCategories({ serviceType: 'X', serviceSubtype: 'pool-maintenance' }, ['pool-maintenance']),
    ).toBe(true);
  });

  it('matches hyphenated subtypes containing punctuation', () => {
    expect(matchesCategories({ serviceType: 'X', serviceSubtype: 'hair-&-beauty' }, ['Hair & Beauty'])).toBe(
      true,
    );
  });

  it('ignores case on both sides', () => {
    expect(matchesCategories({ serviceType: 'plumbing' }, ['PLUMBING'])).toBe(true);
    expect(matchesCategories({ serviceType: 'PLUMBING' }, ['plumbing'])).toBe(true);
    expect(
      matchesCategories({ serviceType: 'X', serviceSubtype: 'POOL-MAINTENANCE' }, ['pool maintenance']),
    ).toBe(true);
  });

  it('ignores surrounding whitespace on both sides', () => {
    expect(matchesCategories({ serviceType: '  Plumbing ' }, [' plumbing  '])).toBe(true);
    expect(
      matchesCategories({ serviceType: 'X', serviceSubtype: ' pool-maintenance ' }, ['Pool Maintenance']),
    ).toBe(true);
  });

  it('does not match when neither type nor subtype is a category', () => {
    expect(matchesCategories(plumbing, ['Electrical'])).toBe(false);
    expect(matchesCategories(plumbing, ['Electrical', 'Cleaning'])).toBe(false);
  });

  it('does not match on partial words', () => {
    expect(matchesCategories({ serviceType: 'Plumbing' }, ['Plumb'])).toBe(false);
    expect(matchesCategories({ serviceType: 'Pool' }, ['Pool Maintenance'])).toBe(false);
    expect(matchesCategories({ serviceType: 'Pet Care' }, ['Pet'])).toBe(false);
  });

  it('handles a null, undefined or missing subtype', () => {
    expect(matchesCategories({ serviceType: 'Plumbing', serviceSubtype: null }, ['Plumbing'])).toBe(true);
    expect(matchesCategories({ serviceType: 'Plumbing', serviceSubtype: undefined }, ['Plumbing'])).toBe(
      true,
    );
    expect(matchesCategories({ serviceType: 'Plumbing' }, ['Plumbing'])).toBe(true);
    expect(matchesCategories({ serviceType: 'Plumbing', serviceSubtype: null }, ['Electrical'])).toBe(false);
  });

  it('never matches a non-empty category list when the request has no type or subtype', () => {
    expect(matchesCategories({ serviceType: null, serviceSubtype: null }, ['Plumbing'])).toBe(false);
    expect(matchesCategories({ serviceType: undefined }, ['Plumbing'])).toBe(false);
    expect(matchesCategories({ serviceType: '', serviceSubtype: '' }, ['Plumbing'])).toBe(false);
    expect(matchesCategories({ serviceType: '   ' }, ['Plumbing'])).toBe(false);
  });

  it('matches each catalogue service from its hyphenated slug', () => {
    for (const { services } of SERVICE_CATALOGUE) {
      for (const service of services) {
        const slug = service.toLowerCase().replace(/\s+/g, '-');
        expect(matchesCategories({ serviceType: 'Other', serviceSubtype: slug }, [service]), slug).toBe(true);
      }
    }
  });
});

describe('matchTermsOf', () => {
  it('lists the lower-cased type, subtype and title-worded subtype', () => {
    expect(
      matchTermsOf({ serviceType: 'Home & Property Services', serviceSubtype: 'pool-maintenance' }),
    ).toEqual(['home and property services', 'pool-maintenance', 'pool maintenance']);
  });

  it('deduplicates terms', () => {
    expect(matchTermsOf({ serviceType: 'Plumbing', serviceSubtype: 'plumbing' })).toEqual(['plumbing']);
    expect(matchTermsOf({ serviceType: 'Plumbing', serviceSubtype: 'PLUMBING' })).toEqual(['plumbing']);
  });

  it('lists only the type when there is no subtype', () => {
    expect(matchTermsOf({ serviceType: 'Plumbing' })).toEqual(['plumbing']);
    expect(matchTermsOf({ serviceType: 'Plumbing', serviceSubtype: null })).toEqual(['plumbing']);
  });

  it('lists only subtype terms when there is no type', () => {
    expect(matchTermsOf({ serviceType: null, serviceSubtype: 'pool-maintenance' })).toEqual([
      'pool-maintenance',
      'pool maintenance',
    ]);
  });

  it('trims terms and drops empty ones', () => {
    expect(matchTermsOf({ serviceType: '  Plumbing  ' })).toEqual(['plumbing']);
    expect(matchTermsOf({ serviceType: '   ', serviceSubtype: '' })).toEqual([]);
    expect(matchTermsOf({ serviceType: null, serviceSubtype: null })).toEqual([]);
  });

  it('is consistent with matchesCategories for non-empty category lists', () => {
    const requests = [
      { serviceType: 'Plumbing', serviceSubtype: 'Leaking Tap' },
      { serviceType: 'Home & Property Services', serviceSubtype: 'pool-maintenance' },
      { serviceType: null, serviceSubtype: 'hair-&-beauty' },
      { serviceType: 'PET CARE', serviceSubtype: null },
    ];
    const categoryLists = [
      ['Plumbing'],
      ['Pool Maintenance'],
      ['hair & beauty'],
      ['pet care', 'Cleaning'],
      ['Moving'],
    ];
    for (const request of requests) {
      for (const categories of categoryLists) {
        const viaTerms = matchTermsOf(request).some((t) => categories.map(normalizeTerm).includes(t));
        expect(matchesCategories(request, categories)).toBe(viaTerms);
      }
    }
  });
});

describe('names with an ampersand', () => {
  it('match the slug form that reads "and"', () => {
    expect(
      matchesCategories({ serviceType: 'Personal Care & Lifestyle', serviceSubtype: 'hair-and-beauty' }, [
        'Hair & Beauty',
      ]),
    ).toBe(true);
    expect(
      matchesCategories({ serviceType: 'Personal Care and Lifestyle' }, ['personal care & lifestyle']),
    ).toBe(true);
    expect(
      matchesCategories({ serviceType: 'Pet Services', serviceSubtype: 'pet-care' }, ['Hair & Beauty']),
    ).toBe(false);
  });
});
