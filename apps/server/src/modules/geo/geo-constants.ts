export const DEFAULT_SUGGESTION_LIMIT = 5;
export const MAX_SUGGESTION_LIMIT = 10;
/** Map, token and places time-out (spec 2 §9). */
export const GEOCODER_TIMEOUT_MS = 10_000;
/** Suggestions start at two typed characters; longer queries are refused. */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 200;
/** Reverse geocoding offline names the nearest known place only when it is this close. */
export const REVERSE_RADIUS_KM = 25;
/** Grip's home market (the default map centre is Sydney): its places rank first on a tie. */
export const HOME_COUNTRY = 'AU';
