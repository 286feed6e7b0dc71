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
  RESPONSE_MESSAGES,
  TERMS_MESSAGES,
  type BusinessRequestDetail,
  type CreatedResponse,
  type ResponseData,
} from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import type { ProfileRow } from '../profiles/profiles.repository';
import { storedPublicPoint } from '../privacy/location-privacy';
import { enqueue } from '../../jobs/outbox';
import { Conflict, Forbidden, Invalid, NotFound, TermsChanged } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { insertNotifications } from '../notifications/notifications.repository';
import { toBusinessRequestView } from '../requests/business-view';
import { quotedRequestVersion, requestTermsVersion } from '../requests/request-version';
import { isEmailEnabled } from '../requests/requests.repository';
import { assertId } from '../requests/requests.service';
import { assertOwnUploads } from '../uploads/uploads.service';
import {
  businessName,
  customerContact,
  findRequestForBusiness,
  insertResponseOnce,
  type BusinessScope,
  type RequestForBusiness,
} from './responses.repository';

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
 * Stores a business's quote once and tells the customer, all in one transaction: the response
 * (pending, with the accept-as-is flag), an in-app new_response notification and, when the platform
 * switch and the customer's preferences allow, an email through the outbox. An accept-as-is quote
 * takes the spec's defaults from the stored request, so the flag always means what it says.
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

  return deps.db.transaction(async (tx) => {
    const row = await findRequestForBusiness(tx, scope, requestId, { lock: true });
    if (row?.myResponseId) throw new Conflict(RESPONSE_MESSAGES.alreadyResponded);
    if (!row || !row.isMatch) throw new NotFound(RESPONSE_MESSAGES.requestNotFound);
    transition(REQUEST_LIFECYCLE, 'quote', 'business', row.request.status, quoteFactsOf(row));
    const { request } = row;
    // The quote answers the request as the business read it; Accept As-Is must say which (the schema
    // requires it), a custom quote is checked when it says. Compared under the request's lock, so the
    // customer's edit lands wholly before (and is refused here) or after this quote.
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
    const created = await insertResponseOnce(tx, {
      requestId: request.id,
      businessUserId: scope.userId,
      message: values.message,
      quotedPrice: values.quotedPrice.toFixed(2),
      priceType: values.priceType,
      availabilityDate: values.availabilityDate ?? null,
      availabilityTime: orNull(values.availabilityTime),
      estimatedDuration: orNull(values.estimatedDuration),
      termsConditions: orNull(values.termsConditions),
      engagementNotes: orNull(values.engagementNotes),
      proofImages: values.images,
      isAcceptedAsIs: values.isAcceptedAsIs,
      // Quoting agrees to the request as it is under the lock: the version named, when one was.
      agreedRequestVersion: quotedRequestVersion(request),
      status: OFFER_LIFECYCLE.initial,
      createdAt: now,
      updatedAt: now,
    });
    // Lost the race to a concurrent submit of the same business: the unique index said no.
    if (!created) throw new Conflict(RESPONSE_MESSAGES.alreadyResponded);

    await notifyCustomer(tx, deps, request, scope.userId, values);
    return created;
  });
}

/**
 * The customer hears of the quote in the app and, if they allow it, by email. The email names the
 * business and the price only: the business's contact details stay private until a quote is
 * accepted (product decisions), and the message itself is read in Grip.
 */
async function notifyCustomer(
  tx: Tx,
  deps: ResponseDeps,
  request: RequestForBusiness['request'],
  businessUserId: string,
  values: Pick<ResponseData, 'quotedPrice' | 'priceType' | 'isAcceptedAsIs'>,
): Promise<void> {
  const name = await businessName(tx, businessUserId);
  const verb = values.isAcceptedAsIs ? 'accepted' : 'responded to';
  await insertNotifications(tx, [
    {
      userId: request.userId,
      type: 'new_response',
      title: 'New response',
      message: `${name} ${verb} your ${request.title}`,
      relatedId: request.id,
    },
  ]);
  if (!(await isEmailEnabled(tx))) return;
  const customer = await customerContact(tx, request.userId);
  if (!customer?.wantsEmail) return;
  const link = `${deps.publicUrl}/requests`;
  const price = `${formatCurrency(values.quotedPrice)}${values.priceType === 'hourly' ? ' per hour' : ''}`;
  await enqueue(tx, {
    channel: 'email',
    topic: 'new_response',
    recipient: customer.email,
    requestId: request.id,
    userId: request.userId,
    payload: {
      subject: `New response to your ${request.title}`,
      text: `${name} ${verb} your ${request.title} with a quote of ${price}.\n\nSee the quote and compare responses: ${link}`,
      link,
    },
  });
}
