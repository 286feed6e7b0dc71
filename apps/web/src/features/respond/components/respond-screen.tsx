import { BOOKED_OFFER, PENDING_OFFER, RESPONSE_MESSAGES, type ResponseStatus } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileQuestion } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { preloadable } from '@/lib/preloadable';
import { businessRequestQueryOptions } from '../api/get-business-request';
import { CustomerStanding } from '@/features/two-way-reviews/components/customer-standing';
import { RequestSummaryCard } from './request-summary-card';

// The response form (price, time, photos, react-hook-form) loads as the request draws: the business
// reads the request first, and /respond's first load stays small (docs/performance.md).
const ResponsePanel = preloadable('response panel', () =>
  import('./response-panel').then((m) => ({ default: m.ResponsePanel })),
);

function RespondSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading the request</span>
      {[0, 1].map((card) => (
        <div key={card} className="grid gap-3 rounded-lg border border-border bg-background p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** Where Back and Cancel lead: the feed by default, the dashboard when it shows this as its view. */
export interface RespondBack {
  to: string;
  label: string;
}
const TO_FEED: RespondBack = { to: '/business-requests', label: 'Back to Service Requests' };

/**
 * Where a business finds the response it already sent: its job once accepted, its offers in play while
 * pending, else (declined or rejected) the dashboard, whose Declined Requests lists it.
 */
function myResponseLink(id: string, status: ResponseStatus | null): string {
  if (status === BOOKED_OFFER) return `/business-confirmed?job=${encodeURIComponent(id)}`;
  return status === PENDING_OFFER ? '/business-active' : '/business-dashboard';
}

/** /respond/{requestId} (spec 3 §2): the request, read-only, then this business's one response. */
export function RespondScreen({ requestId, back = TO_FEED }: { requestId: string; back?: RespondBack }) {
  const navigate = useNavigate();
  const query = useQuery(businessRequestQueryOptions(requestId));
  const isMissing = isApiError(query.error) && query.error.status === 404;
  const isFailed = query.isError && !isMissing;

  // Spec 3 §8: a failed load is reported, then the business goes back to its requests.
  useEffect(() => {
    if (!isFailed) return;
    toast.error('Error', { description: 'Failed to load service request.' });
    void navigate('/business-requests', { replace: true });
  }, [isFailed, navigate]);

  const request = query.data;
  return (
    <Page title="Respond to Request" backTo={back.to} backLabel={back.label}>
      {query.isPending || isFailed ? (
        <RespondSkeleton />
      ) : isMissing || !request ? (
        <EmptyState
          icon={FileQuestion}
          title="Request Not Found"
          description="The service request you're looking for doesn't exist."
          action={
            <Button asChild variant="outline">
              <Link to={back.to}>{back.label}</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
          <div className="grid gap-2">
            <RequestSummaryCard request={request} />
            <CustomerStanding requestId={request.id} />
          </div>
          {request.myResponseId ? (
            <EmptyState
              icon={CircleCheck}
              title={RESPONSE_MESSAGES.alreadyRespondedTitle}
              description={RESPONSE_MESSAGES.alreadyResponded}
              action={
                <Button asChild variant="outline">
                  <Link to={myResponseLink(request.myResponseId, request.myResponseStatus)}>
                    View Your Response
                  </Link>
                </Button>
              }
            />
          ) : (
            <Suspense fallback={<Skeleton className="h-96 w-full rounded-lg" />}>
              <ResponsePanel request={request} cancelTo={back.to} />
            </Suspense>
          )}
        </div>
      )}
    </Page>
  );
}
