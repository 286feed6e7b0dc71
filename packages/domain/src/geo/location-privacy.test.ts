import { describe, expect, it } from 'vitest';
import {
  greatCircleKm,
  isWithinReach,
  PUBLIC_CELL_KM,
  PUBLIC_CELL_LATITUDE_DEGREES,
  publicPoint,
  shownDistanceKm,
  type GeoPoint,
} from './location-privacy';

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a failure names its case. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function points(n: number, seed: number, maxLatitude = 80): GeoPoint[] {
  const next = random(seed);
  return Array.from({ length: n }, () => ({
    latitude: (next() * 2 - 1) * maxLatitude,
    longitude: (next() * 2 - 1) * 180,
  }));
}

describe('publicPoint', () => {
  it('is the centre of a cell the point lies in: within half a cell each way', () => {
    for (const p of points(5_000, 1)) {
      const c = publicPoint(p);
      expect(Math.abs(c.latitude - p.latitude)).toBeLessThanOrEqual(PUBLIC_CELL_LATITUDE_DEGREES / 2 + 1e-12);
      // East-west, at the cell's centre latitude: half a cell (and never more than the cell's diagonal).
      const eastWest = greatCircleKm(c, { latitude: c.latitude, longitude: p.longitude });
      expect(eastWest).toBeLessThanOrEqual(PUBLIC_CELL_KM / 2 + 1e-6);
      expect(greatCircleKm(c, p)).toBeLessThanOrEqual((PUBLIC_CELL_KM * Math.SQRT2) / 2 + 0.01);
    }
  });

  it('gives every point of a cell the same public point, and its own centre back', () => {
    for (const p of points(2_000, 2)) {
      const c = publicPoint(p);
      expect(publicPoint(c)).toEqual(c);
      // Points a little inside the cell from its centre, in every direction, land in the same cell.
      const quarter = PUBLIC_CELL_LATITUDE_DEGREES / 4;
      const width = PUBLIC_CELL_LATITUDE_DEGREES / Math.cos((c.latitude * Math.PI) / 180);
      for (const [dy, dx] of [
        [quarter, 0],
        [-quarter, 0],
        [0, width / 4],
        [0, -width / 4],
      ] as const) {
        expect(publicPoint({ latitude: c.latitude + dy, longitude: c.longitude + dx })).toEqual(c);
      }
    }
  });

  it('makes cells at least PUBLIC_CELL_KM across: neighbouring centres are that far apart', () => {
    expect(PUBLIC_CELL_KM).toBeGreaterThanOrEqual(1);
    for (const p of points(2_000, 3)) {
      const c = publicPoint(p);
      const north = publicPoint({
        latitude: c.latitude + PUBLIC_CELL_LATITUDE_DEGREES,
        longitude: c.longitude,
      });
      const width = PUBLIC_CELL_LATITUDE_DEGREES / Math.cos((c.latitude * Math.PI) / 180);
      const east = publicPoint({ latitude: c.latitude, longitude: c.longitude + width });
      expect(greatCircleKm(c, north)).toBeGreaterThan(PUBLIC_CELL_KM * 0.999);
      expect(greatCircleKm(c, east)).toBeGreaterThan(PUBLIC_CELL_KM * 0.999);
    }
  });

  it('keeps cells near the poles and across the antimeridian well formed', () => {
    for (const p of [
      { latitude: 90, longitude: 0 },
      { latitude: -90, longitude: 179.9999 },
      { latitude: 89.9999, longitude: -180 },
      { latitude: 0, longitude: 180 },
      { latitude: -36.8, longitude: 179.99999 },
    ]) {
      const c = publicPoint(p);
      expect(c.latitude).toBeGreaterThanOrEqual(-90);
      expect(c.latitude).toBeLessThanOrEqual(90);
      expect(c.longitude).toBeGreaterThan(-180);
      expect(c.longitude).toBeLessThan(180 + 1);
      expect(publicPoint(c)).toEqual(c);
      expect(greatCircleKm(c, p)).toBeLessThan(60);
    }
  });
});

describe('shownDistanceKm', () => {
  it('is whole km between public points, the same both ways, and blind to moves inside a cell', () => {
    const next = random(4);
    for (const p of points(1_000, 5, 60)) {
      const q = {
        latitude: p.latitude + (next() - 0.5) * 0.5,
        longitude: p.longitude + (next() - 0.5) * 0.5,
      };
      const d = shownDistanceKm(p, q);
      expect(Number.isInteger(d)).toBe(true);
      expect(shownDistanceKm(q, p)).toBe(d);
      expect(shownDistanceKm(publicPoint(p), q)).toBe(d);
      // Off from the exact distance by at most the two half-diagonals (and the rounding).
      expect(Math.abs(d - greatCircleKm(p, q))).toBeLessThanOrEqual(PUBLIC_CELL_KM * Math.SQRT2 + 0.5 + 0.01);
    }
  });
});

describe('isWithinReach', () => {
  it('takes the smaller of the two areas, and the request radius alone when the business has none', () => {
    expect(isWithinReach(5, 5, 25)).toBe(true);
    expect(isWithinReach(6, 5, 25)).toBe(false);
    expect(isWithinReach(6, 25, 5)).toBe(false);
    expect(isWithinReach(25, 25, null)).toBe(true);
    expect(isWithinReach(26, 25, undefined)).toBe(false);
  });
});

describe('what one party reads of another', () => {
  /** Every key anywhere in a schema: objects, arrays, optionals, unions, intersections, pipes. */
  function keysOf(schema: unknown, seen = new Set<unknown>()): string[] {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return [];
    const shape = def.shape as Record<string, unknown> | undefined;
    const own = shape ? Object.keys(shape) : [];
    const inner = [
      ...(shape ? Object.values(shape) : []),
      def.element,
      def.innerType,
      def.in,
      def.out,
      def.left,
      def.right,
      ...((def.options as unknown[] | undefined) ?? []),
    ];
    return [...own, ...inner.flatMap((s) => keysOf(s, seen))];
  }

  it('carries no coordinates, exact or public, in any answer about someone else', async () => {
    const domain = await import('../index');
    // The answers a business reads about requests and customers, and a customer or visitor about
    // businesses (decision 018): only areas and shown distances.
    const answers = [
      'BusinessRequestViewSchema',
      'BusinessRequestDetailSchema',
      'BusinessFeedPageSchema',
      'OpportunityListSchema',
      'BusinessDashboardSchema',
      'DashboardPageSchema',
      'BusinessJobPageSchema',
      'BusinessJobDetailSchema',
      'ConversationSchema',
      'ConversationListSchema',
      'DirectoryBusinessSchema',
      'CustomerOfferSchema',
      'CustomerBookingPageSchema',
      'MarketAnalysisSchema',
      'CoverageSchema',
    ] as const;
    for (const name of answers) {
      const schema = (domain as Record<string, unknown>)[name];
      expect(schema, name).toBeDefined();
      const keys = keysOf(schema);
      expect(keys.length, name).toBeGreaterThan(2);
      expect(
        keys.filter((k) => /latitude|longitude|^lat$|^lng$|coordinates/i.test(k)),
        name,
      ).toEqual([]);
    }
  });
});
