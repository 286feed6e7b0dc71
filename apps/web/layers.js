// @ts-check
/**
 * Which part of the web app may import which (docs/architecture.md, "Web app"), declared once here
 * and enforced by ESLint (eslint.config.js, "web layers"). Imports point down this list only:
 *
 *   app/            main, providers, router, routes/ (one file per URL), shell/: may import anything
 *   screens         every feature not named below; a screen never imports another feature's screen,
 *                   only shared features. Where two screens show the same piece, it moves to a
 *                   shared feature, components/ or lib/, or app/ composes the two (the dashboard).
 *   shared features SHARED_FEATURES, in order: each imports only those after it (so they never loop)
 *   components/, lib/, service-worker/   never a feature, never app/
 *   '@grip/domain'
 *
 * Tests (*.test.*, testing/, test-fixtures, test-helpers) follow the same rules but may also import
 * app/ and test/ to render the whole app; nothing else imports test/.
 */

/** The features screens may use, each with the screens that use it; each may import only those after it. */
export const SHARED_FEATURES = {
  'booking-changes':
    "cancel and reschedule a booking (issue 32): the customer's bookings and the business's job",
  'two-way-reviews': 'reviews both ways and replies (issue 32): a job, settings, the respond page',
  calendar: "a booking's .ics and the account's feed (issue 32): bookings, jobs, settings",
  disputes: "a job's dispute (issue 32): Job History, the business's job, the admin queue",
  assistant: 'the chat that writes a request: the home and the landing page',
  offers:
    "the customer's offer dialogs and the terms of an offer: My Requests, My Responses, bookings, opportunities",
  requests:
    'a service request written (the form) and shown (labels, photos, terms): customer and business screens',
  'admin-search': "the administrators' business search: /admin-test-request and an administrator's home",
  reviews: 'the review dialog and gate: the shell, home, bookings, My Requests, notifications',
  messages: 'the conversation panel and the offline queue: /messages, bookings, jobs, the shell',
  moderation:
    'block and report (issue 32): the conversation menu and send box, the feed card, reviews, settings, the admin queue',
  location: 'the address field, current location and map: forms, settings, admin',
  uploads: 'the image picker and uploads: every form with photos',
  catalogue: 'the service categories',
  business: "the business's own profile: dashboard and business settings",
  badges: 'the badge counts: the navigation and the bell',
  auth: 'the session and the signed-in user: every screen',
  push: "this device's push subscription: its settings card, and sign-out forgets it",
};

/** @typedef {{ layer: 'app' | 'feature' | 'components' | 'lib' | 'test' | 'other', feature?: string, isTest: boolean }} Place */

const TEST_FILE = /(\.test\.tsx?$)|(\/testing\/)|(\/test-(fixtures|helpers)\.tsx?$)/;

/**
 * Where a file sits, from its path below apps/web/src ('/'-separated).
 * @param {string} path
 * @returns {Place}
 */
export function placeOf(path) {
  const [top, name] = path.split('/');
  const isTest = TEST_FILE.test(path);
  if (top === 'app') return { layer: 'app', isTest };
  if (top === 'features' && name) return { layer: 'feature', feature: name, isTest };
  if (top === 'components') return { layer: 'components', isTest };
  if (top === 'lib' || top === 'service-worker') return { layer: 'lib', isTest };
  if (top === 'test') return { layer: 'test', isTest: true };
  return { layer: 'other', isTest };
}

const SHARED_ORDER = Object.keys(SHARED_FEATURES);
const DECLARATION = 'apps/web/layers.js';

/**
 * Why `from` may not import `to` (both paths below apps/web/src), or null when it may.
 * @param {string} from
 * @param {string} to
 * @returns {string | null}
 */
export function layerViolation(from, to) {
  const source = placeOf(from);
  const target = placeOf(to);
  if (source.layer === 'app' || source.layer === 'test') return null;
  if (target.layer === 'test' || target.layer === 'app') {
    return source.isTest ? null : `Only app/ and tests import ${target.layer}/ (${DECLARATION}).`;
  }
  if (target.layer !== 'feature' || !target.feature) return null;
  if (source.layer !== 'feature' || !source.feature) {
    return `${source.layer}/ never imports a feature (features/${target.feature}); move the piece down or let app/ compose it (${DECLARATION}).`;
  }
  if (source.feature === target.feature) return null;
  const targetRank = SHARED_ORDER.indexOf(target.feature);
  if (targetRank < 0) {
    return `features/${target.feature} is a screen, and screens never import each other: move the piece to a shared feature, components/ or lib/, or let app/ compose them (${DECLARATION}).`;
  }
  const sourceRank = SHARED_ORDER.indexOf(source.feature);
  if (sourceRank >= 0 && targetRank < sourceRank) {
    return `Shared features import only those after them in ${DECLARATION}; features/${target.feature} comes before features/${source.feature}.`;
  }
  return null;
}
