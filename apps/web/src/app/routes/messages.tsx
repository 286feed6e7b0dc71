import { PAGE_TITLES } from '@grip/domain';
import { MessageSquare } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function MessagesPage() {
  return (
    <Page title={PAGE_TITLES['/messages'] ?? 'Messages'}>
      <EmptyState
        icon={MessageSquare}
        title="No conversations yet"
        description="Messages appear here after you book a service."
      />
    </Page>
  );
}
