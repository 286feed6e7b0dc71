import { PRODUCT_NAME } from '@grip/domain';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';

interface PageProps {
  title: string;
  subtitle?: ReactNode;
  /** Where the back button leads; no back button when omitted. */
  backTo?: string;
  backLabel?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A signed-in page: document title, optional back button, the h1 heading and subtitle, then content. */
export function Page({ title, subtitle, backTo, backLabel = 'Back', actions, children }: PageProps) {
  return (
    <div className="grid gap-5 pb-6">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-2">
          {backTo ? (
            <Link
              to={backTo}
              aria-label={backLabel}
              className={buttonClasses({ variant: 'ghost', size: 'icon', className: '-ml-2 shrink-0' })}
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
            </Link>
          ) : null}
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** What a page looks like while its code loads. */
export function PageSkeleton() {
  return (
    <div className="grid gap-5">
      <Skeleton className="h-8 w-1/2" />
      <ListSkeleton rows={3} />
    </div>
  );
}
