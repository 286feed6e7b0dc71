import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  ArchiveByAgeCard,
  type ArchiveAgeDays,
  type ArchiveByAgeTexts,
} from '@/components/ui/archive-by-age-card';
import { queryKeys } from '@/lib/query-keys';
import { archiveOldResponses } from '../api/archive-old';

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

const BUSINESS_TEXTS: ArchiveByAgeTexts = {
  title: 'Archive Management',
  description:
    'Archive your old responses to keep the dashboard tidy. Jobs still in progress are never archived.',
  selectLabel: 'Archive responses',
  ageLabel: (days) => (days === 0 ? 'All responses' : `Older than ${daysText(days)}`),
  action: 'Archive',
  confirmTitle: 'Archive old responses?',
  confirmDescription: (days) =>
    days === 0
      ? 'All your responses will be archived, except jobs still in progress.'
      : `Your responses older than ${daysText(days)} will be archived, except jobs still in progress.`,
  confirmAction: 'Archive Responses',
};

/** Archive Management (spec 3 §6): archive this business's own responses by age; live jobs stay. */
export function ArchiveCard() {
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: (daysOld: ArchiveAgeDays) => archiveOldResponses(daysOld),
    onSuccess: async (archived) => {
      toast.success('Business Data Archived', {
        description: `${archived} ${archived === 1 ? 'response' : 'responses'} archived.`,
      });
      // Archived responses leave the dashboard and the business's lists.
      await queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
    onError: () => {
      toast.error('Archive Failed', { description: 'Failed to archive business data. Please try again.' });
    },
  });
  return (
    <ArchiveByAgeCard
      texts={BUSINESS_TEXTS}
      isPending={archive.isPending}
      onArchive={(days, close) => archive.mutate(days, { onSuccess: close })}
    />
  );
}
