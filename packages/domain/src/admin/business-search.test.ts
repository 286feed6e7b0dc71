import { describe, expect, it } from 'vitest';
import {
  ADMIN_SEARCH_MESSAGES as M,
  ADMIN_SEARCH_RADIUS_OPTIONS_KM,
  AdminBusinessSearchQuerySchema,
  DEFAULT_ADMIN_SEARCH_RADIUS_KM,
  EMPTY_MOCK_REQUEST_FORM,
  formatDistanceKm,
  HOME_SEARCH_RADIUS_KM,
  HOME_SEARCH_RADIUS_M,
  isPreferredMomentInPast,
  MOCK_REQUEST_MESSAGES as F,
  MOCK_REQUEST_TIME_SLOTS,
  mockPhotoError,
  mockRequestFormSchemaFor,
  type MockRequestFormInput,
} from './business-search';

const firstMessage = (input: Record<string, string>) =>
  AdminBusinessSearchQuerySchema.safeParse(input).error?.issues[0]?.message;

describe('admin business search constants', () => {
  it('offers the spec radii with 5 km by default; the home searches within 5000 m', () => {
    expect(ADMIN_SEARCH_RADIUS_OPTIONS_KM).toEqual([1, 5, 10, 25, 50]);
    expect(DEFAULT_ADMIN_SEARCH_RADIUS_KM).toBe(5);
    expect(HOME_SEARCH_RADIUS_M).toBe(5000);
    expect(HOME_SEARCH_RADIUS_KM).toBe(5);
    expect(M.geocodingError).toBe('Could not find coordinates for the address. Try a different address.');
    expect(M.radius).toBe('Choose a radius of 1, 5, 10, 25 or 50 km.');
  });

  it('writes distances with one decimal below 10 km, whole above', () => {
    expect(formatDistanceKm(0.04)).toBe('0.0 km');
    expect(formatDistanceKm(3.14159)).toBe('3.1 km');
    expect(formatDistanceKm(12.6)).toBe('13 km');
  });
});

describe('AdminBusinessSearchQuerySchema', () => {
  it('needs a non-blank query, trimmed, at most 100 characters', () => {
    expect(firstMessage({})).toBe('Please enter a search query');
    expect(firstMessage({ q: '   ' })).toBe('Please enter a search query');
    expect(firstMessage({ q: 'x'.repeat(101) })).toBe(M.queryTooLong);
    expect(AdminBusinessSearchQuerySchema.parse({ q: '  pool  ' })).toEqual({ q: 'pool' });
  });

  it('reads coordinates and a radius from query strings', () => {
    expect(
      AdminBusinessSearchQuerySchema.parse({
        q: 'pool',
        latitude: '-33.8',
        longitude: ' 151.28 ',
        radiusKm: '10',
      }),
    ).toEqual({ q: 'pool', latitude: -33.8, longitude: 151.28, radiusKm: 10 });
  });

  it("refuses '' and 'abc' as numbers, out-of-range points and half a point", () => {
    expect(firstMessage({ q: 'a', latitude: '', longitude: '1' })).toBe(M.latitude);
    expect(firstMessage({ q: 'a', latitude: 'abc', longitude: '1' })).toBe(M.latitude);
    expect(firstMessage({ q: 'a', latitude: '91', longitude: '1' })).toBe(M.latitude);
    expect(firstMessage({ q: 'a', latitude: '1', longitude: '-180.5' })).toBe(M.longitude);
    expect(firstMessage({ q: 'a', latitude: '1' })).toBe(M.coordinatesTogether);
    expect(firstMessage({ q: 'a', longitude: '1' })).toBe(M.coordinatesTogether);
  });

  it('takes only a listed radius, and only with a point', () => {
    for (const radiusKm of ['2', '0', '-5', '5.5', 'abc', '', '100']) {
      expect(firstMessage({ q: 'a', latitude: '1', longitude: '1', radiusKm }), radiusKm).toBe(M.radius);
    }
    expect(firstMessage({ q: 'a', radiusKm: '5' })).toBe(M.radiusNeedsLocation);
  });
});

describe('isPreferredMomentInPast', () => {
  const now = new Date(2026, 5, 15, 9, 30); // 15 June 2026, 09:30 local

  it('compares a date alone by day: today is allowed, yesterday is not', () => {
    expect(isPreferredMomentInPast('2026-06-15', null, now)).toBe(false);
    expect(isPreferredMomentInPast('2026-06-14', '', now)).toBe(true);
    expect(isPreferredMomentInPast('2026-06-16', undefined, now)).toBe(false);
  });

  it('with a time, compares the moment itself', () => {
    expect(isPreferredMomentInPast('2026-06-15', '09:00', now)).toBe(true);
    expect(isPreferredMomentInPast('2026-06-15', '10:00', now)).toBe(false);
    expect(isPreferredMomentInPast('2026-06-14', '20:00', now)).toBe(true);
  });
});

describe('mock request form', () => {
  const now = new Date(2026, 5, 15, 9, 30);
  const schema = mockRequestFormSchemaFor(now);
  const form = (over: Partial<MockRequestFormInput> = {}) => ({
    ...EMPTY_MOCK_REQUEST_FORM,
    preferredDate: '2026-06-20',
    ...over,
  });
  const issues = (over: Partial<MockRequestFormInput>) =>
    schema.safeParse(form(over)).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('offers hourly times from 08:00 to 20:00 (13 slots)', () => {
    expect(MOCK_REQUEST_TIME_SLOTS).toHaveLength(13);
    expect(MOCK_REQUEST_TIME_SLOTS[0]).toBe('08:00');
    expect(MOCK_REQUEST_TIME_SLOTS.at(-1)).toBe('20:00');
  });

  it('reads a complete form', () => {
    expect(
      schema.parse(
        form({
          preferredTime: '14:00',
          budgetMin: ' 100 ',
          budgetMax: '250.50',
          description: '  Fix the gate  ',
          photos: [{ name: 'gate.jpg', type: 'image/jpeg', size: 1000 }],
        }),
      ),
    ).toEqual({
      preferredDate: '2026-06-20',
      preferredTime: '14:00',
      budgetMin: 100,
      budgetMax: 250.5,
      description: 'Fix the gate',
      photos: [{ name: 'gate.jpg', type: 'image/jpeg', size: 1000 }],
    });
    expect(schema.parse(form()).budgetMin).toBeNull();
  });

  it('needs a real date that is not earlier than now', () => {
    expect(issues({ preferredDate: '' })).toEqual([['preferredDate', F.dateRequired]]);
    expect(issues({ preferredDate: '2026-02-30' })).toEqual([['preferredDate', F.dateInvalid]]);
    expect(issues({ preferredDate: '2026-06-14' })).toEqual([['preferredDate', F.dateInPast]]);
    expect(issues({ preferredDate: '2026-06-15', preferredTime: '08:00' })).toEqual([
      ['preferredDate', F.dateInPast],
    ]);
    expect(issues({ preferredDate: '2026-06-15' })).toEqual([]);
    expect(issues({ preferredTime: '25:00' })).toEqual([['preferredTime', F.timeInvalid]]);
  });

  it('takes budgets of 0 or more with the maximum not below the minimum', () => {
    expect(issues({ budgetMin: '-1' })).toEqual([['budgetMin', F.budgetInvalid]]);
    expect(issues({ budgetMax: 'ten' })).toEqual([['budgetMax', F.budgetInvalid]]);
    expect(issues({ budgetMin: '0', budgetMax: '0' })).toEqual([]);
    expect(issues({ budgetMin: '300', budgetMax: '200' })).toEqual([['budgetMax', F.budgetOrder]]);
  });

  it('keeps the description short and the photos few, images only, under 5 MB', () => {
    expect(issues({ description: 'x'.repeat(1001) })).toEqual([['description', F.descriptionTooLong]]);
    const photo = { name: 'a.png', type: 'image/png', size: 10 };
    expect(issues({ photos: Array.from({ length: 6 }, () => photo) })).toEqual([['photos', F.tooManyPhotos]]);
    expect(mockPhotoError({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      'Please upload only image files.',
    );
    expect(mockPhotoError({ ...photo, size: 5 * 1024 * 1024 })).toBe(
      'Please upload images smaller than 5MB.',
    );
    expect(mockPhotoError({ ...photo, size: 5 * 1024 * 1024 - 1 })).toBeNull();
    expect(issues({ photos: [{ ...photo, type: 'text/plain' }] })).toEqual([['photos.0', F.photoWrongType]]);
  });
});
