import { formatBudget, labelWithDetail, PRODUCT_NAME, type MyRequestDetail } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX, X } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
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

/**
 * 'page': the whole screen (phones), with a back button. 'pane': beside the list on desktop, where
 * the page's heading is My Requests, so the title is a level lower and the button closes the pane.
 */
type DetailsVariant = 'page' | 'pane';
const VariantContext = createContext<DetailsVariant>('page');

/** Leaving the details: back to the list (phones), or closing the pane (desktop). */
function useLeaveDetails(): () => void {
  const variant = useContext(VariantContext);
  const back = useBackToList();
  const navigate = useNavigate();
  return variant === 'pane' ? () => void navigate('/requests') : back;
}

/** The heading row of the details view: the back (or close) button and the title. */
function DetailsHeader({ title, children }: { title: string; children?: ReactNode }) {
  const variant = useContext(VariantContext);
  const leave = useLeaveDetails();
  const Heading = variant === 'pane' ? 'h2' : 'h1';
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className={variant === 'pane' ? '-mr-2 shrink-0' : '-ml-2 shrink-0'}
      aria-label={variant === 'pane' ? 'Close request details' : 'Back to My Requests'}
      onClick={leave}
    >
      {variant === 'pane' ? (
        <X aria-hidden="true" className="size-5" />
      ) : (
        <ArrowLeft aria-hidden="true" className="size-5" />
      )}
    </Button>
  );
  return (
    <div className="flex min-w-0 items-start gap-2">
      {/* Beside the list the page's own title (My Requests) stays. */}
      {variant === 'page' ? <title>{`${title} | ${PRODUCT_NAME}`}</title> : null}
      {variant === 'page' ? button : null}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Request Details</p>
        <Heading className="text-2xl font-bold tracking-tight break-words">{title}</Heading>
        {children}
      </div>
      {variant === 'pane' ? button : null}
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
  return labelWithDetail(time, flexibility);
}

/** The full Request Details view (`/requests?request={id}`): the screen on phones, a pane on desktop. */
export function RequestDetails({ id, variant = 'page' }: { id: string; variant?: DetailsVariant }) {
  return (
    <VariantContext value={variant}>
      <RequestDetailsContent id={id} />
    </VariantContext>
  );
}

function RequestDetailsContent({ id }: { id: string }) {
  const now = useNow();
  const back = useLeaveDetails();
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
