import { PAGE_TITLES } from '@grip/domain';
import { CircleCheck, History, Inbox, LogOut, Settings, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { ProfileWarning } from '@/features/business/components/profile-warning';

export default function BusinessDashboardPage() {
  const me = useCurrentUser();
  const signOut = useSignOut();
  return (
    <Page
      title={PAGE_TITLES['/business-dashboard'] ?? 'Business Dashboard'}
      subtitle={me.profile.businessName || me.profile.displayName || undefined}
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link to="/history">
              <History aria-hidden="true" className="size-4" />
              View Job History
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/business-settings">
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            isLoading={signOut.isPending}
            onClick={() => signOut.mutate('local')}
          >
            {signOut.isPending ? null : <LogOut aria-hidden="true" className="size-4" />}
            Sign Out
          </Button>
        </>
      }
    >
      <ProfileWarning profile={me.profile} />
      <section aria-labelledby="new-requests-heading" className="grid gap-3">
        <h2 id="new-requests-heading" className="text-lg font-semibold">
          New Requests
        </h2>
        <EmptyState icon={Inbox} title="No new requests available" />
      </section>
      <section aria-labelledby="confirmed-heading" className="grid gap-3">
        <h2 id="confirmed-heading" className="text-lg font-semibold">
          Confirmed Bookings
        </h2>
        <EmptyState
          icon={CircleCheck}
          title="No active jobs yet"
          description="Once users select your responses, they'll appear here."
        />
      </section>
      <section aria-labelledby="declined-heading" className="grid gap-3">
        <h2 id="declined-heading" className="text-lg font-semibold">
          Declined Requests
        </h2>
        <EmptyState icon={XCircle} title="No declined requests yet." />
      </section>
    </Page>
  );
}
