import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { BlockedAccountsCard } from '@/features/moderation/components/blocked-accounts-card';
import { CalendarFeedCard } from '@/features/calendar/components/calendar-feed-card';
import { ReviewsCard } from '@/features/two-way-reviews/components/reviews-card';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { GrantSelfAdminCard } from '@/features/admin/components/grant-self-admin';
import { PushOptInCard } from '@/features/push/components/push-opt-in-card';
import { ArchiveManagementCard } from '@/features/my-requests/components/archive-management-card';
import { DefaultLocationCard } from '@/features/settings/components/default-location-card';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { PaymentMethodsCard } from '@/features/settings/components/payment-methods-card';
import { ProfileInformationCard } from '@/features/settings/components/profile-information-card';
import { RatingGivenBox } from '@/features/bookings/components/rating-given-box';
import { SecurityCard } from '@/features/settings/components/security-card';
import { SignOutCard } from '@/features/settings/components/sign-out-card';
import { ViewHistoryCard } from '@/features/settings/components/view-history-card';

/**
 * Customer settings in the spec's order (spec 2 §7): Profile Information, Notifications, Default
 * Location, Payment Methods, Security, Archive Management, View History, Sign Out, Delete Account.
 * Our additions sit beside the section they belong to: the rating box with the profile, push with
 * notifications, 'Grant myself admin' with security. A business owner is redirected to
 * /business-settings by the guard.
 */
export default function SettingsPage() {
  const me = useCurrentUser();
  return (
    <Page title={PAGE_TITLES['/settings'] ?? 'Settings'}>
      <ProfileInformationCard me={me} />
      <RatingGivenBox />
      <ReviewsCard isBusiness={false} />
      <NotificationsCard />
      <PushOptInCard />
      <CalendarFeedCard />
      <DefaultLocationCard />
      <PaymentMethodsCard />
      <SecurityCard />
      <BlockedAccountsCard />
      <GrantSelfAdminCard />
      <ArchiveManagementCard />
      <ViewHistoryCard />
      <SignOutCard />
      <DeleteAccountCard />
    </Page>
  );
}
