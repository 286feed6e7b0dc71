import type { MyRequest, MyRequestDetail, MyRequestPage, RequestResponseSummary } from '@grip/domain';
import { makeBadges, makeMe } from '@/test/fixtures';

const HOUR_MS = 60 * 60 * 1000;

/** An instant `hours` before now, as the API sends it. */
export function hoursAgo(hours: number, now = Date.now()): string {
  return new Date(now - hours * HOUR_MS).toISOString();
}

export function makeMyRequest(overrides: Partial<MyRequest> = {}): MyRequest {
  const createdAt = overrides.createdAt ?? hoursAgo(2);
  return {
    id: 'r1',
    title: 'Leaking tap request',
    serviceType: 'Home & Property Services',
    serviceSubtype: 'plumbing',
    description: 'The kitchen tap drips all night.',
    locationAddress: '12 Smith St, Surry Hills NSW 2010',
    areaLabel: 'Surry Hills NSW 2010',
    latitude: -33.88,
    longitude: 151.21,
    serviceAreaKm: 5,
    preferredDate: '2026-05-04',
    preferredTime: '10:00:00',
    timeFlexibility: 'within_2_hours',
    flexibleDates: false,
    budgetMin: '150',
    budgetMax: '150',
    budgetType: 'fixed',
    isUrgent: false,
    images: [],
    status: 'open',
    createdAt,
    updatedAt: createdAt,
    archivedAt: null,
    latestActivityAt: createdAt,
    responseCount: 0,
    hasAcceptedResponse: false,
    acceptedCompletionStatus: null,
    ...overrides,
  };
}

export function makeResponseSummary(overrides: Partial<RequestResponseSummary> = {}): RequestResponseSummary {
  const at = hoursAgo(1);
  return {
    id: 'resp1',
    businessUserId: 'b1',
    businessName: 'Drip Fix Plumbing',
    ratingAverage: null,
    reviewCount: 0,
    quotedPrice: '80',
    priceType: 'hourly',
    message: 'I can come tomorrow morning.',
    isAcceptedAsIs: false,
    availabilityDate: '2026-05-05',
    availabilityTime: '09:30:00',
    status: 'pending',
    completionStatus: 'pending',
    createdAt: at,
    updatedAt: at,
    stateBadge: null,
    viewStatus: 'NEW',
    customerSentModifiedOffer: false,
    ...overrides,
  };
}

export function makeDetail(
  request: MyRequest = makeMyRequest(),
  responses: RequestResponseSummary[] = [],
): MyRequestDetail {
  return { ...request, responseCount: responses.length, responses };
}

export function page(items: MyRequest[], nextCursor: string | null = null): MyRequestPage {
  return { items, nextCursor };
}

/** The signed-in customer's session plus the given sections (empty unless given). */
export function customerApi(
  sections: { active?: MyRequestPage; expired?: MyRequestPage; archived?: MyRequestPage } = {},
) {
  return {
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/requests?section=active&limit=20': { body: sections.active ?? page([]) },
    'GET /api/requests?section=expired&limit=20': { body: sections.expired ?? page([]) },
    'GET /api/requests?section=archived&limit=20': { body: sections.archived ?? page([]) },
  };
}
