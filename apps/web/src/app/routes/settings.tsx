import { PAGE_TITLES } from '@grip/domain';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { GrantSelfAdminCard } from '@/features/admin/components/grant-self-admin';
import { PushOptInCard } from '@/features/push/components/push-opt-in-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { AccountDetailsCard } from '@/features/settings/components/account-details-card';
import { RatingGivenBox } from '@/features/settings/components/rating-given-box';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { SecurityCard } from '@/features/settings/components/security-card';
import { SignOutCard } from '@/features/settings/components/sign-out-card';

/** Customer settings (a business owner is redirected to /business-settings by the guard). */
export default function SettingsPage() {
  const me = useCurrentUser();
  return (
    <Page title={PAGE_TITLES['/settings'] ?? 'Settings'}>
      <AccountDetailsCard me={me} />
      <NotificationsCard />
      <RatingGivenBox />
      <PushOptInCard />
      <Card>
        <CardHeader>
          <CardTitle>View History</CardTitle>
          <CardDescription>Jobs you have had done through Grip.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/history">
              <History aria-hidden="true" className="size-4" />
              Job History
            </Link>
          </Button>
        </CardContent>
      </Card>
      <SecurityCard />
      <GrantSelfAdminCard />
      <SignOutCard />
      <DeleteAccountCard />
    </Page>
  );
}
