import { z } from 'zod';

/** Decimal places a coordinate keeps: 1e-7 degrees is about a centimetre, finer than any address. */
const COORDINATE_DECIMALS = 7;
const SCALE = 10 ** COORDINATE_DECIMALS;

/**
 * A latitude or longitude as Grip keeps it: rounded to the centimetre. A value such as 2e-163 is a
 * valid number, but the database's distance arithmetic on it underflows (PostgreSQL raises an error
 * rather than round to zero), so a coordinate like that from a client would fail every query that
 * reads it; rounded, it is 0.
 */
export function roundCoordinate(value: number): number {
  // `|| 0`: -0 (a tiny negative value, rounded) is written as 0.
  return Math.round(value * SCALE) / SCALE || 0;
}

/** A latitude (bound 90) or longitude (bound 180) in a request body: in range, rounded to the centimetre. */
export function coordinateSchema(bound: 90 | 180, message?: string) {
  return z
    .number(message ? { error: message } : undefined)
    .min(-bound, message)
    .max(bound, message)
    .transform(roundCoordinate);
}
