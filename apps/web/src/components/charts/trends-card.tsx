import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

interface TrendsCardProps<T> {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** The trends read: its figures, whether they are still on their way, and how to ask again. */
  trends: { data: T | undefined; isPending: boolean; refetch: () => unknown };
  /** How many charts the card draws: as many placeholders while the figures load. */
  charts: 2 | 3;
  /** What the card is, in the loading and failure texts: 'your trends', 'platform trends'. */
  what: string;
  children: (data: T) => ReactNode;
}

const COLUMNS = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' } as const;

/** A card of weekly charts (issue 33) with the loading and failure states both trend screens share. */
export function TrendsCard<T>({
  id,
  title,
  description,
  trends,
  charts,
  what,
  children,
}: TrendsCardProps<T>) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {trends.data !== undefined ? (
            children(trends.data)
          ) : trends.isPending ? (
            <div role="status" className={`grid gap-4 ${COLUMNS[charts]}`}>
              <span className="sr-only">Loading {what}</span>
              {Array.from({ length: charts }, (_, i) => (
                <Skeleton key={i} className="h-52" />
              ))}
            </div>
          ) : (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm text-destructive">
                {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded.
              </p>
              <Button variant="outline" size="sm" onClick={() => void trends.refetch()}>
                Try again
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
