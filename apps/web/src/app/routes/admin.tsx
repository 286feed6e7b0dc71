import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { AdminTabs } from '@/features/admin/components/admin-tabs';
import { ArchiveAllCard } from '@/features/admin/components/archive-all-card';
import { ExportCards } from '@/features/admin/components/export-cards';
import { PlatformTrends } from '@/features/admin/components/platform-trends';
import { StatCards } from '@/features/admin/components/stat-cards';
import { SystemSettingsCard } from '@/features/admin/components/system-settings-card';
import { BulkUploadCard, DeliveriesSection, Later, TestTools } from './admin-later-sections';

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
        <Later>
          <BulkUploadCard />
        </Later>
      </div>
      <AdminTabs />
      <Later>
        <TestTools />
        <DeliveriesSection />
      </Later>
    </Page>
  );
}
