import { BUSINESS_PROFILE_MESSAGES, PAGE_TITLES } from '@grip/domain';
import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useBusinessProfile } from '@/features/business/api/get-business-profile';
import { BusinessProfileForm } from './business-profile-form';

/**
 * The page around the business profile form, for both /business-registration and
 * /business-settings: titled by whether the account is already a business (spec 3 §2).
 */
export function BusinessProfilePage({ children }: { children?: ReactNode }) {
  const me = useCurrentUser();
  const profile = useBusinessProfile();
  const isBusinessOwner = me.profile.role === 'business_owner';
  const title = isBusinessOwner
    ? (PAGE_TITLES['/business-settings'] ?? 'Business Settings')
    : (PAGE_TITLES['/business-registration'] ?? 'Business Registration');
  return (
    <Page title={title} backTo="/" backLabel="Back to Home">
      {profile.isPending ? (
        <ListSkeleton rows={4} label="Loading your business profile" />
      ) : profile.isError ? (
        <Alert tone="danger" role="alert" className="flex-col">
          <p className="font-semibold">{BUSINESS_PROFILE_MESSAGES.loadFailed}</p>
          <p>Check your connection and try again.</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void profile.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        // Keyed by role: after registering, the same page becomes settings with fresh values.
        <BusinessProfileForm key={profile.data.role} profile={profile.data} />
      )}
      {children}
    </Page>
  );
}
