import { isWithinReach, publicPoint, shownDistanceKm, type GeoPoint } from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, serviceRequests } from '../../db/schema';
import { publicLatitudeOf, publicLongitudeOf } from '../../db/schema/columns';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pointValues, reachesSql, shownDistanceSql } from './location-privacy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A repeatable stream in [0, 1) (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Points anywhere, and pairs of points near each other (so distances and radii are in play). */
function pairs(n: number, seed: number): [GeoPoint, GeoPoint][] {
  const next = random(seed);
  return Array.from({ length: n }, () => {
    const a = { latitude: (next() * 2 - 1) * 75, longitude: (next() * 2 - 1) * 180 };
    const b = {
      latitude: a.latitude + (next() - 0.5) * 0.6,
      longitude: Math.min(180, Math.max(-180, a.longitude + (next() - 0.5) * 0.6)),
    };
    return [a, b];
  });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the SQL of the location privacy model agrees with the domain', () => {
  it('puts every point in the same public cell as the domain publicPoint does', async () => {
    const points = pairs(1_500, 11).flat();
    const values = sql.join(
      points.map((p) => sql`(${p.latitude}::float8, ${p.longitude}::float8)`),
      sql`, `,
    );
    const lat = sql`p.lat`;
    const lng = sql`p.lng`;
    const rows = rowsOf<{ latitude: number; longitude: number }>(
      await t.db.execute(
        sql`select ${publicLatitudeOf(lat, lng)} as latitude, ${publicLongitudeOf(lat, lng)} as longitude
          from (values ${values}) as p(lat, lng)`,
      ),
    );
    expect(rows).toHaveLength(points.length);
    rows.forEach((row, i) => {
      const expected = publicPoint(points[i]!);
      expect(Number(row.latitude), `point ${i}`).toBeCloseTo(expected.latitude, 9);
      expect(Number(row.longitude), `point ${i}`).toBeCloseTo(expected.longitude, 9);
    });
  });

  it('shows the distance and decides reach as shownDistanceKm and isWithinReach do', async () => {
    const cases = pairs(1_500, 12).map(([a, b], i) => ({
      a: publicPoint(a),
      b: publicPoint(b),
      requestArea: [1, 5, 10, 25][i % 4]!,
      businessArea: i % 5 === 0 ? null : [1, 5, 15, 50][i % 4]!,
    }));
    const values = sql.join(
      cases.map(
        (c) =>
          sql`(${c.a.latitude}::float8, ${c.a.longitude}::float8, ${c.b.latitude}::float8, ${c.b.longitude}::float8, ${c.requestArea}::int, ${c.businessArea}::int)`,
      ),
      sql`, `,
    );
    const a = { latitude: sql`v.alat`, longitude: sql`v.alng` };
    const b = { latitude: sql`v.blat`, longitude: sql`v.blng` };
    const rows = rowsOf<{ shown: number; reaches: boolean }>(
      await t.db.execute(
        sql`select ${shownDistanceSql(a, b)} as shown,
            ${reachesSql({ point: a, areaKm: sql`v.ra` }, { point: b, areaKm: sql`v.ba` })} as reaches
          from (values ${values}) as v(alat, alng, blat, blng, ra, ba)`,
      ),
    );
    rows.forEach((row, i) => {
      const c = cases[i]!;
      const shown = shownDistanceKm(c.a, c.b);
      expect(Number(row.shown), `case ${i}`).toBe(shown);
      expect(row.reaches, `case ${i}`).toBe(isWithinReach(shown, c.requestArea, c.businessArea));
    });
  });

  it('keeps no distance and no reach limit for a side without a point', async () => {
    const none = { latitude: sql`null::float8`, longitude: sql`null::float8` };
    const here = pointValues(publicPoint({ latitude: -33.88, longitude: 151.21 }));
    const [row] = rowsOf<{ shown: number | null; reaches: boolean }>(
      await t.db.execute(
        sql`select ${shownDistanceSql(none, here)} as shown,
          ${reachesSql({ point: none, areaKm: sql`1` }, { point: here, areaKm: sql`1` })} as reaches`,
      ),
    );
    expect(row).toEqual({ shown: null, reaches: true });
  });
});

describe('stored public points', () => {
  it('are generated for every request and profile from its exact point, and follow it when it moves', async () => {
    const customer = await t.signUp();
    const exact = { latitude: -33.87912, longitude: 151.20873 };
    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Cleaning',
        description: 'A real description of the work to do',
        location: '1 George St, Sydney NSW',
        ...exact,
        serviceAreaKm: 5,
        budget: 100,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await t.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, res.json().id as string));
    expect({ latitude: request!.publicLatitude, longitude: request!.publicLongitude }).toEqual(
      publicPoint(exact),
    );

    const moved = { latitude: -33.9, longitude: 151.25 };
    await t.db.update(profiles).set(moved).where(eq(profiles.userId, customer.userId));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect({ latitude: profile!.publicLatitude, longitude: profile!.publicLongitude }).toEqual(
      publicPoint(moved),
    );
    await t.db
      .update(profiles)
      .set({ latitude: null, longitude: null })
      .where(eq(profiles.userId, customer.userId));
    const [cleared] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect([cleared!.publicLatitude, cleared!.publicLongitude]).toEqual([null, null]);
    // Half a point is no point: least/greatest in the SQL skip nulls, the column must not.
    await t.db
      .update(profiles)
      .set({ latitude: -33.9, longitude: null })
      .where(eq(profiles.userId, customer.userId));
    const [half] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect([half!.publicLatitude, half!.publicLongitude]).toEqual([null, null]);
  });
});
