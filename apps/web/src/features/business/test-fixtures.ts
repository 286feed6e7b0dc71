import type { BusinessProfile } from '@grip/domain';

/** The GET /api/business-profile answer for a customer who has not registered yet. */
export function makeBusinessProfile(overrides: Partial<BusinessProfile> = {}): BusinessProfile {
  return {
    role: 'user',
    accountEmail: 'sam@example.com',
    businessName: null,
    contactPerson: 'Sam Carter',
    address: null,
    areaLabel: null,
    latitude: null,
    longitude: null,
    notificationEmail: null,
    useAccountEmail: false,
    phone: null,
    website: null,
    description: null,
    googleReviewsUrl: null,
    serviceCategories: [],
    serviceAreaKm: 25,
    notificationPreferences: ['email'],
    defaultStartScreen: null,
    avatarUrl: null,
    rating: { average: null, count: 0 },
    ...overrides,
  };
}
