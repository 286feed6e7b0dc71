import { ASSISTANT_CAROUSEL_PAGE_SIZE, ASSISTANT_CAROUSEL_ROTATION_MS, rotatingWindow } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { serviceCategoriesQueryOptions } from '@/features/catalogue/api/get-service-categories';
import { categoryNamesOf } from '../category-names';
import { usePrefersReducedMotion, useRotation } from '../hooks/use-rotation';
import { CategoryIcon } from './category-icon';

/**
 * The service categories, four at a time, moving on every 10 s when there are more than four (spec 2
 * §9). It holds still while the pointer or focus is inside it, or when reduced motion is preferred,
 * and the arrows page by hand.
 */
export function CategoryCarousel({ onPick }: { onPick: (category: string) => void }) {
  const categories = useQuery(serviceCategoriesQueryOptions);
  const names = categoryNamesOf(categories.data ?? []);
  const pageCount = Math.ceil(names.length / ASSISTANT_CAROUSEL_PAGE_SIZE);
  const [isHeld, setHeld] = useState(false);
  const headingId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const rotates = names.length > ASSISTANT_CAROUSEL_PAGE_SIZE;
  const [page, setPage] = useRotation(
    pageCount,
    ASSISTANT_CAROUSEL_ROTATION_MS,
    rotates && !isHeld && !reducedMotion,
  );

  if (categories.isPending) {
    return (
      <div className="@container" aria-hidden="true">
        <div className="grid grid-cols-2 gap-2 @3xl:grid-cols-4">
          {Array.from({ length: ASSISTANT_CAROUSEL_PAGE_SIZE }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      </div>
    );
  }
  if (categories.isError) {
    return <p className="text-sm text-muted-foreground">Categories can't be shown right now.</p>;
  }
  if (names.length === 0) return null;

  const shown = rotates ? rotatingWindow(names, page, ASSISTANT_CAROUSEL_PAGE_SIZE) : names;
  const step = (delta: number) => setPage((p) => (((p + delta) % pageCount) + pageCount) % pageCount);

  return (
    <section
      aria-labelledby={headingId}
      className="@container grid gap-2"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xs font-medium text-muted-foreground">
          Or browse by category
        </h3>
        {rotates ? (
          <div className="flex items-center gap-1">
            <span className="text-xs text-muted-foreground tabular-nums" data-testid="carousel-page">
              {page + 1} / {pageCount}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Previous categories"
              onClick={() => step(-1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Next categories"
              onClick={() => step(1)}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
      </div>
      {/* Four across only where each card has room for its name (the assistant's own width, not the
          screen's: on a tablet it is two across). */}
      <ul className="grid grid-cols-2 gap-2 @3xl:grid-cols-4">
        {shown.map((name) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => onPick(name)}
              className="flex h-full min-h-16 w-full items-center gap-2 rounded-md border border-border bg-background p-3 text-left text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <CategoryIcon category={name} className="size-5 shrink-0 text-primary" />
              <span className="min-w-0 break-words">{withBreaksAfterSlashes(name)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Occasional/Seasonal" may wrap after its slash, never inside a word. */
function withBreaksAfterSlashes(name: string): ReactNode {
  const parts = name.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
