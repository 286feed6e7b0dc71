import { describe, expect, it } from 'vitest';
import {
  ArchiveOldInputSchema,
  CoverageQuerySchema,
  coverageLevel,
  MyRequestListQuerySchema,
} from './api-requests';

describe('coverage banner level', () => {
  it('warns at 0, informs at 1 to 4, celebrates at 5 or more', () => {
    expect(coverageLevel(0)).toBe('warning');
    expect(coverageLevel(1)).toBe('info');
    expect(coverageLevel(4)).toBe('info');
    expect(coverageLevel(5)).toBe('success');
    expect(coverageLevel(40)).toBe('success');
  });
});

describe('query and body schemas', () => {
  it('take only the offered radii in km', () => {
    expect(CoverageQuerySchema.safeParse({ serviceType: 'Cleaning', radiusKm: '25' }).success).toBe(true);
    const bad = CoverageQuerySchema.safeParse({ serviceType: 'Cleaning', radiusKm: '40' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please select service area distance');
  });
  it('default My Requests to the active section, 20 a page, at most 50', () => {
    expect(MyRequestListQuerySchema.parse({})).toEqual({ section: 'active', limit: 20 });
    expect(MyRequestListQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
  it('archive by age: 0, 1, 3, 7, 30 or 90 days, 90 by default', () => {
    expect(ArchiveOldInputSchema.parse({})).toEqual({ daysOld: 90 });
    expect(ArchiveOldInputSchema.safeParse({ daysOld: 2 }).success).toBe(false);
  });
});
