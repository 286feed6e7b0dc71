import type { BusinessDashboard } from '@grip/domain';
import { CircleCheck, ClipboardCheck, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { confirmedBookingsUrl } from '@/lib/confirmed-bookings-url';
import { declinedListQueryOptions } from '../api/get-dashboard';
import { DashboardItemList } from './dashboard-item-list';
import { DashboardSection } from './dashboard-section';
import { jobLink } from './job-link';
import { PagedItemList } from './paged-item-list';

/** Confirmed Bookings with the Completed group open. */
const COMPLETED_BOOKINGS = confirmedBookingsUrl('completed');

/**
 * Confirmed Bookings and Completed Jobs (the first 6 of each, from the dashboard call) and Declined
 * Requests (all of them, a page at a time) — spec 3 §2. Jobs open the dashboard's job detail view.
 */
export function JobSections({ data }: { data: BusinessDashboard }) {
  return (
    <>
      <DashboardSection id="confirmed" title="Confirmed Bookings">
        {data.confirmed.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title="No active jobs yet. Once users select your responses, they'll appear here."
          />
        ) : (
          <DashboardItemList items={data.confirmed} label="Confirmed Bookings" linkTo={jobLink} />
        )}
      </DashboardSection>
      <DashboardSection
        id="completed"
        title="Completed Jobs"
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={COMPLETED_BOOKINGS}>View All Completed</Link>
          </Button>
        }
      >
        {data.completed.length === 0 ? (
          <EmptyState icon={ClipboardCheck} title="No completed jobs yet." />
        ) : (
          <DashboardItemList items={data.completed} label="Completed Jobs" linkTo={jobLink} />
        )}
      </DashboardSection>
      <DashboardSection id="declined" title="Declined Requests">
        <PagedItemList
          options={declinedListQueryOptions}
          label="Declined Requests"
          emptyIcon={XCircle}
          emptyText="No declined requests yet."
        />
      </DashboardSection>
    </>
  );
}
