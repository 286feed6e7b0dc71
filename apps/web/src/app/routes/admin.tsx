import { PAGE_TITLES } from '@grip/domain';
import { Info } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { Alert } from '@/components/ui/alert';
import { DeliveriesSection } from '@/features/admin/components/deliveries-section';

export default function AdminPage() {
  return (
    <Page title={PAGE_TITLES['/admin'] ?? 'Admin Dashboard'}>
      <Alert tone="info">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p>
          The rest of the dashboard is on its way: platform statistics, notification switches, exports and the
          business directory will appear here. For now you can read every email, SMS and push message the
          platform has sent or stored.
        </p>
      </Alert>
      <DeliveriesSection />
    </Page>
  );
}
