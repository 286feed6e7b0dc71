import { PAGE_TITLES } from '@grip/domain';
import { History } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

export default function HistoryPage() {
  const me = useCurrentUser();
  // Spec 2 §2: back to the business dashboard for business owners, to settings otherwise.
  const backTo = me.profile.role === 'business_owner' ? '/business-dashboard' : '/settings';
  return (
    <Page title={PAGE_TITLES['/history'] ?? 'Job History'} backTo={backTo}>
      <EmptyState
        icon={History}
        title="No completed jobs yet"
        description="Finished jobs are listed here with what they cost and how they went."
      />
    </Page>
  );
}
