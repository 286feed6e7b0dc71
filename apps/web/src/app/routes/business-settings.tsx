import { BlockedAccountsCard } from '@/features/moderation/components/blocked-accounts-card';
import { CalendarFeedCard } from '@/features/calendar/components/calendar-feed-card';
import { ReviewsCard } from '@/features/two-way-reviews/components/reviews-card';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { GrantSelfAdminCard } from '@/features/admin/components/grant-self-admin';
import { BusinessProfilePage } from '@/features/business-settings/components/business-profile-page';
import { PushOptInCard } from '@/features/push/components/push-opt-in-card';
import { AccountDetailsCard } from '@/features/settings/components/account-details-card';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { SecurityCard } from '@/features/settings/components/security-card';
import { SignOutCard } from '@/features/settings/components/sign-out-card';

export default function BusinessSettingsPage() {
  const me = useCurrentUser();
  return (
    <BusinessProfilePage>
      <AccountDetailsCard me={me} showBusiness />
      <PushOptInCard />
      <CalendarFeedCard />
      <ReviewsCard isBusiness={true} />
      <SecurityCard />
      <BlockedAccountsCard />
      <GrantSelfAdminCard />
      <SignOutCard />
      <DeleteAccountCard />
    </BusinessProfilePage>
  );
}
