import { JOB_MESSAGES, JOB_SECTION_TITLES, type BusinessJob, type JobSection as Section } from '@grip/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedSection } from '@/components/ui/paged-section';
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
  const pages = useInfiniteQuery({ ...jobsQueryOptions(section), enabled: isOpen });
  return (
    <PagedSection
      title={JOB_SECTION_TITLES[section]}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      pages={pages}
      emptyText={EMPTY_TEXTS[section]}
      loadFailedText={JOB_MESSAGES.loadFailed}
      keyOf={(job) => job.id}
      renderItem={(job) => <JobCard job={job} onQuickComplete={onQuickComplete} />}
      listClassName="lg:grid-cols-2"
    />
  );
}
