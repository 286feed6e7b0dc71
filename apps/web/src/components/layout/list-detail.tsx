import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/** From 1024 px (the rail's breakpoint) lists show their selected item beside them (issue 33). */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether the screen is wide enough for list and detail side by side; false while drawn on the server. */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}

interface ListDetailProps {
  list: ReactNode;
  /** The selected item's details; null shows `placeholder`. */
  detail: ReactNode | null;
  placeholder: ReactNode;
  /** The detail pane's accessible name. */
  detailLabel: string;
  /**
   * What is selected (from the URL). When it changes to another item, focus moves to the pane, so a
   * keyboard user who chose an item lands on it; a reload or Back that restores it leaves focus alone.
   */
  selectionKey: string | null;
  className?: string;
}

/**
 * A list and the selected item's details side by side, for screens where people compare (desktop
 * only: phones keep their expand-or-navigate behaviour). The pane stays in view while the list
 * scrolls, and scrolls by itself when the details are long.
 */
export function ListDetail({
  list,
  detail,
  placeholder,
  detailLabel,
  selectionKey,
  className,
}: ListDetailProps) {
  const paneRef = useRef<HTMLElement>(null);
  const previous = useRef(selectionKey);
  useEffect(() => {
    if (selectionKey !== null && selectionKey !== previous.current) {
      paneRef.current?.focus({ preventScroll: true });
      paneRef.current?.scrollTo?.({ top: 0 });
    }
    previous.current = selectionKey;
  }, [selectionKey]);

  return (
    <div
      data-testid="list-detail"
      className={cn('grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] items-start gap-6', className)}
    >
      <div data-testid="list-pane" className="grid min-w-0 grid-cols-1 content-start gap-5">
        {list}
      </div>
      <section
        ref={paneRef}
        tabIndex={-1}
        aria-label={detailLabel}
        data-testid="detail-pane"
        className={cn(
          'sticky top-[4.5rem] max-h-[calc(100dvh-5.5rem)] min-w-0 overflow-y-auto rounded-lg',
          'outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        {detail ?? placeholder}
      </section>
    </div>
  );
}

/** What the detail pane shows before anything is chosen. */
export function DetailPlaceholder({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="size-8" />
      <p>{text}</p>
    </div>
  );
}
