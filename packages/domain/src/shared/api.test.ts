import { describe, it, expect } from 'vitest';
import {
  ApiErrorSchema,
  BadgeCountsSchema,
  MeSchema,
  NotificationSchema,
  ProfileSchema,
  ServiceCategorySchema,
  SignOutScopeSchema,
} from './api';

const profile = {
  userId: 'u1',
  role: 'business_owner',
  displayName: 'Bob',
  businessName: 'Bob Builds',
  avatarUrl: null,
  defaultLandingPage: 'business-dashboard',
  defaultStartScreen: null,
  serviceCategories: ['Plumbing'],
  notificationEmail: null,
};

describe('ProfileSchema', () => {
  it('accepts a complete profile with nullable fields set to null', () => {
    expect(ProfileSchema.safeParse(profile).success).toBe(true);
    expect(
      ProfileSchema.safeParse({ ...profile, displayName: null, businessName: null, defaultLandingPage: null })
        .success,
    ).toBe(true);
  });

  it('accepts only the three stored roles', () => {
    for (const role of ['user', 'business_owner', 'administrator']) {
      expect(ProfileSchema.safeParse({ ...profile, role }).success).toBe(true);
    }
    expect(ProfileSchema.safeParse({ ...profile, role: 'root' }).success).toBe(false);
  });

  it('requires the service categories to be a list of strings', () => {
    expect(ProfileSchema.safeParse({ ...profile, serviceCategories: [] }).success).toBe(true);
    expect(ProfileSchema.safeParse({ ...profile, serviceCategories: null }).success).toBe(false);
    expect(ProfileSchema.safeParse({ ...profile, serviceCategories: [1] }).success).toBe(false);
  });
});

describe('MeSchema', () => {
  it('accepts a user with a profile', () => {
    const me = { user: { id: 'u1', email: 'bob@example.com', name: 'Bob', emailVerified: true }, profile };
    expect(MeSchema.safeParse(me).success).toBe(true);
    expect(MeSchema.safeParse({ ...me, user: { ...me.user, emailVerified: 'yes' } }).success).toBe(false);
  });
});

describe('BadgeCountsSchema', () => {
  const counts = {
    unreadNotifications: 0,
    unreadMessages: 2,
    newRequests: 3,
    pendingResponses: 0,
    confirmed: 12,
  };

  it('accepts non-negative integers', () => {
    expect(BadgeCountsSchema.safeParse(counts).success).toBe(true);
  });

  it('rejects negative, fractional and missing counts', () => {
    expect(BadgeCountsSchema.safeParse({ ...counts, unreadMessages: -1 }).success).toBe(false);
    expect(BadgeCountsSchema.safeParse({ ...counts, newRequests: 1.5 }).success).toBe(false);
    const { confirmed: _confirmed, ...missing } = counts;
    expect(BadgeCountsSchema.safeParse(missing).success).toBe(false);
  });
});

describe('NotificationSchema', () => {
  const notification = {
    id: 'n1',
    type: 'new_message',
    title: 'New message',
    message: 'Hello',
    relatedId: null,
    createdAt: '2025-06-15T12:00:00.000Z',
    readAt: null,
  };

  it('accepts unread and read notifications', () => {
    expect(NotificationSchema.safeParse(notification).success).toBe(true);
    expect(
      NotificationSchema.safeParse({ ...notification, readAt: '2025-06-15T13:00:00.000Z' }).success,
    ).toBe(true);
  });

  it('accepts any type string (unknown types show the generic bell)', () => {
    expect(NotificationSchema.safeParse({ ...notification, type: 'job_contested' }).success).toBe(true);
  });
});

describe('small schemas', () => {
  it('ServiceCategorySchema', () => {
    expect(
      ServiceCategorySchema.safeParse({ categoryName: 'Pet Services', serviceName: 'Pet Care' }).success,
    ).toBe(true);
    expect(ServiceCategorySchema.safeParse({ categoryName: 'Pet Services' }).success).toBe(false);
  });

  it('ApiErrorSchema with and without field messages', () => {
    expect(ApiErrorSchema.safeParse({ error: 'bad_request', message: 'Nope' }).success).toBe(true);
    expect(
      ApiErrorSchema.safeParse({
        error: 'validation',
        message: 'Nope',
        fields: { email: 'Email is required' },
      }).success,
    ).toBe(true);
    expect(
      ApiErrorSchema.safeParse({ error: 'validation', message: 'Nope', fields: { email: 1 } }).success,
    ).toBe(false);
  });

  it('SignOutScopeSchema is local or global', () => {
    expect(SignOutScopeSchema.options).toEqual(['local', 'global']);
    expect(SignOutScopeSchema.safeParse('everywhere').success).toBe(false);
  });
});
