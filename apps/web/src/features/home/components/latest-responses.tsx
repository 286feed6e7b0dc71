import { formatCurrency, formatDate, ratingSummary } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { requestQueryOptions } from '@/features/requests/api/get-request-for-edit';

/** The responses mode: the real responses to the request just posted (the original showed samples). */
export function LatestResponses({ requestId }: { requestId: string }) {
  const { data, isPending, isError } = useQuery({
    ...requestQueryOptions(requestId),
    refetchInterval: 30_000,
  });
  if (isPending) return <ListSkeleton rows={2} label="Loading responses" />;
  if (isError)
    return <p className="text-sm text-muted-foreground">Responses could not be loaded right now.</p>;
  if (data.responses.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No responses yet"
        description="Businesses have been told about your request. Their offers will appear here and in My Requests."
      />
    );
  }
  return (
    <ul className="grid gap-2" aria-label={`Responses to ${data.title}`}>
      {data.responses.map((r) => (
        <li key={r.id} className="grid gap-1 rounded-lg border border-border bg-background p-4">
          <div className="flex items-center justify-between gap-2">
            <span className="font-semibold">{r.businessName}</span>
            {r.quotedPrice ? (
              <span className="font-semibold">
                {formatCurrency(r.quotedPrice)}
                {r.priceType === 'hourly' ? '/hr' : ''}
              </span>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">{ratingSummary(r.ratingAverage, r.reviewCount)}</p>
          {r.message ? <p className="text-sm text-muted-foreground">{r.message}</p> : null}
          <p className="text-xs text-muted-foreground">Received {formatDate(new Date(r.createdAt))}</p>
        </li>
      ))}
      <li>
        <Link to="/requests" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Compare and book in My Requests
        </Link>
      </li>
    </ul>
  );
}
