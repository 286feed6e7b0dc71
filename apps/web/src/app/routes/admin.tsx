import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { AdminTabs } from '@/features/admin/components/admin-tabs';
import { ArchiveAllCard } from '@/features/admin/components/archive-all-card';
import { BulkUploadCard } from '@/features/admin/components/bulk-upload-card';
import { DeliveriesSection } from '@/features/admin/components/deliveries-section';
import { ExportCards } from '@/features/admin/components/export-cards';
import { PlatformTrends } from '@/features/admin/components/platform-trends';
import { StatCards } from '@/features/admin/components/stat-cards';
import { SystemSettingsCard } from '@/features/admin/components/system-settings-card';
import { TestTools } from '@/features/admin/components/test-tools';

/** The administrators' dashboard (spec 3 "Admin dashboard"). */
export default function AdminPage() {
  return (
    <Page title={PAGE_TITLES['/admin'] ?? 'Admin Dashboard'}>
      <StatCards />
      <PlatformTrends />
      <div className="grid gap-4 md:grid-cols-2">
        <SystemSettingsCard />
        <ArchiveAllCard />
        <ExportCards />
        <BulkUploadCard />
      </div>
      <AdminTabs />
      <TestTools />
      <DeliveriesSection />
    </Page>
  );
}
