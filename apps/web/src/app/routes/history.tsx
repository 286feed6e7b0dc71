import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { JobHistoryView } from '@/features/bookings/components/job-history-view';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

export default function HistoryPage() {
  const me = useCurrentUser();
  // Spec 2 §2: back to the business dashboard for business owners, to settings otherwise.
  const backTo = me.profile.role === 'business_owner' ? '/business-dashboard' : '/settings';
  return (
    <Page title={PAGE_TITLES['/history'] ?? 'Job History'} backTo={backTo}>
      <JobHistoryView />
    </Page>
  );
}
