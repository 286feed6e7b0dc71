import type { MyRequest } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { myRequestQueryOptions } from '../api/get-my-request';
import { CARD_IMAGE_PREVIEW_LIMIT } from '@/features/requests/request-display';
import { RequestActions } from './request-actions';
import { RequestImages } from '@/features/requests/components/request-images';
import { RequestResponses } from './request-responses';

/**
 * An expanded card: description, up to 3 photos and the businesses' responses (read fresh on
 * expanding); with no responses, the request's own actions instead.
 */
export function RequestExpansion({ request, now }: { request: MyRequest; now: Date }) {
  const detail = useQuery(myRequestQueryOptions(request.id));
  // The detail is fresher than the list row it was expanded from.
  const current = detail.data ?? request;

  return (
    <div className="grid gap-4">
      <p className="text-sm whitespace-pre-line">{current.description}</p>
      <RequestImages images={current.images} title={current.title} limit={CARD_IMAGE_PREVIEW_LIMIT} />
      <section className="grid gap-2" aria-label="Responses">
        <h4 className="text-sm font-semibold">Responses</h4>
        {detail.isPending ? (
          <ListSkeleton rows={1} label="Loading responses" />
        ) : detail.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p>We couldn't load the responses.</p>
            <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Retry
            </Button>
          </div>
        ) : detail.data.responses.length > 0 ? (
          <>
            <RequestResponses responses={detail.data.responses} />
            <Link
              to="/responses"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Review these offers in My Responses
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">No businesses have responded yet.</p>
            <RequestActions request={current} now={now} />
          </>
        )}
      </section>
    </div>
  );
}
