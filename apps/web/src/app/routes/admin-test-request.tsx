import { PAGE_TITLES } from '@grip/domain';
import { Search } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function AdminTestRequestPage() {
  return (
    <Page title={PAGE_TITLES['/admin-test-request'] ?? 'Admin Test Search'}>
      <EmptyState
        icon={Search}
        title="Business search is on its way"
        description="Search businesses by keyword near a location to check how requests will be matched."
      />
    </Page>
  );
}
