import type { ReactNode } from 'react';

/**
 * A settings page's cards: one column on phones and tablets (as the page's own grid), two balanced
 * columns from 1024 px (issue 33), each card kept whole. Columns keep the reading and tab order:
 * down the first column, then the second.
 */
export function CardColumns({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="card-columns"
      className="grid gap-5 lg:block lg:columns-2 lg:gap-5 lg:*:mb-5 lg:*:break-inside-avoid"
    >
      {children}
    </div>
  );
}
