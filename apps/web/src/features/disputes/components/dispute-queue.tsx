import { DISPUTE_MESSAGES, type DisputeQueueItem } from '@grip/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight, RotateCw, Scale } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { ListSkeleton } from '@/components/ui/skeleton';
import { disputeQueueQueryOptions } from '../api/disputes-api';
import { formatDisputeTime } from '../dispute-display';
import { preloadable } from '@/lib/preloadable';

// A case (its record, conversation and the decision form) loads when the administrator opens one.
const DisputeCaseView = preloadable('dispute case', () =>
  import('./dispute-case-view').then((m) => ({ default: m.DisputeCaseView })),
);

/**
 * /admin Disputes (issue 32): disputes a party brought to Grip, the longest waiting first. Opening one
 * shows its case in place (both sides, the photos, the conversation) and the decision.
 */
export function DisputeQueue() {
  const [openId, setOpenId] = useState<string | null>(null);
  if (openId)
    return (
      <Suspense fallback={<ListSkeleton />}>
        <DisputeCaseView disputeId={openId} onBack={() => setOpenId(null)} />
      </Suspense>
    );
  return <QueueList onOpen={setOpenId} />;
}

function QueueList({ onOpen }: { onOpen: (id: string) => void }) {
  const queue = useInfiniteQuery(disputeQueueQueryOptions());

  if (queue.isPending) return <ListSkeleton rows={3} label="Loading the disputes" />;
  if (queue.isError) {
    return (
      <Alert tone="danger" role="alert" className="flex-col items-start">
        <p className="font-semibold">{DISPUTE_MESSAGES.queueLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }
  const items = queue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Scale}
        title={DISPUTE_MESSAGES.queueEmptyTitle}
        description={DISPUTE_MESSAGES.queueEmpty}
      />
    );
  }
  return (
    <div className="grid gap-3">
      <h2 className="text-base font-semibold">{DISPUTE_MESSAGES.queueTitle}</h2>
      <ul className="grid gap-2" aria-label="Escalated disputes">
        {items.map((item) => (
          <QueueRow key={item.id} item={item} onOpen={() => onOpen(item.id)} />
        ))}
      </ul>
      <LoadMore pages={queue} failedText="Couldn't load more disputes." />
    </div>
  );
}

function QueueRow({ item, onOpen }: { item: DisputeQueueItem; onOpen: () => void }) {
  return (
    <li
      className="grid gap-2 rounded-lg border border-border bg-background p-3 text-sm"
      data-testid="dispute-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-semibold break-words">{item.title}</p>
          <p className="text-muted-foreground">
            {item.businessName} · {item.customerName}
          </p>
        </div>
        <Badge tone={item.answerKind === 'fix_offered' ? 'info' : 'neutral'}>
          {item.answerKind ? DISPUTE_MESSAGES.answerHeading[item.answerKind] : 'No answer from the business'}
        </Badge>
      </div>
      <p className="line-clamp-2 break-words">{item.reason}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={item.escalatedAt} className="text-xs text-muted-foreground">
          Escalated {formatDisputeTime(item.escalatedAt)}
        </time>
        <Button size="sm" variant="outline" aria-label={`Open case: ${item.title}`} onClick={onOpen}>
          Open case
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}
