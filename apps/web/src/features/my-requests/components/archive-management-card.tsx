import { Link } from 'react-router';
import { ArchiveByAgeCard, type ArchiveByAgeTexts } from '@/components/ui/archive-by-age-card';
import { useArchiveOldRequests } from '../api/archive-old-requests';

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
const WHERE_TO_RESTORE =
  'Businesses will no longer see them. You can restore any of them from Archived requests in My Requests.';

const CUSTOMER_TEXTS: ArchiveByAgeTexts = {
  title: 'Archive Management',
  description:
    'Archive your old requests to keep My Requests tidy. Archived requests are hidden from businesses, and you can restore them at any time.',
  selectLabel: 'Archive requests',
  ageLabel: (days) => (days === 0 ? 'All requests' : `Older than ${daysText(days)}`),
  action: 'Archive',
  confirmTitle: 'Archive old requests?',
  confirmDescription: (days) =>
    `${days === 0 ? 'All your requests will be archived.' : `Your requests older than ${daysText(days)} will be archived.`} ${WHERE_TO_RESTORE}`,
  confirmAction: 'Archive Requests',
};

/**
 * Customer Settings, Archive Management (spec 2 §7): the customer's own requests by age, through
 * the same call and words (spec 2 §8 'Archive Complete' / 'Archive Failed') as My Requests.
 */
export function ArchiveManagementCard() {
  const archive = useArchiveOldRequests();
  const archived = archive.isSuccess ? archive.data.archived : null;
  return (
    <ArchiveByAgeCard
      texts={CUSTOMER_TEXTS}
      isPending={archive.isPending}
      onArchive={(days, close) => archive.mutate(days, { onSuccess: close })}
    >
      {/* The toast goes away; what happened stays in the card, with where to find the requests. */}
      <p role="status" className="text-sm text-muted-foreground">
        {archived === null ? null : archived === 0 ? (
          'Nothing was old enough to archive.'
        ) : (
          <>
            {archived} {archived === 1 ? 'request' : 'requests'} moved to Archived requests in{' '}
            <Link to="/requests" className="font-medium text-primary underline-offset-4 hover:underline">
              My Requests
            </Link>
            .
          </>
        )}
      </p>
    </ArchiveByAgeCard>
  );
}
