import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface OpportunityGroupProps {
  title: string;
  count: number;
  defaultOpen: boolean;
  emptyText: string;
  children: ReactNode[];
}

/** A collapsible group of opportunities with its count in the header. */
export function OpportunityGroup({ title, count, defaultOpen, emptyText, children }: OpportunityGroupProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <section className="grid gap-3">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 text-left text-base font-semibold shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          onClick={() => setOpen(!open)}
        >
          <span className="flex items-center gap-2">
            {title}
            <span className="tabular rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              {count}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 text-muted-foreground transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      {open ? (
        <div id={contentId}>
          {children.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-background px-4 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </p>
          ) : (
            <ul className="grid gap-3" aria-label={title}>
              {children}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
