import { PAGE_TITLES } from '@grip/domain';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { ConfirmedBookingsView } from '@/features/jobs/components/confirmed-bookings-view';
import { JobDetailView } from '@/features/jobs/components/job-detail-view';

/** Confirmed Bookings; ?job={responseId} shows that job's detail view (Show Details). */
export default function BusinessConfirmedPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job');
  return (
    <Page title={PAGE_TITLES['/business-confirmed'] ?? 'Confirmed Bookings'}>
      {jobId ? <JobDetailView key={jobId} jobId={jobId} /> : <ConfirmedBookingsView />}
    </Page>
  );
}
