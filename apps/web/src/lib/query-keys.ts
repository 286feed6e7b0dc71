/** Query keys shared across features, so invalidation never guesses a key. */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  badges: ['badges'] as const,
  notifications: ['notifications'] as const,
  notificationList: (limit: number) => ['notifications', 'list', limit] as const,
  notificationPages: ['notifications', 'pages'] as const,
};
