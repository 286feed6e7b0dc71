import { METRIC_KEYS, PAGE_TITLES, type MetricKey } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { History, LogOut, Settings } from 'lucide-react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { ProfileWarning } from '@/features/business/components/profile-warning';
import { useBusinessProfile } from '@/features/business/api/get-business-profile';
import { dashboardQueryOptions } from '../api/get-dashboard';
import { ArchiveCard } from './archive-card';
import { DASHBOARD_PATH as PATH, type DashboardState } from './job-link';
import { JobSections } from './job-sections';
import { MetricListView } from './metric-list-view';
import { MetricsGrid } from './metrics-grid';
import { NewRequestsSection } from './new-requests-section';
import { ProfileCard } from './profile-card';
import { TrendsSection } from './trends-section';

interface View {
  respond?: string;
  metric?: MetricKey;
  job?: string;
}

/** Navigation state as the dashboard reads it; anything malformed is the overview. */
function readState(state: unknown): View {
  if (typeof state !== 'object' || state === null) return {};
  const { respond, metric, view, job } = state as Record<string, unknown>;
  return {
    respond: typeof respond === 'string' && respond ? respond : undefined,
    metric: METRIC_KEYS.find((key) => key === metric),
    job: view === 'jobDetail' && typeof job === 'string' && job ? job : undefined,
  };
}

const TO_DASHBOARD = { to: PATH, label: 'Back to Dashboard' };

type Back = typeof TO_DASHBOARD;

/**
 * The respond view and the job detail the dashboard opens in place of its overview. They are other
 * screens' (features/respond, features/jobs), so the route passes them in: screens never import each
 * other (apps/web/layers.js).
 */
export interface DashboardViews {
  RespondScreen: ComponentType<{ requestId: string; back: Back }>;
  JobDetailView: ComponentType<{ jobId: string; back: Back }>;
}

/** /business-dashboard (spec 3 §2): overview, respond view, job detail and one drill-down per metric. */
export function DashboardScreen({ RespondScreen, JobDetailView }: DashboardViews) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromQuery = searchParams.get('respond');
  const state = readState(location.state);

  // `?respond={requestId}` (e.g. from an email link) opens the respond view, then leaves a clean URL.
  useEffect(() => {
    if (fromQuery) void navigate(PATH, { replace: true, state: { respond: fromQuery } });
  }, [fromQuery, navigate]);

  const respondTo = fromQuery ?? state.respond;
  const detail = respondTo ? (
    <RespondScreen key={respondTo} requestId={respondTo} back={TO_DASHBOARD} />
  ) : state.job ? (
    <JobDetailView key={state.job} jobId={state.job} back={TO_DASHBOARD} />
  ) : null;
  if (detail) return <Suspense fallback={<FullPageSpinner />}>{detail}</Suspense>;
  return (
    <Overview
      metric={state.metric}
      onOpen={(next) => void navigate(PATH, { state: next })}
      onBack={() => void navigate(PATH, { state: null })}
    />
  );
}

function Overview({
  metric,
  onOpen,
  onBack,
}: {
  metric: MetricKey | undefined;
  onOpen: (state: DashboardState) => void;
  onBack: () => void;
}) {
  const me = useCurrentUser();
  const signOut = useSignOut();
  const profile = useBusinessProfile();
  const dashboard = useQuery(dashboardQueryOptions);

  // Spec 3 §8: a failed load is reported once; the screen keeps what it last had.
  const failed = dashboard.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to load dashboard data.' });
  }, [failed]);

  return (
    <Page
      title={PAGE_TITLES[PATH] ?? 'Business Dashboard'}
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
      {metric ? (
        <MetricListView metric={metric} onBack={onBack} />
      ) : (
        <>
          {profile.data ? (
            <ProfileCard profile={profile.data} />
          ) : profile.isPending ? (
            // About the card's height, so the metrics below do not jump when it arrives.
            <Skeleton className="h-52" aria-hidden="true" />
          ) : null}
          {dashboard.data ? (
            <MetricsGrid metrics={dashboard.data.metrics} onOpen={(key) => onOpen({ metric: key })} />
          ) : dashboard.isPending ? (
            <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              <span className="sr-only">Loading your dashboard</span>
              {METRIC_KEYS.map((key) => (
                <Skeleton key={key} className="h-24" />
              ))}
            </div>
          ) : (
            <p role="alert" className="text-sm text-destructive">
              Your dashboard could not be loaded. It will be tried again shortly.
            </p>
          )}
          <TrendsSection />
          <NewRequestsSection onRespond={(requestId) => onOpen({ respond: requestId })} />
          {dashboard.data ? <JobSections data={dashboard.data} /> : null}
          <ArchiveCard />
        </>
      )}
    </Page>
  );
}
