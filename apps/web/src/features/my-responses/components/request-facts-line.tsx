import type { MyRequestDetail } from '@grip/domain';
import { CalendarDays, MessageSquare } from 'lucide-react';
import { formatInstant, responseCountLabel } from '@/features/requests/request-display';

/** When a request was made and how many responses it has: on its card and in the desktop pane. */
export function RequestFactsLine({ request }: { request: MyRequestDetail }) {
  return (
    <>
      <span className="flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <time dateTime={request.createdAt}>Created {formatInstant(request.createdAt)}</time>
      </span>
      <span className="tabular flex items-center gap-1">
        <MessageSquare aria-hidden="true" className="size-4 shrink-0" />
        {responseCountLabel(request.responseCount)}
      </span>
    </>
  );
}
