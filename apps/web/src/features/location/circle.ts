const EARTH_RADIUS_KM = 6371.0088;

/** A closed ring of [lng, lat] points at `radiusKm` around a centre (great-circle, so it stays round on the globe). */
export function circleRing(
  latitude: number,
  longitude: number,
  radiusKm: number,
  points = 64,
): [number, number][] {
  const rad = Math.PI / 180;
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat1 = latitude * rad;
  const lng1 = longitude * rad;
  const ring: [number, number][] = [];
  for (let i = 0; i <= points; i++) {
    const bearing = (2 * Math.PI * (i % points)) / points;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([lng2 / rad, lat2 / rad]);
  }
  return ring;
}

/** South-west and north-east corners around a ring, as MapLibre's fitBounds takes them. */
export function ringBounds(ring: [number, number][]): [[number, number], [number, number]] {
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
