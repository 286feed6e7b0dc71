/**
 * Australian address conventions: state abbreviations, their full names, and which state a
 * postcode belongs to (Australia Post's published ranges).
 */

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

/** GeoNames first-level division codes of Australia. */
export const GEONAMES_AU_ADMIN1: Readonly<Record<string, AuState>> = {
  '01': 'ACT',
  '02': 'NSW',
  '03': 'NT',
  '04': 'QLD',
  '05': 'SA',
  '06': 'TAS',
  '07': 'VIC',
  '08': 'WA',
};

/** Full state names (normalized), for addresses such as 'Manly, New South Wales'. */
export const AU_STATE_NAMES: Readonly<Record<string, AuState>> = {
  'australian capital territory': 'ACT',
  'new south wales': 'NSW',
  'northern territory': 'NT',
  queensland: 'QLD',
  'south australia': 'SA',
  tasmania: 'TAS',
  victoria: 'VIC',
  'western australia': 'WA',
};

export function asAuState(token: string): AuState | null {
  const upper = token.toUpperCase();
  return (AU_STATES as readonly string[]).includes(upper) ? (upper as AuState) : null;
}

const POSTCODE_RANGES: ReadonlyArray<readonly [number, number, AuState]> = [
  [200, 299, 'ACT'],
  [800, 999, 'NT'],
  [1000, 2599, 'NSW'],
  [2600, 2618, 'ACT'],
  [2619, 2899, 'NSW'],
  [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'],
  [3000, 3999, 'VIC'],
  [4000, 4999, 'QLD'],
  [5000, 5999, 'SA'],
  [6000, 6999, 'WA'],
  [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'],
  [9000, 9999, 'QLD'],
];

/**
 * The state a four-digit postcode is allocated to, or null. A few border towns are served from
 * the neighbouring state's range, so callers treat this as a strong hint, not a rule.
 */
export function stateOfPostcode(postcode: string): AuState | null {
  if (!/^\d{4}$/.test(postcode)) return null;
  const n = Number(postcode);
  return POSTCODE_RANGES.find(([from, to]) => n >= from && n <= to)?.[2] ?? null;
}
