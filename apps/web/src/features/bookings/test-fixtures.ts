import type { CustomerBooking, CustomerBookingPage, JobHistorySummary } from '@grip/domain';
import type { Role } from '@grip/domain';
import { makeBadges, makeMe } from '@/test/fixtures';
import type { mockApi } from '@/test/mock-api';

type Handlers = Parameters<typeof mockApi>[0];

export const CONFIRMED = '/api/bookings?section=confirmed&limit=20';
export const HISTORY = '/api/bookings?section=history&limit=20';
export const SUMMARY = '/api/bookings/summary';

export function makeBooking(overrides: Partial<CustomerBooking> = {}): CustomerBooking {
  return {
    responseId: 'b1',
    requestId: 'r1',
    request: {
      title: 'Fix a leaking tap',
      serviceType: 'Plumbing',
      serviceSubtype: null,
      description: 'The kitchen tap drips all night.',
      locationAddress: '12 Crown St, Surry Hills NSW 2010',
      preferredDate: '2026-04-02',
      preferredTime: '10:00:00',
      images: [],
    },
    business: {
      userId: 'biz1',
      name: 'Harbour Plumbing',
      ratingAverage: 4.6,
      reviewCount: 12,
      email: 'jobs@harbour.example',
      phone: '0400 123 456',
    },
    quotedPrice: '85.00',
    priceType: 'hourly',
    estimatedDuration: '2 hours',
    availabilityDate: '2026-04-02',
    availabilityTime: '09:30:00',
    message: 'I can come on Thursday morning.',
    termsConditions: 'Parts are charged separately.',
    proofImages: [],
    completionStatus: 'pending',
    completionDate: null,
    contestDeadline: null,
    contestReason: null,
    acceptedAt: '2026-03-01T10:00:00.000Z',
    myRating: null,
    canContest: false,
    canReview: false,
    changes: {
      agreedTime: { date: '2026-04-02', time: '09:30:00' },
      cancellation: null,
      openProposal: null,
      canCancel: true,
      canReschedule: true,
      canReopen: false,
    },
    dispute: null,
    ...overrides,
  };
}

/** A completed job, finished an hour ago: its 24-hour contest window is open. */
export function makeCompleted(overrides: Partial<CustomerBooking> = {}): CustomerBooking {
  const completed = new Date(Date.now() - 60 * 60_000);
  return makeBooking({
    responseId: 'h1',
    completionStatus: 'completed',
    completionDate: completed.toISOString(),
    contestDeadline: new Date(completed.getTime() + 24 * 60 * 60_000).toISOString(),
    canContest: true,
    canReview: true,
    ...overrides,
  });
}

export const page = (items: CustomerBooking[], nextCursor: string | null = null): CustomerBookingPage => ({
  items,
  nextCursor,
});

export const makeSummary = (overrides: Partial<JobHistorySummary> = {}): JobHistorySummary => ({
  completedJobs: 3,
  totalSpent: '1234.50',
  averageRatingGiven: 4.5,
  reviewsGiven: 2,
  ...overrides,
});

/** The signed-in customer's app with its bookings; `extra` adds or replaces handlers. */
export function bookingsApi(
  lists: { confirmed?: CustomerBookingPage; history?: CustomerBookingPage; summary?: JobHistorySummary } = {},
  extra: Handlers = {},
  role: Role = 'user',
): Handlers {
  return {
    'GET /api/me': { body: makeMe(role) },
    'GET /api/badges': { body: makeBadges() },
    [`GET ${CONFIRMED}`]: { body: lists.confirmed ?? page([]) },
    [`GET ${HISTORY}`]: { body: lists.history ?? page([]) },
    [`GET ${SUMMARY}`]: { body: lists.summary ?? makeSummary() },
    ...extra,
  };
}
