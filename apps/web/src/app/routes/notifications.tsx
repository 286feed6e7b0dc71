import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { NotificationsView } from '@/features/notifications/components/notifications-view';

export default function NotificationsPage() {
  const me = useCurrentUser();
  return (
    <Page
      title={PAGE_TITLES['/notifications'] ?? 'Notifications'}
      backTo={me.profile.role === 'business_owner' ? '/business-dashboard' : '/home'}
    >
      <NotificationsView />
    </Page>
  );
}
