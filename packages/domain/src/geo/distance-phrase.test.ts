import { describe, expect, it } from 'vitest';
import { distancePhrase } from './distance-phrase';

describe('distancePhrase', () => {
  it.each([
    [0, 'less than 1 km away'],
    [0.4, 'less than 1 km away'],
    [1, 'about 1 km away'],
    [4, 'about 4 km away'],
    [12.6, 'about 13 km away'],
  ])('%d km → %s', (km, phrase) => {
    expect(distancePhrase(km)).toBe(phrase);
  });

  it('says nothing without a distance', () => {
    expect(distancePhrase(null)).toBeNull();
    expect(distancePhrase(undefined)).toBeNull();
    expect(distancePhrase(Number.NaN)).toBeNull();
    expect(distancePhrase(-1)).toBeNull();
  });
});
