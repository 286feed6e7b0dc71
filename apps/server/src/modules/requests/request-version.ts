import type { BusinessRequestView } from '@grip/domain';
import { termsVersionOf } from '../../lib/terms-version';
import { toBusinessRequestView } from './business-view';
import type { RequestRow } from './requests.repository';

/**
 * The version of a request as a business sees it (decision 019): what the customer asks for and
 * offers, as the business's view shows it — never a field the view withholds (the exact address
 * before acceptance, the exact point), so the version tells nothing the view does not. The distance
 * is left out: it moves with the business's own address, not with the request.
 *
 * drizzle/0022 computes the same hash in SQL for the responses stored before it (their agreed
 * version): a change here leaves those, and every version stored since, naming the old formula, so
 * each open quote reads as "the request changed" until its business keeps it — safe, but loud.
 * Change the fields only with a migration that recomputes `agreed_request_version`.
 */
export function requestTermsVersion(view: BusinessRequestView): string {
  return termsVersionOf('request', {
    id: view.id,
    title: view.title,
    serviceType: view.serviceType,
    serviceSubtype: view.serviceSubtype,
    description: view.description,
    areaLabel: view.areaLabel,
    locationAddress: view.locationAddress,
    preferredDate: view.preferredDate,
    preferredTime: view.preferredTime,
    timeFlexibility: view.timeFlexibility,
    flexibleDates: view.flexibleDates,
    budgetMin: view.budgetMin,
    budgetMax: view.budgetMax,
    budgetType: view.budgetType,
    urgency: view.urgency,
    isUrgent: view.isUrgent,
    images: view.images,
  });
}

/**
 * The version of the request a quote agrees to: the view of every business that is not the accepted
 * one (they all see the same fields; only the accepted business also sees the street). A quote, an
 * edited offer, an accepted counter offer and Keep My Quote store it on the response
 * (`agreed_request_version`); Confirm books only while the request still has it.
 */
export function quotedRequestVersion(request: RequestRow): string {
  return requestTermsVersion(
    toBusinessRequestView(request, { distanceKm: null, myResponseId: null, myResponseStatus: null }),
  );
}
