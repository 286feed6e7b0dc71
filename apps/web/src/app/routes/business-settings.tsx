import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { CardColumns } from '@/components/layout/card-columns';
import { BusinessProfilePage } from '@/features/business-settings/components/business-profile-page';
import {
  AccountDetailsCard,
  AppearanceCard,
  BlockedAccountsCard,
  CalendarFeedCard,
  DeleteAccountCard,
  GrantSelfAdminCard,
  LaterCards,
  PushOptInCard,
  ReviewsCard,
  SecurityCard,
  SignOutCard,
} from './settings-later-cards';

export default function BusinessSettingsPage() {
  const me = useCurrentUser();
  return (
    <BusinessProfilePage>
      <CardColumns>
        <LaterCards>
          <AccountDetailsCard me={me} showBusiness />
          <PushOptInCard />
          <CalendarFeedCard />
          <ReviewsCard isBusiness={true} />
          <SecurityCard />
          <BlockedAccountsCard />
          <GrantSelfAdminCard />
          <AppearanceCard />
          <SignOutCard />
          <DeleteAccountCard />
        </LaterCards>
      </CardColumns>
    </BusinessProfilePage>
  );
}
