import { PUBLIC_CELL_LATITUDE_DEGREES, PUBLIC_CELL_MIN_COSINE } from '@grip/domain';
import { sql, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC with time zone (docs/decisions/001). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const emptyTextArray = sql`'{}'::text[]`;

/** SQL list literal for CHECK constraints built from the domain vocabularies. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}

/**
 * SQL of the domain's normalizeTerm: lower case, '&' as 'and', single spaces, trimmed. Immutable, so
 * a generated column may use it (service_requests.match_terms).
 */
export function normalizedTerm(expr: SQL): SQL {
  return sql`trim(regexp_replace(regexp_replace(lower(trim(${expr})), '[[:space:]]*&[[:space:]]*', ' and ', 'g'), '[[:space:]]+', ' ', 'g'))`;
}

/**
 * A request's match terms, as the domain's matchesCategories compares them with a business's
 * categories: its service type, its subtype, and the subtype's hyphens as spaces, each normalised.
 */
export function requestMatchTerms(serviceType: SQL, serviceSubtype: SQL): SQL {
  const words = sql`regexp_replace(trim(both '-' from trim(${serviceSubtype})), '-+', ' ', 'g')`;
  return sql`array[${normalizedTerm(serviceType)}, ${normalizedTerm(serviceSubtype)}, ${normalizedTerm(words)}]`;
}

const float8 = (value: number) => sql.raw(`${String(value)}::float8`);
const RADIANS_PER_DEGREE = float8(Math.PI / 180);
const CELL = float8(PUBLIC_CELL_LATITUDE_DEGREES);

/** Both coordinates or none: a point missing either has no public point (least/greatest skip nulls). */
function whenPoint(latitude: SQL, longitude: SQL, value: SQL): SQL {
  return sql`(case when ${latitude} is null or ${longitude} is null then null else ${value} end)`;
}

function rowCentre(latitude: SQL): SQL {
  return sql`least(90::float8, greatest(-90::float8, (floor((${latitude})::float8 / ${CELL}) + 0.5::float8) * ${CELL}))`;
}

/** Latitude of the public point (domain publicPoint): the centre of the point's row of cells. */
export function publicLatitudeOf(latitude: SQL, longitude: SQL): SQL {
  return whenPoint(latitude, longitude, rowCentre(latitude));
}

/**
 * Longitude of the public point (domain publicPoint): the centre of the point's cell in its row, the
 * row's cells as wide as PUBLIC_CELL_KM at its centre latitude. Immutable, so generated columns use it.
 */
export function publicLongitudeOf(latitude: SQL, longitude: SQL): SQL {
  const width = sql`(${CELL} / greatest(cos(${rowCentre(latitude)} * ${RADIANS_PER_DEGREE}), ${float8(PUBLIC_CELL_MIN_COSINE)}))`;
  const centre = sql`((floor(((${longitude})::float8 + 180::float8) / ${width}) + 0.5::float8) * ${width} - 180::float8)`;
  return whenPoint(latitude, longitude, centre);
}
