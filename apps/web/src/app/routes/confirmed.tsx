import { PAGE_TITLES } from '@grip/domain';
import { CircleCheck } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function ConfirmedPage() {
  return (
    <Page
      title={PAGE_TITLES['/confirmed'] ?? 'Confirmed Requests'}
      subtitle="Service requests that have been accepted by businesses"
    >
      <EmptyState
        icon={CircleCheck}
        title="No confirmed requests"
        description="Your confirmed service requests will appear here"
      />
    </Page>
  );
}
