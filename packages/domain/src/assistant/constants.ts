/** The assistant's timings and the market figures' limits (spec 2 §9). */

export const ASSISTANT_TYPING_DELAY_MS = 800;
export const ASSISTANT_PROMPT_ROTATION_MS = 7000;
export const ASSISTANT_PROMPTS_SHOWN = 3;
export const ASSISTANT_CAROUSEL_ROTATION_MS = 10_000;
/** The carousel rotates only when there are more categories than this (it shows this many at once). */
export const ASSISTANT_CAROUSEL_PAGE_SIZE = 4;
/** After 'Request submitted!' the assistant hands over (spec: the select callback) after 1.5 s. */
export const ASSISTANT_HANDOFF_DELAY_MS = 1500;
export const ASSISTANT_FALLBACK_SUGGESTIONS = 3;

export const MARKET_DEFAULT_RADIUS_KM = 10;
export const MARKET_EXPANDED_RADIUS_KM = 20;
/**
 * A request must use one of the form's service areas (1, 5, 10, 25, 50, 100 km), so a request sent
 * after "expand to 20km" goes out at 25 km: the nearest allowed area that covers the 20 km counted.
 */
export const ASSISTANT_SERVICE_AREA_KM = 10;
export const ASSISTANT_EXPANDED_SERVICE_AREA_KM = 25;
export const MARKET_WINDOW_DAYS = 30;
export const MARKET_REQUEST_LIMIT = 50;
export const MARKET_JOBS_WINDOW_DAYS = 90;
/** Fewer budgets than this say nothing typical; the per-type hint is used instead. */
export const MARKET_MIN_BUDGET_SAMPLES = 3;
