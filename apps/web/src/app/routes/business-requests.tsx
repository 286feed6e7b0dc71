import { PAGE_TITLES } from '@grip/domain';
import { Inbox } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessRequestsPage() {
  return (
    <Page
      title={PAGE_TITLES['/business-requests'] ?? 'Service Requests'}
      subtitle="Opportunities matching your service categories"
    >
      <EmptyState
        icon={Inbox}
        title="No new requests available"
        description="Requests from customers that match your service categories will appear here."
      />
    </Page>
  );
}
