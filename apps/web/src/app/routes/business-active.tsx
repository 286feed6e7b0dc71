import { PAGE_TITLES } from '@grip/domain';
import { Clock } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessActivePage() {
  return (
    <Page
      title={PAGE_TITLES['/business-active'] ?? 'Pending Opportunities'}
      subtitle="Your responses with ongoing conversations and accepted jobs"
    >
      <EmptyState
        icon={Clock}
        title="No pending opportunities"
        description="When you respond to a request, it stays here until the customer decides."
      />
    </Page>
  );
}
