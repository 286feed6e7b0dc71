import { PAGE_TITLES } from '@grip/domain';
import { CardColumns } from '@/components/layout/card-columns';
import { Page } from '@/components/layout/page';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { ProfileInformationCard } from '@/features/settings/components/profile-information-card';
import { RatingGivenBox } from '@/features/bookings/components/rating-given-box';
import {
  AppearanceCard,
  ArchiveManagementCard,
  BlockedAccountsCard,
  CalendarFeedCard,
  DefaultLocationCard,
  DeleteAccountCard,
  GrantSelfAdminCard,
  LaterCards,
  NotificationsCard,
  PaymentMethodsCard,
  PushOptInCard,
  ReviewsCard,
  SecurityCard,
  SignOutCard,
  ViewHistoryCard,
} from './settings-later-cards';

/**
 * Customer settings in the spec's order (spec 2 §7): Profile Information, Notifications, Default
 * Location, Payment Methods, Security, Archive Management, View History, Sign Out, Delete Account.
 * Our additions sit beside the section they belong to: the rating box with the profile, push with
 * notifications, 'Grant myself admin' with security. A business owner is redirected to
 * /business-settings by the guard. From 1024 px the cards flow in two columns, in this order.
 */
export default function SettingsPage() {
  const me = useCurrentUser();
  return (
    <Page title={PAGE_TITLES['/settings'] ?? 'Settings'}>
      <CardColumns>
        <ProfileInformationCard me={me} />
        <RatingGivenBox />
        <LaterCards>
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
          <AppearanceCard />
          <SignOutCard />
          <DeleteAccountCard />
        </LaterCards>
      </CardColumns>
    </Page>
  );
}
