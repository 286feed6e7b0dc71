import type { MyRequestDetail } from '@grip/domain';
import { CalendarDays, ChevronDown, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { formatInstant, responseCountLabel } from '@/features/requests/request-display';
import { cn } from '@/lib/utils';
import { ResponseOffer } from './response-offer';

/** One answered request: its header expands in place to list the businesses' offers. */
export function ResponseRequestCard({ request }: { request: MyRequestDetail }) {
  const [isExpanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <article className="rounded-lg border border-border bg-background shadow-sm">
      <h3>
        <button
          type="button"
          className="flex w-full items-start gap-3 rounded-lg p-4 text-left hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? panelId : undefined}
          onClick={() => setExpanded(!isExpanded)}
        >
          <span className="grid min-w-0 flex-1 gap-1.5">
            <span className="text-base font-semibold break-words">{request.title}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-normal text-muted-foreground">
              <span className="flex items-center gap-1">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                <time dateTime={request.createdAt}>Created {formatInstant(request.createdAt)}</time>
              </span>
              <span className="tabular flex items-center gap-1">
                <MessageSquare aria-hidden="true" className="size-4 shrink-0" />
                {responseCountLabel(request.responseCount)}
              </span>
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform',
              isExpanded && 'rotate-180',
            )}
          />
        </button>
      </h3>
      {isExpanded ? (
        <div id={panelId} className="border-t border-border p-3 sm:p-4">
          <ul className="grid gap-3" aria-label={`Offers for ${request.title}`}>
            {request.responses.map((response) => (
              <li key={response.id}>
                <ResponseOffer requestId={request.id} requestStatus={request.status} response={response} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
