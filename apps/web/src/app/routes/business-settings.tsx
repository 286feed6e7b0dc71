import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { AccountDetailsCard } from '@/features/settings/components/account-details-card';
import { SignOutCard } from '@/features/settings/components/sign-out-card';

export default function BusinessSettingsPage() {
  const me = useCurrentUser();
  return (
    <Page title={PAGE_TITLES['/business-settings'] ?? 'Business Settings'} backTo="/business-dashboard">
      <AccountDetailsCard me={me} showBusiness />
      <SignOutCard />
    </Page>
  );
}
