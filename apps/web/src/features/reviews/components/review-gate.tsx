import { REVIEW_MESSAGES, type PendingReview } from '@grip/domain';
import { ClipboardCheck } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { preloadable } from '@/lib/preloadable';
import { markWelcomed, wasWelcomed } from './gate-welcome';

// The review form's code (stars, words, photos) loads once the home has drawn, not with it.
const ReviewDialog = preloadable('review gate dialog', () =>
  import('./review-dialog').then((m) => ({ default: m.ReviewDialog })),
);

interface ReviewGateProps {
  /** The pending jobs, oldest completion first; the gate is only mounted while there are some. */
  items: PendingReview[];
}

/**
 * The review gate on the customer home (spec 2 §4): a banner with 'Review now', a welcome dialog once
 * per visit, and the jobs reviewed one by one. The queue is fixed when reviewing starts, so 'Review k
 * of n' keeps counting while each finished job drops out of the refreshed list.
 */
export function ReviewGate({ items }: ReviewGateProps) {
  const me = useCurrentUser();
  const userId = me.user.id;
  const [welcomeOpen, setWelcomeOpen] = useState(() => !wasWelcomed(userId));
  const [queue, setQueue] = useState<PendingReview[] | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (welcomeOpen) markWelcomed(userId);
  }, [welcomeOpen, userId]);

  // Mounted only while reviews are pending: the dialog is about to be wanted.
  useEffect(() => {
    ReviewDialog.preload().catch(() => undefined);
  }, []);

  const start = () => {
    setWelcomeOpen(false);
    setQueue(items);
    setIndex(0);
  };

  const next = () => {
    if (!queue || index + 1 >= queue.length) {
      // The last one: the refreshed list is empty and the home drops the gate.
      setQueue(null);
      return;
    }
    setIndex(index + 1);
  };

  const current = queue?.[index];

  return (
    <>
      <Alert tone="warning" role="status" className="flex-col items-start sm:flex-row sm:items-center">
        <ClipboardCheck aria-hidden="true" className="size-5 shrink-0" />
        <p className="flex-1">{REVIEW_MESSAGES.gateBanner}</p>
        <Button size="sm" onClick={start}>
          Review now
        </Button>
      </Alert>

      <Dialog open={welcomeOpen} onOpenChange={setWelcomeOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{REVIEW_MESSAGES.gateWelcomeTitle}</DialogTitle>
            <DialogDescription>{REVIEW_MESSAGES.gateWelcome}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setWelcomeOpen(false)}>
              Later
            </Button>
            <Button onClick={start}>Start Reviews</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {current && queue ? (
        <Suspense fallback={null}>
          <ReviewDialog
            job={current}
            open
            onOpenChange={(open) => {
              // Only the Later button gets here (Esc and outside clicks are blocked): the gate stays.
              if (!open) setQueue(null);
            }}
            progress={{ index, total: queue.length }}
            onReviewed={next}
          />
        </Suspense>
      ) : null}
    </>
  );
}
