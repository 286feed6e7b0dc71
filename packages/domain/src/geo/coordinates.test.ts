import { describe, expect, it } from 'vitest';
import { CoverageQuerySchema, decimalCoordinate, ServiceRequestInputSchema, roundCoordinate } from '../index';

describe('coordinates', () => {
  it('are kept to the centimetre: too-small values become 0, never -0', () => {
    expect(roundCoordinate(-33.86881234567)).toBe(-33.8688123);
    expect(roundCoordinate(2.261932236973052e-163)).toBe(0);
    expect(Object.is(roundCoordinate(-2e-163), 0)).toBe(true);
    expect(roundCoordinate(180)).toBe(180);
  });

  it('are rounded wherever a client sends one: query strings, decimal text and request bodies', () => {
    const query = CoverageQuerySchema.parse({
      serviceType: 'Cleaning',
      latitude: '2.26e-163',
      longitude: '151.2093',
      radiusKm: '10',
    });
    expect(query).toMatchObject({ latitude: 0, longitude: 151.2093 });
    expect(decimalCoordinate('Latitude', 90).parse(`0.${'0'.repeat(170)}2`)).toBe(0);
    expect(ServiceRequestInputSchema.shape.latitude.parse(1e-200)).toBe(0);
    expect(ServiceRequestInputSchema.shape.longitude.parse(-1e-300)).toBe(0);
    expect(ServiceRequestInputSchema.shape.longitude.parse(151.20931234567)).toBe(151.2093123);
  });
});
