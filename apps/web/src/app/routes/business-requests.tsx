import { useQuery } from '@tanstack/react-query';
import { ArrowRight, FileQuestion, X } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { BusinessRequestsView } from '@/features/business-requests/components/business-requests-view';
import { businessRequestQueryOptions } from '@/features/respond/api/get-business-request';
import { RequestSummaryCard } from '@/features/respond/components/request-summary-card';
import { CustomerStanding } from '@/features/two-way-reviews/components/customer-standing';

/**
 * Desktop: the chosen request in full beside the feed (the respond page's read-only card and the
 * customer's standing), and the way to respond. Composed here because it is the respond feature's.
 */
function RequestPreview({ requestId }: { requestId: string }) {
  const query = useQuery(businessRequestQueryOptions(requestId));
  const respondTo = `/respond/${encodeURIComponent(requestId)}`;
  const close = (
    <Link
      to="/business-requests"
      aria-label="Close request"
      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
    >
      <X aria-hidden="true" className="size-4" />
      Close
    </Link>
  );
  if (!query.data) {
    if (query.isPending) return <ListSkeleton rows={2} label="Loading the request" />;
    return (
      <EmptyState
        icon={FileQuestion}
        title="Request Not Found"
        description="The service request you're looking for doesn't exist."
        action={close}
      />
    );
  }
  const request = query.data;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={respondTo} className={buttonClasses({})}>
          {request.myResponseId ? 'View Your Response' : 'Respond to Request'}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {close}
      </div>
      <RequestSummaryCard request={request} />
      <CustomerStanding requestId={request.id} />
    </div>
  );
}

export default function BusinessRequestsPage() {
  return <BusinessRequestsView RequestPreview={RequestPreview} />;
}
