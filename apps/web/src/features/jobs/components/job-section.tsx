import { JOB_MESSAGES, JOB_SECTION_TITLES, type BusinessJob, type JobSection as Section } from '@grip/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { jobsQueryOptions } from '../api/jobs-api';
import { JobCard } from './job-card';

const EMPTY_TEXTS: Record<Section, string> = {
  active: "No active jobs yet. Once users select your responses, they'll appear here.",
  completed: 'No completed jobs yet.',
};

interface JobSectionProps {
  section: Section;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onQuickComplete: (job: BusinessJob) => void;
}

/** A collapsible list of bookings, read when opened, a page at a time. */
export function JobSection({ section, isOpen, onOpenChange, onQuickComplete }: JobSectionProps) {
  const contentId = useId();
  const title = JOB_SECTION_TITLES[section];
  const pages = useInfiniteQuery({ ...jobsQueryOptions(section), enabled: isOpen });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="grid gap-3">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 text-left text-base font-semibold shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={isOpen}
          aria-controls={isOpen ? contentId : undefined}
          onClick={() => onOpenChange(!isOpen)}
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 text-muted-foreground transition-transform', isOpen && 'rotate-180')}
          />
        </button>
      </h2>
      {isOpen ? (
        <div id={contentId} className="grid gap-3">
          {pages.isPending ? (
            <ListSkeleton rows={2} label={`Loading ${title.toLowerCase()}`} />
          ) : pages.isError && items.length === 0 ? (
            <div
              role="alert"
              className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-900"
            >
              <p>{JOB_MESSAGES.loadFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-background px-4 py-6 text-center text-sm text-muted-foreground">
              {EMPTY_TEXTS[section]}
            </p>
          ) : (
            <>
              <ul className="grid gap-3 lg:grid-cols-2" aria-label={title}>
                {items.map((job) => (
                  <li key={job.id}>
                    <JobCard job={job} onQuickComplete={onQuickComplete} />
                  </li>
                ))}
              </ul>
              {pages.isFetchNextPageError ? (
                <p role="alert" className="text-center text-sm text-destructive">
                  {JOB_MESSAGES.loadFailed}
                </p>
              ) : null}
              {pages.hasNextPage ? (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  disabled={pages.isFetchingNextPage}
                  onClick={() => void pages.fetchNextPage()}
                >
                  Load more
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
