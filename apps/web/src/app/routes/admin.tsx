import { PAGE_TITLES } from '@grip/domain';
import { ShieldCheck } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';

export default function AdminPage() {
  return (
    <Page title={PAGE_TITLES['/admin'] ?? 'Admin Dashboard'}>
      <EmptyState
        icon={ShieldCheck}
        title="Admin tools are on their way"
        description="Platform statistics, notification switches, exports and the business directory will appear here."
      />
    </Page>
  );
}
