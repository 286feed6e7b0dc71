import { CALENDAR_MESSAGES as M, formatDate } from '@grip/domain';
import { CalendarSync, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCalendarFeed, useCreateCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed';
import { ConfirmFeedChangeDialog } from './confirm-feed-change-dialog';
import { FeedLink } from './feed-link';

type Confirming = 'reset' | 'turn-off' | null;

/**
 * Settings: the account's private calendar feed (issue 32). Off: one button makes the link. On: when
 * it was made, Reset link (the old one stops at once) and Turn off, each confirmed first. A new link is
 * shown once, right after it is made.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const makeLink = (isReset: boolean) =>
    create.mutate(undefined, {
      onSuccess: ({ url }) => {
        setShownUrl(url);
        setConfirming(null);
        toast.success(isReset ? M.reset : M.created);
      },
      onError: () => toast.error(M.createFailed),
    });
  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setShownUrl(null);
        setConfirming(null);
        toast.success(M.turnedOff);
      },
      onError: () => toast.error(M.turnOffFailed),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.feedTitle}</CardTitle>
        <CardDescription>{M.feedDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <ListSkeleton rows={1} label={M.loading} />
        ) : feed.isError ? (
          <Alert tone="danger" role="alert" className="flex-col items-start">
            <p>{M.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {M.tryAgain}
            </Button>
          </Alert>
        ) : feed.data.active ? (
          <>
            <p className="text-sm">
              {M.feedOnSince(feed.data.createdAt ? formatDate(new Date(feed.data.createdAt)) : '')}
            </p>
            {shownUrl ? <FeedLink url={shownUrl} /> : null}
            <p className="text-sm text-muted-foreground">{M.feedPrivate}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setConfirming('reset')}>
                <RotateCw aria-hidden="true" className="size-4" />
                {M.resetFeed}
              </Button>
              <Button variant="destructive-outline" onClick={() => setConfirming('turn-off')}>
                {M.turnOffFeed}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{M.feedOff}</p>
            <Button
              variant="outline"
              className="justify-self-start"
              isLoading={create.isPending}
              onClick={() => makeLink(false)}
            >
              <CalendarSync aria-hidden="true" className="size-4" />
              {M.createFeed}
            </Button>
          </>
        )}
      </CardContent>
      <ConfirmFeedChangeDialog
        open={confirming === 'reset'}
        onOpenChange={(open) => setConfirming(open ? 'reset' : null)}
        title={M.resetTitle}
        consequence={M.resetConsequence}
        confirmLabel={M.resetConfirm}
        confirmVariant="primary"
        isPending={create.isPending}
        onConfirm={() => makeLink(true)}
      />
      <ConfirmFeedChangeDialog
        open={confirming === 'turn-off'}
        onOpenChange={(open) => setConfirming(open ? 'turn-off' : null)}
        title={M.turnOffTitle}
        consequence={M.turnOffConsequence}
        confirmLabel={M.turnOffConfirm}
        confirmVariant="destructive"
        isPending={turnOff.isPending}
        onConfirm={stop}
      />
    </Card>
  );
}
