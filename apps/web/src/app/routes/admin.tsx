import { PAGE_TITLES } from '@grip/domain';
import { Info } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { Alert } from '@/components/ui/alert';
import { ArchiveAllCard } from '@/features/admin/components/archive-all-card';
import { DeliveriesSection } from '@/features/admin/components/deliveries-section';
import { ExportCards } from '@/features/admin/components/export-cards';
import { StatCards } from '@/features/admin/components/stat-cards';
import { SystemSettingsCard } from '@/features/admin/components/system-settings-card';

/** The administrators' dashboard (spec 3 "Admin dashboard"). */
export default function AdminPage() {
  return (
    <Page title={PAGE_TITLES['/admin'] ?? 'Admin Dashboard'}>
      <StatCards />
      <div className="grid gap-4 md:grid-cols-2">
        <SystemSettingsCard />
        <ArchiveAllCard />
        <ExportCards />
      </div>
      <Alert tone="info">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p>
          Bulk business upload, the business directory, the request audit and the test tools are on their way.
        </p>
      </Alert>
      <DeliveriesSection />
    </Page>
  );
}
