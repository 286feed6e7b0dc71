import type { BusinessAvatar, BusinessProfile, BusinessProfileInput } from '@grip/domain';
import { api } from '@/lib/api-client';

/** POST /api/business-registration: makes the signed-in user a business owner. */
export function registerBusiness(input: BusinessProfileInput): Promise<BusinessProfile> {
  return api.post<BusinessProfile>('/api/business-registration', input);
}

/** PUT /api/business-profile: replaces a business owner's settings. */
export function updateBusinessProfile(input: BusinessProfileInput): Promise<BusinessProfile> {
  return api.put<BusinessProfile>('/api/business-profile', input);
}

/** PUT /api/business-profile/avatar: settings save the avatar as soon as it changes. */
export function saveBusinessAvatar(avatarUrl: string | null): Promise<BusinessAvatar> {
  return api.put<BusinessAvatar>('/api/business-profile/avatar', { avatarUrl });
}
