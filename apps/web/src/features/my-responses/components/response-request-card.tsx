import type { MyRequestDetail } from '@grip/domain';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { RequestFactsLine } from './request-facts-line';
import { ResponseOffer } from './response-offer';

const HEADER_CLASSES =
  'flex w-full items-start gap-3 rounded-lg p-4 text-left hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Summary({ request }: { request: MyRequestDetail }) {
  return (
    <span className="grid min-w-0 flex-1 gap-1.5">
      <span className="text-base font-semibold break-words">{request.title}</span>
      <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-normal text-muted-foreground">
        <RequestFactsLine request={request} />
      </span>
    </span>
  );
}

/**
 * One answered request. On phones its header expands in place to list the businesses' offers; on
 * desktop (`isSelected` given) it is a link that shows them in the pane beside the list.
 */
export function ResponseRequestCard({
  request,
  isSelected,
}: {
  request: MyRequestDetail;
  isSelected?: boolean;
}) {
  if (isSelected !== undefined) {
    return (
      <article
        className={cn(
          'rounded-lg border border-border bg-background shadow-sm',
          isSelected && 'border-primary ring-1 ring-primary',
        )}
      >
        <h3>
          <Link
            to={`/responses?request=${encodeURIComponent(request.id)}`}
            aria-current={isSelected ? 'true' : undefined}
            className={cn(HEADER_CLASSES, isSelected && 'bg-accent/60')}
          >
            <Summary request={request} />
          </Link>
        </h3>
      </article>
    );
  }
  return <ExpandingCard request={request} />;
}

function ExpandingCard({ request }: { request: MyRequestDetail }) {
  const [isExpanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <article className="rounded-lg border border-border bg-background shadow-sm">
      <h3>
        <button
          type="button"
          className={HEADER_CLASSES}
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? panelId : undefined}
          onClick={() => setExpanded(!isExpanded)}
        >
          <Summary request={request} />
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
