import type { BusinessDashboard } from '@grip/domain';
import { CircleCheck, ClipboardCheck, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardItemList } from './dashboard-item-list';
import { DashboardSection } from './dashboard-section';
import { jobLink } from './job-link';

/** Confirmed Bookings, Completed Jobs and Declined Requests (spec 3 §2), from the dashboard call. */
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
            <Link to="/business-confirmed">View All Completed</Link>
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
        {data.declined.length === 0 ? (
          <EmptyState icon={XCircle} title="No declined requests yet." />
        ) : (
          <>
            <DashboardItemList items={data.declined} label="Declined Requests" />
            {data.declinedCapped ? (
              <p className="text-sm text-muted-foreground">Showing the latest {data.declined.length}.</p>
            ) : null}
          </>
        )}
      </DashboardSection>
    </>
  );
}
