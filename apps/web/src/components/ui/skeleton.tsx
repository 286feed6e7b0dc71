import type { ComponentProps } from 'react';
import { useIsOfflineWithoutData } from '@/lib/use-online-status';
import { cn } from '@/lib/utils';
import { OfflineNotSaved } from './offline-not-saved';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/**
 * A list-shaped placeholder while a page's data or code loads. Every list waits with it, so every
 * list also says so, instead of pulsing forever, when it is offline with data it never had.
 */
export function ListSkeleton({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  const isOfflineWithoutData = useIsOfflineWithoutData();
  if (isOfflineWithoutData) return <OfflineNotSaved />;
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-start gap-3 rounded-lg border border-border bg-background p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}
