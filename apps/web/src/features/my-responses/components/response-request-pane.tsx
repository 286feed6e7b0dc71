import type { MyRequestDetail } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { SearchX, X } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { answeredRequestQueryOptions } from '../api/get-answered-request';
import { RequestFactsLine } from './request-facts-line';
import { ResponseOffer } from './response-offer';

/**
 * Desktop: the chosen request's offers beside the list, to compare them (issue 33). What the list
 * already holds shows at once; the request's own read keeps it current.
 */
export function ResponseRequestPane({ id, listed }: { id: string; listed: MyRequestDetail | undefined }) {
  const query = useQuery({ ...answeredRequestQueryOptions(id), placeholderData: listed });
  const request = query.data;
  const close = (
    <Link
      to="/responses"
      aria-label="Close offers"
      className={buttonClasses({ variant: 'ghost', size: 'icon', className: '-mr-2 shrink-0' })}
    >
      <X aria-hidden="true" className="size-5" />
    </Link>
  );

  if (!request) {
    if (query.isPending) return <ListSkeleton rows={2} label="Loading the offers" />;
    const isMissing = isApiError(query.error) && query.error.status === 404;
    return (
      <EmptyState
        icon={SearchX}
        title={isMissing ? "We couldn't find that request." : "We couldn't load the offers."}
        action={
          <Link to="/responses" className={buttonClasses({ variant: 'outline' })}>
            Back to My Responses
          </Link>
        }
      />
    );
  }

  return (
    <div className="grid gap-4 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Offers</p>
          <h2 className="text-xl font-bold tracking-tight break-words">{request.title}</h2>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <RequestFactsLine request={request} />
          </p>
        </div>
        {close}
      </div>
      <ul className="grid gap-3" aria-label={`Offers for ${request.title}`}>
        {request.responses.map((response) => (
          <li key={response.id}>
            <ResponseOffer requestId={request.id} requestStatus={request.status} response={response} />
          </li>
        ))}
      </ul>
    </div>
  );
}
