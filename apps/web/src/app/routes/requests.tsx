import { PAGE_TITLES } from '@grip/domain';
import { ListChecks } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function RequestsPage() {
  return (
    <Page title={PAGE_TITLES['/requests'] ?? 'My Requests'}>
      <EmptyState
        icon={ListChecks}
        title="You haven't submitted any requests yet."
        description="When you ask for a service, it appears here with the offers businesses send you."
      />
    </Page>
  );
}
