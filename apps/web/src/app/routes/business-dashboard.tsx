import { preloadable } from '@/lib/preloadable';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

// The respond view and the job detail open from the overview: their code (quote form, proof uploads,
// chat) loads when they do, so the overview's first load stays small (docs/performance.md).
const RespondScreen = preloadable('dashboard respond', () =>
  import('@/features/respond/components/respond-screen').then((m) => ({ default: m.RespondScreen })),
);
const JobDetailView = preloadable('dashboard job', () =>
  import('@/features/jobs/components/job-detail-view').then((m) => ({ default: m.JobDetailView })),
);

/** /business-dashboard (business owners only; the router's guard and the server both check). */
export default function BusinessDashboardPage() {
  return <DashboardScreen RespondScreen={RespondScreen} JobDetailView={JobDetailView} />;
}
