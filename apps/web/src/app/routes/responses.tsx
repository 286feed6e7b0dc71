import { PAGE_TITLES } from '@grip/domain';
import { MessageSquareQuote } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function ResponsesPage() {
  return (
    <Page title={PAGE_TITLES['/responses'] ?? 'My Responses'}>
      <EmptyState
        icon={MessageSquareQuote}
        title="No responses yet"
        description="When businesses answer your requests, their offers appear here."
      />
    </Page>
  );
}
