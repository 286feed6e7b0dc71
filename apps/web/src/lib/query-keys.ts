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
  coverage: (params: Record<string, unknown>) => ['requests', 'coverage', params] as const,
  lastLocation: ['requests', 'last-location'] as const,
  upcomingBookings: ['bookings', 'upcoming'] as const,
  discoverBusinesses: (latitude: number | null, longitude: number | null) =>
    ['directory', 'discover', latitude, longitude] as const,
  marketAnalysis: (params: Record<string, unknown>) => ['market', params] as const,
  geoSuggestions: (query: string) => ['geo', 'suggest', query] as const,
  /** The business's view of requests (feed groups, counts, one request); invalidate after a response. */
  businessRequests: ['business-requests'] as const,
  businessRequestList: (group: string) => ['business-requests', 'list', group] as const,
  businessRequestCounts: ['business-requests', 'counts'] as const,
  businessRequest: (id: string) => ['business-requests', 'detail', id] as const,
};
