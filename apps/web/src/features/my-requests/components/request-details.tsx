import { formatBudget, PRODUCT_NAME, type MyRequestDetail } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { myRequestQueryOptions } from '../api/get-my-request';
import {
  formatDateOnly,
  formatInstant,
  locationLabel,
  preferredTimeLabel,
  serviceSubtypeLabel,
  timeFlexibilityLabel,
} from '@/features/requests/request-display';
import { useBackToList } from '../request-links';
import { LoadError } from './load-error';
import { RequestActions } from './request-actions';
import { RequestImages } from '@/features/requests/components/request-images';
import { RequestResponses } from './request-responses';
import { RequestStatusBadge, UrgentBadge } from './request-status-badge';

/** The heading row of the details view: the back button and the title. */
function DetailsHeader({ title, children }: { title: string; children?: ReactNode }) {
  const back = useBackToList();
  return (
    <div className="flex min-w-0 items-start gap-2">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 shrink-0"
        aria-label="Back to My Requests"
        onClick={back}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Button>
      <div className="grid min-w-0 gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Request Details</p>
        <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function preferredTimeText(request: MyRequestDetail): string {
  const flexibility = timeFlexibilityLabel(request.timeFlexibility);
  const time = preferredTimeLabel(request.preferredTime);
  return flexibility ? `${time} (${flexibility})` : time;
}

/** The full Request Details view (`/requests?request={id}`). */
export function RequestDetails({ id }: { id: string }) {
  const now = useNow();
  const back = useBackToList();
  const query = useQuery(myRequestQueryOptions(id));

  if (query.isPending) {
    return (
      <div className="grid gap-5 pb-6">
        <DetailsHeader title="Request Details" />
        <Skeleton className="h-40 w-full" />
        <ListSkeleton rows={2} label="Loading the request" />
      </div>
    );
  }

  if (query.isError) {
    const isMissing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="grid gap-5 pb-6">
        <DetailsHeader title="Request Details" />
        {isMissing ? (
          <EmptyState
            icon={SearchX}
            title="We couldn't find that request."
            description="It may have been removed, or it belongs to another account."
            action={
              <Button asChild variant="outline">
                <Link to="/requests">Back to My Requests</Link>
              </Button>
            }
          />
        ) : (
          <LoadError onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  const request = query.data;
  const subtype = serviceSubtypeLabel(request.serviceType, request.serviceSubtype);

  return (
    <div className="grid gap-5 pb-6">
      <DetailsHeader title={request.title}>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RequestStatusBadge request={request} now={now} />
          {request.isUrgent ? <UrgentBadge /> : null}
          <span>Created {formatInstant(request.createdAt)}</span>
          {request.archivedAt ? <span>· Archived {formatInstant(request.archivedAt)}</span> : null}
        </div>
      </DetailsHeader>

      <Card>
        <CardContent className="grid gap-5 pt-4 sm:pt-5">
          <section className="grid gap-1.5" aria-labelledby="request-description">
            <h2 id="request-description" className="text-sm font-semibold">
              Description
            </h2>
            <p className="text-sm whitespace-pre-line">{request.description}</p>
          </section>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Budget">{formatBudget(request)}</Detail>
            <Detail label="Preferred date">
              {request.preferredDate ? formatDateOnly(request.preferredDate) : 'No preferred date'}
              {request.flexibleDates ? ' (flexible dates)' : ''}
            </Detail>
            <Detail label="Preferred time">{preferredTimeText(request)}</Detail>
            <Detail label="Location">{locationLabel(request)}</Detail>
            <Detail label="Service type">{request.serviceType}</Detail>
            {subtype ? <Detail label="Service">{subtype}</Detail> : null}
          </dl>
          {request.images.length > 0 ? (
            <section className="grid gap-2" aria-labelledby="request-images">
              <h2 id="request-images" className="text-sm font-semibold">
                Photos
              </h2>
              <RequestImages images={request.images} title={request.title} />
            </section>
          ) : null}
          <RequestActions request={request} now={now} editLabel="Edit Request" size="md" onArchived={back} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Responses</CardTitle>
        </CardHeader>
        <CardContent>
          {request.responses.length > 0 ? (
            <div className="grid gap-3">
              <RequestResponses responses={request.responses} />
              <Link
                to="/responses"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Review these offers in My Responses
              </Link>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No businesses have responded yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
