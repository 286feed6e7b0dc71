import { describe, it, expect } from 'vitest';
import { SERVICE_CATALOGUE, catalogueRows } from './service-catalogue';

/** 2-customer §9 "Service categories seen in keyword lists". */
const SPEC_CATEGORIES = [
  'Experiences',
  'Home & Property Services',
  'Pet Services',
  'Personal Care & Lifestyle',
  'Vehicle & Transportation',
  'Renovation & Home Improvement',
  'Everyday Household Needs',
  'Occasional/Seasonal Services',
];

/** The typical-budget types (2-customer §9) and the home screen's sample business types (2-customer §2). */
const SPEC_SERVICE_TYPES = [
  'Plumbing',
  'Electrical',
  'Cleaning',
  'Handyman',
  'Painting',
  'Gardening',
  'Moving',
  'Pet Care',
  'Tutoring',
  'Photography',
  'Hair & Beauty',
  'Fitness',
  'Art Classes',
  'Pool Maintenance',
  'Entertainment',
  'Horse Riding',
];

describe('SERVICE_CATALOGUE', () => {
  it("has exactly the spec's eight category groups", () => {
    expect(SERVICE_CATALOGUE).toHaveLength(8);
    expect(SERVICE_CATALOGUE.map((g) => g.category).sort()).toEqual([...SPEC_CATEGORIES].sort());
  });

  it('gives every group at least one service', () => {
    for (const group of SERVICE_CATALOGUE) expect(group.services.length, group.category).toBeGreaterThan(0);
  });

  it('has no blank or padded service names', () => {
    for (const { services } of SERVICE_CATALOGUE) {
      for (const service of services) {
        expect(service).toBe(service.trim());
        expect(service).not.toBe('');
      }
    }
  });
});

describe('catalogueRows', () => {
  const rows = catalogueRows();

  it('has one row per catalogue service', () => {
    const total = SERVICE_CATALOGUE.reduce((n, g) => n + g.services.length, 0);
    expect(rows).toHaveLength(total);
    for (const { category, services } of SERVICE_CATALOGUE) {
      for (const service of services) {
        expect(rows).toContainEqual({ categoryName: category, serviceName: service });
      }
    }
  });

  it('has exactly 8 distinct category names, the ones of the spec', () => {
    const categories = new Set(rows.map((r) => r.categoryName));
    expect(categories.size).toBe(8);
    expect([...categories].sort()).toEqual([...SPEC_CATEGORIES].sort());
  });

  it('has no duplicate (category, service) rows', () => {
    const keys = rows.map((r) => `${r.categoryName}\u0000${r.serviceName}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists each service under a single category', () => {
    const names = rows.map((r) => r.serviceName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('is sorted by category, then by service', () => {
    for (let i = 1; i < rows.length; i++) {
      const prev = rows[i - 1]!;
      const curr = rows[i]!;
      const byCategory = prev.categoryName.localeCompare(curr.categoryName);
      expect(byCategory, `${prev.categoryName} / ${curr.categoryName}`).toBeLessThanOrEqual(0);
      if (byCategory === 0) {
        expect(
          prev.serviceName.localeCompare(curr.serviceName),
          `${prev.serviceName} / ${curr.serviceName}`,
        ).toBeLessThan(0);
      }
    }
  });

  it('starts and ends with the expected rows', () => {
    expect(rows[0]).toEqual({ categoryName: 'Everyday Household Needs', serviceName: 'Appliance Repair' });
    expect(rows.at(-1)).toEqual({ categoryName: 'Vehicle & Transportation', serviceName: 'Removalist' });
  });

  it('keeps each category contiguous', () => {
    const order = rows.map((r) => r.categoryName).filter((c, i, all) => i === 0 || all[i - 1] !== c);
    expect(order).toHaveLength(8);
  });

  it.each(SPEC_SERVICE_TYPES)('includes the spec service type %s', (service) => {
    expect(rows.map((r) => r.serviceName)).toContain(service);
  });

  it('puts the spec service types in sensible groups', () => {
    const categoryOf = (service: string) => rows.find((r) => r.serviceName === service)?.categoryName;
    expect(categoryOf('Plumbing')).toBe('Home & Property Services');
    expect(categoryOf('Pool Maintenance')).toBe('Home & Property Services');
    expect(categoryOf('Pet Care')).toBe('Pet Services');
    expect(categoryOf('Painting')).toBe('Renovation & Home Improvement');
    expect(categoryOf('Moving')).toBe('Vehicle & Transportation');
  });

  it('returns a fresh array each call', () => {
    const before = JSON.parse(JSON.stringify(catalogueRows())) as unknown;
    const a = catalogueRows();
    a.pop();
    a[0]!.serviceName = 'Mutated';
    expect(catalogueRows()).toEqual(before);
  });
});
