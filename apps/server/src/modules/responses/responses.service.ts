import {
  acceptAsIsDefaults,
  decide,
  OFFER_LIFECYCLE,
  REQUEST_LIFECYCLE,
  type RequestFacts,
  earliestLocalToday,
  formatCurrency,
  isAvailabilityDateAllowed,
  isPossibleToday,
  normalizeRole,
  REQUEST_REFUSALS,
  RESPONSE_MESSAGES,
  TERMS_MESSAGES,
  type BusinessRequestDetail,
  type CreatedResponse,
  type ResponseData,
  quotedRequestTitle,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { refuseIfBlocked } from '../blocks/blocks.repository';
import type { ProfileRow } from '../profiles/profiles.repository';
import { storedPublicPoint } from '../privacy/location-privacy';
import { runPrepared } from '../../db/prepared';
import type { EmailPayload } from '../../jobs/outbox';
import { Conflict, Forbidden, Invalid, NotFound, TermsChanged } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { toBusinessRequestView } from '../requests/business-view';
import { quotedRequestVersion, requestTermsVersion } from '../requests/request-version';
import { assertId } from '../requests/requests.service';
import { assertOwnUploads } from '../uploads/uploads.service';
import {
  findRequestForBusiness,
  findRequestToQuote,
  type BusinessScope,
  type RequestForBusiness,
  type RequestToQuote,
} from './responses.repository';
import { SUBMIT_QUOTE } from './submit-quote.sql';

export interface ResponseDeps {
  db: Db;
  publicUrl: string;
}

/** Only business owners quote; customers and administrators are refused outright. */
export function businessScopeOf(profile: ProfileRow): BusinessScope {
  if (normalizeRole(profile.role) !== 'business_owner') throw new Forbidden(RESPONSE_MESSAGES.businessesOnly);
  return {
    userId: profile.userId,
    serviceCategories: profile.serviceCategories,
    point: storedPublicPoint(profile),
    serviceAreaKm: profile.serviceAreaKm,
  };
}

/** The request lifecycle's facts of a business's quote. */
const quoteFactsOf = (row: RequestForBusiness): RequestFacts => ({
  isArchived: row.request.archivedAt !== null,
  alreadyAnswered: row.myResponseId !== null,
});

/** Matching, and open to a quote from this business (the request lifecycle's `quote`). */
const isAnswerable = (row: RequestForBusiness) =>
  row.isMatch &&
  decide(REQUEST_LIFECYCLE, 'quote', 'business', row.request.status, quoteFactsOf(row)).allowed;

/**
 * A request as this business sees it on the respond page: one it may answer, or one it already
 * answered. Anything else — missing, someone else's territory, closed — reads as not found.
 */
export async function getRequestForBusiness(
  db: Db,
  scope: BusinessScope,
  requestId: string,
): Promise<BusinessRequestDetail> {
  assertId(requestId, RESPONSE_MESSAGES.requestNotFound);
  const row = await findRequestForBusiness(db, scope, requestId);
  if (!row || (!row.myResponseId && !isAnswerable(row)))
    throw new NotFound(RESPONSE_MESSAGES.requestNotFound);
  const view = toBusinessRequestView(row.request, row);
  return { ...view, termsVersion: requestTermsVersion(view) };
}

/** Blank optional text is stored as null. */
const orNull = (v: string | null | undefined) => (v ? v : null);

/**
 * Stores a business's quote once and tells the customer: the response (pending, with the accept-as-is
 * flag), an in-app new_response notification and, when the platform switch and the customer's
 * preferences allow, an email through the outbox — one statement (submit-quote.sql.ts), written only if
 * the request is still as it was judged here; if it changed meanwhile, it is read and judged again. An
 * accept-as-is quote takes the spec's defaults from the stored request, so the flag always means what
 * it says.
 */
export async function respondToRequest(
  deps: ResponseDeps,
  scope: BusinessScope,
  requestId: string,
  input: ResponseData,
  now: Date,
): Promise<CreatedResponse> {
  assertId(requestId, RESPONSE_MESSAGES.requestNotFound);
  const today = earliestLocalToday(now);
  if (!isAvailabilityDateAllowed(input.availabilityDate, today)) {
    throw new Invalid(RESPONSE_MESSAGES.availabilityDateInPast, {
      availabilityDate: RESPONSE_MESSAGES.availabilityDateInPast,
    });
  }
  await assertOwnUploads(deps.db, scope.userId, input.images, RESPONSE_MESSAGES.imagesNotUploaded);

  for (let attempt = 1; ; attempt++) {
    const row = await findRequestToQuote(deps.db, scope, requestId);
    if (row?.myResponseId) throw new Conflict(RESPONSE_MESSAGES.alreadyResponded);
    if (!row || !row.isMatch) throw new NotFound(RESPONSE_MESSAGES.requestNotFound);
    transition(REQUEST_LIFECYCLE, 'quote', 'business', row.request.status, quoteFactsOf(row));
    const { request } = row;
    // Issue 32: no quote between a business and a customer either of whom blocked the other. The read
    // says whether a block stands (the common case costs nothing more); the words need who blocked.
    if (row.isBlocked) await refuseIfBlocked(deps.db, scope.userId, request.userId, 'quote');
    // The quote answers the request as the business read it; Accept As-Is must say which (the schema
    // requires it), a custom quote is checked when it says. The statement writes only while the request
    // is as judged here, so the customer's edit lands wholly before (and is refused here) or after it.
    if (
      input.requestVersion &&
      requestTermsVersion(toBusinessRequestView(request, row)) !== input.requestVersion
    )
      throw new TermsChanged(TERMS_MESSAGES.requestChanged);

    // Accept As-Is is available today (spec 3 §9): the business's own "today" when its date can be
    // today somewhere, otherwise the server's.
    const asIsDay =
      input.availabilityDate && isPossibleToday(input.availabilityDate, now)
        ? input.availabilityDate
        : now.toISOString().slice(0, 10);
    const values = input.isAcceptedAsIs ? acceptAsIsDefaults(request, asIsDay) : input;
    const response = {
      quoted_price: values.quotedPrice.toFixed(2),
      price_type: values.priceType,
      message: values.message,
      availability_date: values.availabilityDate ?? null,
      availability_time: orNull(values.availabilityTime),
      estimated_duration: orNull(values.estimatedDuration),
      terms_conditions: orNull(values.termsConditions),
      engagement_notes: orNull(values.engagementNotes),
      proof_images: values.images,
      is_accepted_as_is: values.isAcceptedAsIs,
      // Quoting agrees to the request as it is now: the version named, when one was.
      agreed_request_version: quotedRequestVersion(request),
      status: OFFER_LIFECYCLE.initial,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const notice = customerNotice(deps, request, row, values);
    const [result] = await runPrepared<{
      requestHeld: boolean;
      created: { id: string; status: string } | null;
    }>(deps.db, SUBMIT_QUOTE, [
      request.id,
      row.version,
      scope.userId,
      response,
      notice.inApp,
      notice.email ? row.emailTo : null,
      notice.email,
    ]);
    if (result?.created)
      return { id: result.created.id, status: result.created.status as CreatedResponse['status'] };
    // Lost the race to a concurrent submit of the same business: the unique index said no.
    if (result?.requestHeld) throw new Conflict(RESPONSE_MESSAGES.alreadyResponded);
    // The request changed (or went) between the read and the write: judge it again, as it is now.
    if (attempt === MAX_QUOTE_ATTEMPTS) throw new Conflict(REQUEST_REFUSALS.changedMeanwhile);
  }
}

/** Reads of a request that keeps changing under a quote before the business is asked to try again. */
const MAX_QUOTE_ATTEMPTS = 3;

/**
 * What the customer is told of the quote: in the app, and by email when they allow it (row.emailTo).
 * The email names the business and the price only: the business's contact details stay private until
 * a quote is accepted (product decisions), and the message itself is read in Grip.
 */
function customerNotice(
  deps: ResponseDeps,
  request: RequestForBusiness['request'],
  row: RequestToQuote,
  values: Pick<ResponseData, 'quotedPrice' | 'priceType' | 'isAcceptedAsIs'>,
): { inApp: string; email: EmailPayload | null } {
  const name = row.businessName;
  const verb = values.isAcceptedAsIs ? 'accepted' : 'responded to';
  const inApp = `${name} ${verb} your request ${quotedRequestTitle(request.title)}`;
  if (!row.emailTo) return { inApp, email: null };
  const link = `${deps.publicUrl}/requests`;
  const price = `${formatCurrency(values.quotedPrice)}${values.priceType === 'hourly' ? ' per hour' : ''}`;
  return {
    inApp,
    email: {
      subject: `New response to your request ${quotedRequestTitle(request.title)}`,
      text: `${name} ${verb} your request ${quotedRequestTitle(request.title)} with a quote of ${price}.\n\nSee the quote and compare responses: ${link}`,
      link,
    },
  };
}
