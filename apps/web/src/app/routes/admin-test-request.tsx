import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { AdminTestSearch } from '@/features/admin-search/components/admin-test-search';
import { MockRequestForm } from '@/features/admin-search/components/mock-request-form';

/** The administrators' test search (spec 3 /admin-test-request): business search and a mock request form. */
export default function AdminTestRequestPage() {
  return (
    <Page
      title={PAGE_TITLES['/admin-test-request'] ?? 'Admin Test Search'}
      subtitle="For testing only: nothing on this page is sent to businesses."
    >
      <AdminTestSearch />
      <MockRequestForm />
    </Page>
  );
}
