import type { MyRequest } from '@grip/domain';
import { Archive, ArchiveRestore, Pencil, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonSize } from '@/components/ui/button';
import { useReviewGate } from '@/features/reviews/use-review-gate';
import { useArchiveRequest } from '../api/archive-request';
import { useRestoreRequest } from '../api/restore-request';
import { useResubmitRequest } from '../api/resubmit-request';
import { requestActionsOf } from '../request-facts';
import { ArchiveRequestDialog } from './archive-request-dialog';

export const GATED_RESUBMIT_HINT = 'Review your completed services before resubmitting a request.';

interface RequestActionsProps {
  request: MyRequest;
  now: Date;
  /** 'Edit' on a card, 'Edit Request' in the details view (spec 2 §2). */
  editLabel?: string;
  size?: ButtonSize;
  /** After a confirmed archive succeeds (the details view then returns to the list). */
  onArchived?: () => void;
}

/** Edit, Resubmit and Archive (or Restore) as the request's state allows. */
export function RequestActions({
  request,
  now,
  editLabel = 'Edit',
  size = 'sm',
  onArchived,
}: RequestActionsProps) {
  const navigate = useNavigate();
  const resubmit = useResubmitRequest();
  const archive = useArchiveRequest();
  const restore = useRestoreRequest();
  const [isConfirmingArchive, setConfirmingArchive] = useState(false);
  const { canEdit, canResubmit, canArchive, canRestore } = requestActionsOf(request, now);
  // Resubmitting asks businesses for work like a new request, so the review gate holds it back too.
  const { isGated } = useReviewGate(canResubmit);
  const gateHintId = useId();

  if (!canEdit && !canResubmit && !canArchive && !canRestore) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {canEdit ? (
        <Button
          variant="outline"
          size={size}
          onClick={() => void navigate(`/?edit=${encodeURIComponent(request.id)}`)}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {editLabel}
        </Button>
      ) : null}
      {canResubmit ? (
        <Button
          size={size}
          isLoading={resubmit.isPending}
          disabled={isGated}
          aria-describedby={isGated ? gateHintId : undefined}
          onClick={() => resubmit.mutate(request.id)}
        >
          {resubmit.isPending ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          Resubmit
        </Button>
      ) : null}
      {canArchive ? (
        <Button variant="destructive-outline" size={size} onClick={() => setConfirmingArchive(true)}>
          <Archive aria-hidden="true" className="size-4" />
          Archive
        </Button>
      ) : null}
      {canRestore ? (
        <Button
          variant="outline"
          size={size}
          isLoading={restore.isPending}
          onClick={() => restore.mutate(request.id)}
        >
          {restore.isPending ? null : <ArchiveRestore aria-hidden="true" className="size-4" />}
          Restore
        </Button>
      ) : null}
      {canResubmit && isGated ? (
        <p id={gateHintId} className="basis-full text-sm text-muted-foreground">
          {GATED_RESUBMIT_HINT}
        </p>
      ) : null}
      <ArchiveRequestDialog
        open={isConfirmingArchive}
        onOpenChange={setConfirmingArchive}
        requestTitle={request.title}
        isPending={archive.isPending}
        onConfirm={() =>
          archive.mutate(request.id, {
            onSuccess: () => {
              setConfirmingArchive(false);
              onArchived?.();
            },
          })
        }
      />
    </div>
  );
}
