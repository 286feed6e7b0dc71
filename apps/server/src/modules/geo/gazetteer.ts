import type { GeoPlace } from '@grip/domain';
import { asAuState, AU_STATE_NAMES, stateOfPostcode } from './australia';
import { loadGazetteerPlaces, type GazetteerPlace } from './gazetteer-data';
import {
  DEFAULT_SUGGESTION_LIMIT,
  HOME_COUNTRY,
  MAX_SUGGESTION_LIMIT,
  MIN_QUERY_LENGTH,
  REVERSE_RADIUS_KM,
} from './geo-constants';
import type { Geocoder } from './geocoder';
import { haversineKm } from './haversine';
import { addressParts, matchTier, normalizePlaceText, wordsOf, type MatchTier } from './place-text';

/** What an address says besides the place name: a state, a postcode, a country. */
interface Hints {
  state: string | null;
  postcode: string | null;
  country: string | null;
}

/** One comma part of an address with any state, postcode or country taken out, as typed. */
type PlacePart = string[];

interface Ranked {
  place: GazetteerPlace;
  tier: MatchTier;
}

const EXTRA_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  nz: 'NZ',
  aus: 'AU',
};

/**
 * The offline geocoder: a packaged list of real places (see gazetteer-data.ts). It knows suburbs
 * and towns, not streets, so coordinates are the place's centre and reverse answers 'Near …'.
 */
export class Gazetteer implements Geocoder {
  private readonly countries: ReadonlyMap<string, string>;
  private readonly grid = new Map<string, GazetteerPlace[]>();
  private readonly keys = new Set<string>();

  constructor(
    private readonly places: readonly GazetteerPlace[],
    private readonly homeCountry = HOME_COUNTRY,
  ) {
    const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    const countries = new Map<string, string>(Object.entries(EXTRA_COUNTRY_NAMES));
    for (const code of new Set(places.map((p) => p.country))) {
      const name = regionNames.of(code);
      if (name) countries.set(normalizePlaceText(name), code);
    }
    this.countries = countries;
    for (const place of places) {
      for (const key of place.keys) this.keys.add(key);
      const cell = cellOf(place.latitude, place.longitude);
      const list = this.grid.get(cell);
      if (list) list.push(place);
      else this.grid.set(cell, [place]);
    }
  }

  async suggest(query: string, limit = DEFAULT_SUGGESTION_LIMIT): Promise<GeoPlace[]> {
    const max = Math.min(Math.max(1, Math.floor(limit)), MAX_SUGGESTION_LIMIT);
    if (query.trim().length < MIN_QUERY_LENGTH) return [];
    const { parts, hints } = this.readAddress(query);
    const last = parts[parts.length - 1];
    if (!last) return [];
    const earlier = parts.slice(0, -1).map((words) => words.join(' '));
    let ranked = this.rank(normalizePlaceText(last.join(' ')), hints, 3, false);
    let street = earlier.join(', ') || null;
    // '12 Smith St Surry Hills' typed without a comma: find the place at the end of the words.
    if (ranked.length === 0) {
      const split = splitTrailingPlace(last, (needle) => this.rank(needle, hints, 1, false));
      if (split) {
        ranked = split.found;
        street = [...earlier, split.street].join(', ');
      }
    }
    const seen = new Set<string>();
    const results: GeoPlace[] = [];
    for (const { place } of ranked) {
      if (seen.has(place.label)) continue;
      seen.add(place.label);
      // A typed postcode stays in the label when it belongs to the place's state.
      const postcode =
        hints.postcode && stateOfPostcode(hints.postcode) === place.region ? hints.postcode : null;
      const full = postcode ? `${place.label} ${postcode}` : place.label;
      results.push({
        label: street ? `${street}, ${full}` : full,
        latitude: place.latitude,
        longitude: place.longitude,
        area: place.label,
      });
      if (results.length === max) break;
    }
    return results;
  }

  async geocode(address: string): Promise<GeoPlace | null> {
    const { parts, hints } = this.readAddress(address);
    const exact = (needle: string) => this.rank(needle, hints, 0, true);
    // The most specific place is usually written last ('12 Smith St, Surry Hills NSW 2010'). Only the
    // last few parts are tried: each try scans the gazetteer, and the input is public.
    for (const words of parts.slice(-MAX_PARTS_TRIED).reverse()) {
      const found = exact(normalizePlaceText(words.join(' ')));
      const best = found[0] ?? splitTrailingPlace(words, exact)?.found[0];
      if (best) {
        return {
          label: address.replace(/\s+/g, ' ').trim(),
          latitude: best.place.latitude,
          longitude: best.place.longitude,
          area: best.place.label,
        };
      }
    }
    return null;
  }

  async reverse(latitude: number, longitude: number): Promise<GeoPlace | null> {
    let nearest: { place: GazetteerPlace; km: number } | null = null;
    for (const place of this.placesAround(latitude, longitude)) {
      const km = haversineKm(latitude, longitude, place.latitude, place.longitude);
      if (km <= REVERSE_RADIUS_KM && (!nearest || km < nearest.km)) nearest = { place, km };
    }
    if (!nearest) return null;
    // We know towns, not streets: say honestly that the point is near the place, and keep the
    // coordinates that were measured rather than the place's centre.
    return { label: `Near ${nearest.place.label}`, latitude, longitude, area: nearest.place.label };
  }

  /**
   * Places matching a needle, best first: by match (exact, prefix, word, substring), then the
   * postcode's state, then home country, then population. A typed state rules out other
   * Australian states; when geocoding (strict) it must match whatever the country.
   */
  private rank(needle: string, hints: Hints, worstTier: MatchTier, strict: boolean): Ranked[] {
    if (needle.length < MIN_QUERY_LENGTH) return [];
    const postcodeState = hints.postcode ? stateOfPostcode(hints.postcode) : null;
    const found: Ranked[] = [];
    for (const place of this.places) {
      if (hints.country && place.country !== hints.country) continue;
      if (hints.state && place.region !== hints.state && (strict || place.country === 'AU')) continue;
      let tier: MatchTier | null = null;
      for (const key of place.keys) {
        const t = matchTier(key, needle);
        if (t !== null && (tier === null || t < tier)) tier = t;
      }
      if (tier !== null && tier <= worstTier) found.push({ place, tier });
    }
    const score = ({ place, tier }: Ranked): number[] => [
      tier,
      postcodeState && place.region !== postcodeState ? 1 : 0,
      place.country === this.homeCountry ? 0 : 1,
      -place.population,
    ];
    return found.sort((a, b) => {
      const sa = score(a);
      const sb = score(b);
      for (let i = 0; i < sa.length; i++) {
        const d = (sa[i] ?? 0) - (sb[i] ?? 0);
        if (d !== 0) return d;
      }
      return a.place.label.localeCompare(b.place.label);
    });
  }

  /** Splits an address into its parts (as typed) and the state, postcode and country it names. */
  private readAddress(text: string): { parts: PlacePart[]; hints: Hints } {
    const hints: Hints = { state: null, postcode: null, country: null };
    const parts: PlacePart[] = [];
    addressParts(text).forEach((typed, index) => {
      const country = this.countries.get(normalizePlaceText(typed));
      if (country && index > 0) {
        hints.country ??= country;
        return;
      }
      let words = wordsOf(typed);
      // A lone word is a place name ('Victoria', '2000' typed on its own) unless a part came before.
      // A whole place name keeps its last word ('Port Victoria' is a town, not Port in VIC).
      const canStrip = () =>
        (words.length > 1 || index > 0) && !this.keys.has(normalizePlaceText(words.join(' ')));
      for (;;) {
        const lastWord = words[words.length - 1];
        if (!lastWord || !canStrip()) break;
        if (/^\d{4}$/.test(lastWord)) {
          hints.postcode ??= lastWord;
          words = words.slice(0, -1);
          continue;
        }
        const state = asAuState(lastWord.replace(/\.$/, ''));
        if (state) {
          hints.state ??= state;
          words = words.slice(0, -1);
          continue;
        }
        const named = trailingStateName(words);
        if (named && (named.rest.length > 0 || index > 0)) {
          hints.state ??= named.state;
          words = named.rest;
          continue;
        }
        break;
      }
      if (normalizePlaceText(words.join(' '))) parts.push(words);
    });
    return { parts, hints };
  }

  private *placesAround(latitude: number, longitude: number): Generator<GazetteerPlace> {
    const latCells = 1;
    // A degree of longitude shrinks towards the poles; widen the search so 25 km is always covered.
    const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    const lngCells = Math.min(180, Math.ceil(REVERSE_RADIUS_KM / (111.32 * cos)));
    const baseLat = Math.floor(latitude);
    const baseLng = Math.floor(longitude);
    for (let dLat = -latCells; dLat <= latCells; dLat++) {
      for (let dLng = -lngCells; dLng <= lngCells; dLng++) {
        const lng = ((((baseLng + dLng + 180) % 360) + 360) % 360) - 180;
        yield* this.grid.get(`${baseLat + dLat}|${lng}`) ?? [];
      }
    }
  }
}

const MAX_PARTS_TRIED = 3;
const MAX_PLACE_WORDS = 5;

/** Tries ever shorter endings of the typed words: '12 Smith St Surry Hills' -> 'Surry Hills'. */
function splitTrailingPlace(
  words: PlacePart,
  find: (needle: string) => Ranked[],
): { street: string; found: Ranked[] } | null {
  // Place names are short: tails of more than a few words are never tried (each try is a scan).
  for (let i = Math.max(1, words.length - MAX_PLACE_WORDS); i < words.length; i++) {
    const tail = normalizePlaceText(words.slice(i).join(' '));
    if (tail.length < 3) break;
    const found = find(tail);
    if (found.length > 0) return { street: words.slice(0, i).join(' '), found };
  }
  return null;
}

function trailingStateName(words: PlacePart): { state: string; rest: string[] } | null {
  for (const size of [3, 2, 1]) {
    if (words.length < size) continue;
    const state = AU_STATE_NAMES[normalizePlaceText(words.slice(-size).join(' '))];
    if (state) return { state, rest: words.slice(0, -size) };
  }
  return null;
}

function cellOf(latitude: number, longitude: number): string {
  return `${Math.floor(latitude)}|${Math.floor(longitude)}`;
}

let shared: Gazetteer | null = null;

/**
 * The process-wide gazetteer. The data is read on first use (a few hundred milliseconds), not at
 * start-up, so servers and tests that never geocode never pay for it.
 */
export function createGazetteer(): Geocoder {
  const lazy = (): Gazetteer => (shared ??= new Gazetteer(loadGazetteerPlaces()));
  return {
    suggest: (query, limit) => lazy().suggest(query, limit),
    geocode: (address) => lazy().geocode(address),
    reverse: (latitude, longitude) => lazy().reverse(latitude, longitude),
  };
}
