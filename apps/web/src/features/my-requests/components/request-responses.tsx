import type { RequestResponseSummary } from '@grip/domain';
import { CalendarDays, Store } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  formatDateOnly,
  quotedPriceLabel,
  responseStatusLabel,
  responseStatusTone,
} from '../request-display';

/** The businesses' answers to a request: name, quote, status and when they are available. */
export function RequestResponses({ responses }: { responses: readonly RequestResponseSummary[] }) {
  return (
    <ul className="grid gap-2" aria-label="Business responses">
      {responses.map((response) => (
        <li key={response.id} className="grid gap-1.5 rounded-md border border-border bg-surface p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-2 font-medium">
              <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{response.businessName}</span>
            </span>
            <Badge tone={responseStatusTone(response.status)}>{responseStatusLabel(response)}</Badge>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="tabular font-semibold">{quotedPriceLabel(response)}</span>
            {response.availabilityDate ? (
              <span className="flex items-center gap-1 text-muted-foreground">
                <CalendarDays aria-hidden="true" className="size-4" />
                Available {formatDateOnly(response.availabilityDate)}
                {response.availabilityTime ? ` at ${response.availabilityTime.slice(0, 5)}` : ''}
              </span>
            ) : null}
          </div>
          {response.message ? (
            <p className="line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">
              {response.message}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
