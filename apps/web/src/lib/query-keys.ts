/** Query keys shared across features, so invalidation never guesses a key. */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  badges: ['badges'] as const,
  notifications: ['notifications'] as const,
  notificationList: (limit: number) => ['notifications', 'list', limit] as const,
  notificationPages: ['notifications', 'pages'] as const,
  /** Everything about the customer's requests; invalidate this after any change to one. */
  requests: ['requests'] as const,
  requestList: (section: string) => ['requests', 'list', section] as const,
  request: (id: string) => ['requests', 'detail', id] as const,
  /** One offer (a business's response) as its customer sees it; under `requests` so it refreshes with them. */
  offer: (responseId: string) => ['requests', 'offer', responseId] as const,
  /** My Responses: the customer's answered requests by group (they change with the requests). */
  myResponses: ['requests', 'my-responses'] as const,
  myResponseList: (group: string) => ['requests', 'my-responses', group] as const,
  /** The customer's bookings (Confirmed Requests, Job History): they change with the requests. */
  bookings: ['requests', 'bookings'] as const,
  bookingList: (section: string) => ['requests', 'bookings', section] as const,
  bookingSummary: ['requests', 'bookings', 'summary'] as const,
  booking: (responseId: string) => ['requests', 'bookings', 'detail', responseId] as const,
  /** Completed jobs awaiting the customer's review (the review gate). */
  pendingReviews: ['requests', 'reviews', 'pending'] as const,
  coverage: (params: Record<string, unknown>) => ['requests', 'coverage', params] as const,
  lastLocation: ['requests', 'last-location'] as const,
  upcomingBookings: ['bookings', 'upcoming'] as const,
  discoverBusinesses: (latitude: number | null, longitude: number | null) =>
    ['directory', 'discover', latitude, longitude] as const,
  marketAnalysis: (params: Record<string, unknown>) => ['market', params] as const,
  geoSuggestions: (query: string) => ['geo', 'suggest', query] as const,
  /** Messaging, all under one root so one invalidation refreshes the list, headers and threads. */
  conversations: ['conversations'] as const,
  conversationList: ['conversations', 'list'] as const,
  conversation: (responseId: string) => ['conversations', 'detail', responseId] as const,
  conversationMessages: (responseId: string) => ['conversations', 'messages', responseId] as const,
  /**
   * Everything a business sees hangs under one root: a business action (a quote, a counter offer, a
   * completion, an archive) changes the feed, the opportunities, the jobs and the dashboard together,
   * so its mutation invalidates `business` and every mounted business list refetches.
   */
  business: ['business'] as const,
  businessProfile: ['business', 'profile'] as const,
  businessRequests: ['business', 'requests'] as const,
  businessRequestList: (group: string) => ['business', 'requests', 'list', group] as const,
  businessRequestCounts: ['business', 'requests', 'counts'] as const,
  businessRequest: (id: string) => ['business', 'requests', 'detail', id] as const,
  businessOpportunities: ['business', 'opportunities'] as const,
  businessJobs: ['business', 'jobs'] as const,
  businessJobList: (section: string) => ['business', 'jobs', 'list', section] as const,
  businessJob: (id: string) => ['business', 'jobs', 'detail', id] as const,
  businessDashboard: ['business', 'dashboard'] as const,
  businessMetric: (metric: string) => ['business', 'dashboard', 'metric', metric] as const,
  businessDeclined: ['business', 'dashboard', 'declined'] as const,
};
