import { PAGE_TITLES } from '@grip/domain';
import { CircleCheck } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessConfirmedPage() {
  return (
    <Page title={PAGE_TITLES['/business-confirmed'] ?? 'Confirmed Bookings'}>
      <EmptyState
        icon={CircleCheck}
        title="No active jobs yet"
        description="Once users select your responses, they'll appear here."
      />
    </Page>
  );
}
