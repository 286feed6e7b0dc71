import type { BadgeCounts, Me, Notification, Profile, Role } from '@grip/domain';

export function makeMe(role: Role = 'user', profile: Partial<Profile> = {}): Me {
  return {
    user: { id: 'u1', email: 'sam@example.com', name: 'Sam Carter', emailVerified: true },
    profile: {
      userId: 'u1',
      role,
      displayName: 'Sam Carter',
      businessName: role === 'business_owner' ? 'Sam Plumbing' : null,
      avatarUrl: null,
      defaultLandingPage: null,
      defaultStartScreen: null,
      serviceCategories: role === 'business_owner' ? ['Plumbing'] : [],
      notificationEmail: role === 'business_owner' ? 'jobs@example.com' : null,
      ...profile,
    },
  };
}

export function makeBadges(counts: Partial<BadgeCounts> = {}): BadgeCounts {
  return {
    unreadNotifications: 0,
    unreadMessages: 0,
    newRequests: 0,
    pendingResponses: 0,
    confirmed: 0,
    ...counts,
  };
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    type: 'new_response',
    title: 'New response',
    message: 'A business responded to your request',
    relatedId: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}
