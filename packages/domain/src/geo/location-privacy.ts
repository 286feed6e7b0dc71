/**
 * The location privacy model (docs/decisions/018). Every party that is not a request's accepted
 * business — and every customer and visitor looking at a business — sees, and has distances measured
 * from, only a point's *public point*: the centre of the fixed grid cell of about PUBLIC_CELL_KM on a
 * side that the exact point falls in. The cell is a function of the point alone, so reading a
 * figure many times, from many places, with any radius, reveals the cell and nothing finer: there is
 * no noise to average out and no exact value behind a rounding to bisect.
 *
 * The server keeps each stored point's public point in generated columns (the SQL of publicPoint in
 * apps/server/src/db/schema/columns.ts, checked against this function by its tests) and computes
 * every distance and reach between parties from them (modules/privacy/location-privacy.ts).
 */

/** Side of a public cell, in km: about the size of a small suburb's centre, at least 1 km. */
export const PUBLIC_CELL_KM = 1;

/** The sphere every distance in Grip is measured on (km), as the server's SQL measures it. */
export const PUBLIC_EARTH_RADIUS_KM = 6371;

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Height of a cell in degrees of latitude. */
export const PUBLIC_CELL_LATITUDE_DEGREES = PUBLIC_CELL_KM / (PUBLIC_EARTH_RADIUS_KM * RADIANS_PER_DEGREE);

/**
 * Near the poles a cell of PUBLIC_CELL_KM would be a sliver of longitude; below this cosine cells
 * stop narrowing (they grow wider than PUBLIC_CELL_KM there, which only adds privacy).
 */
export const PUBLIC_CELL_MIN_COSINE = 0.01;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * The public point of an exact point: the centre of its cell. Rows of cells are
 * PUBLIC_CELL_LATITUDE_DEGREES high; each row is cut into cells about PUBLIC_CELL_KM wide at the
 * row's centre latitude, counted east from longitude -180. Written with the operations the SQL twin
 * uses, in the same order, so both give the same cell.
 */
export function publicPoint(point: GeoPoint): GeoPoint {
  const row = Math.floor(point.latitude / PUBLIC_CELL_LATITUDE_DEGREES);
  const latitude = Math.min(90, Math.max(-90, (row + 0.5) * PUBLIC_CELL_LATITUDE_DEGREES));
  const width =
    PUBLIC_CELL_LATITUDE_DEGREES / Math.max(Math.cos(latitude * RADIANS_PER_DEGREE), PUBLIC_CELL_MIN_COSINE);
  const column = Math.floor((point.longitude + 180) / width);
  // The last cell of a row may reach past 180: its centre is kept as it is (not wrapped), so a public
  // point is its own public point; distances are measured across the antimeridian all the same.
  return { latitude, longitude: (column + 0.5) * width - 180 };
}

/** Great-circle distance in km on PUBLIC_EARTH_RADIUS_KM (haversine), as the server's SQL computes it. */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.latitude - a.latitude) * RADIANS_PER_DEGREE;
  const dLng = (b.longitude - a.longitude) * RADIANS_PER_DEGREE;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RADIANS_PER_DEGREE) *
      Math.cos(b.latitude * RADIANS_PER_DEGREE) *
      Math.sin(dLng / 2) ** 2;
  return 2 * PUBLIC_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance shown between two parties: whole km between their public points. */
export function shownDistanceKm(a: GeoPoint, b: GeoPoint): number {
  return Math.round(greatCircleKm(publicPoint(a), publicPoint(b)));
}

/**
 * The reach part of the matching rule (PRODUCT-DECISIONS "when both have a location"): a business
 * reaches a request when the distance shown between them is within the customer's radius and the
 * business's own service area (none set: the customer's radius alone). Deciding on the shown
 * distance keeps what a business sees consistent with what it is sent.
 */
export function isWithinReach(
  shownKm: number,
  requestAreaKm: number,
  businessAreaKm: number | null | undefined,
): boolean {
  return shownKm <= Math.min(requestAreaKm, businessAreaKm ?? requestAreaKm);
}
