import type { MyRequest } from '@grip/domain';
import { ArchiveRestore } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useRestoreRequest } from '../api/restore-request';
import { formatInstant } from '@/features/requests/request-display';
import { FROM_LIST_STATE, requestDetailsLink } from '../request-links';

/** An archived request with a working Restore (the original only said "Feature Coming Soon"). */
export function ArchivedRequestItem({ request }: { request: MyRequest }) {
  const restore = useRestoreRequest();
  return (
    <article className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-background p-4">
      <div className="grid min-w-0 gap-1">
        <h3 className="text-base font-semibold">
          <Link
            to={requestDetailsLink(request.id)}
            state={FROM_LIST_STATE}
            className="underline-offset-4 hover:underline"
          >
            {request.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">
          Created {formatInstant(request.createdAt)}
          {request.archivedAt ? ` · Archived ${formatInstant(request.archivedAt)}` : null}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        isLoading={restore.isPending}
        onClick={() => restore.mutate(request.id)}
      >
        {restore.isPending ? null : <ArchiveRestore aria-hidden="true" className="size-4" />}
        Restore <span className="sr-only">{request.title}</span>
      </Button>
    </article>
  );
}
