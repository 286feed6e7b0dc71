import { PAGE_TITLES } from '@grip/domain';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ConfirmedBookingsView } from '@/features/jobs/components/confirmed-bookings-view';
import { preloadable } from '@/lib/preloadable';

// A job's detail (chat, disputes, reviews, its dialogs) loads when one is shown (?job=), so the list's
// first load stays small (docs/performance.md); the dashboard opens it the same way.
const JobDetailView = preloadable('confirmed job', () =>
  import('@/features/jobs/components/job-detail-view').then((m) => ({ default: m.JobDetailView })),
);

/** Confirmed Bookings; ?job={responseId} shows that job's detail view (Show Details). */
export default function BusinessConfirmedPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job');
  return (
    <Page title={PAGE_TITLES['/business-confirmed'] ?? 'Confirmed Bookings'}>
      {jobId ? (
        <Suspense fallback={<FullPageSpinner />}>
          <JobDetailView key={jobId} jobId={jobId} />
        </Suspense>
      ) : (
        <ConfirmedBookingsView />
      )}
    </Page>
  );
}
