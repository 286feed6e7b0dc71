import { describe, expect, it } from 'vitest';
import { circleRing, ringBounds } from './circle';

/** Great-circle distance in km, computed independently of circle.ts. */
function distanceKm([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

describe('circleRing', () => {
  it('puts every point the radius away from the centre, closing the ring', () => {
    const centre: [number, number] = [151.2128, -33.8837];
    const ring = circleRing(centre[1], centre[0], 5, 32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const point of ring) expect(distanceKm(centre, point)).toBeCloseTo(5, 6);
  });

  it('bounds the ring', () => {
    const ring = circleRing(-33.8837, 151.2128, 10);
    const [[west, south], [east, north]] = ringBounds(ring);
    expect(north - south).toBeCloseTo((20 / 6371.0088) * (180 / Math.PI), 3);
    expect(west).toBeLessThan(151.2128);
    expect(east).toBeGreaterThan(151.2128);
  });
});
