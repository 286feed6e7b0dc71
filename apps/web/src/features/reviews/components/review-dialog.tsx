import {
  formatCurrency,
  formatDate,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX_LENGTH,
  reviewProgressLabel,
  reviewSubmitLabel,
  type PendingReview,
} from '@grip/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitReview } from '../api/use-submit-review';
import { StarRating } from './star-rating';

export interface ReviewProgress {
  /** 0-based position of this job in the gate's queue. */
  index: number;
  total: number;
}

export interface ReviewDialogProps {
  job: PendingReview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Given by the review gate: shows 'Review k of n', words the button 'Next Review'/'Finish Reviews'
   * and stops Esc from closing it (only finishing, or the explicit Later button, does).
   */
  progress?: ReviewProgress;
  /** Runs once this job has left the customer's queue (reviewed, or no longer reviewable). */
  onReviewed?: (job: PendingReview) => void;
}

/**
 * 'Rate Your Experience' (spec 1 §2, spec 2 "Review dialog", §5): a modal that a click outside never
 * closes. Usable for one job (Job History) or, with `progress`, as a step of the review gate.
 */
export function ReviewDialog({ job, open, onOpenChange, progress, onReviewed }: ReviewDialogProps) {
  const inGate = progress !== undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideClose={inGate}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          if (inGate) event.preventDefault();
        }}
      >
        {/* Mounted only while open and keyed by job, so each job starts with no stars and no text. */}
        {open ? (
          <ReviewForm
            key={job.responseId}
            job={job}
            progress={progress}
            onLater={() => onOpenChange(false)}
            onDone={() => {
              onReviewed?.(job);
              // Alone, the dialog closes; the gate moves on to the next job itself.
              if (!inGate) onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface ReviewFormProps {
  job: PendingReview;
  progress?: ReviewProgress;
  onLater: () => void;
  onDone: () => void;
}

function ReviewForm({ job, progress, onLater, onDone }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const submit = useSubmitReview(onDone);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (rating === 0) {
      toast.error(REVIEW_MESSAGES.ratingRequiredTitle, { description: REVIEW_MESSAGES.ratingRequired });
      return;
    }
    submit.mutate({ responseId: job.responseId, rating, reviewText: text.trim() || null });
  };

  const price = `${formatCurrency(job.quotedPrice)}${job.priceType === 'hourly' ? ' per hour' : ''}`;
  const completed = new Date(job.completionDate);

  return (
    <form className="grid gap-4" onSubmit={onSubmit}>
      <DialogHeader>
        {progress ? (
          <p
            className="text-xs font-semibold tracking-wide text-primary uppercase"
            data-testid="review-progress"
          >
            {reviewProgressLabel(progress.index, progress.total)}
          </p>
        ) : null}
        <DialogTitle>{REVIEW_MESSAGES.dialogTitle}</DialogTitle>
        <DialogDescription>
          How did <span className="font-semibold text-foreground">{job.businessName}</span> do?
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-muted p-3 text-sm">
        <dt className="text-muted-foreground">Job</dt>
        <dd>{job.requestTitle}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="tabular">{price}</dd>
        <dt className="text-muted-foreground">Completed</dt>
        <dd>{Number.isNaN(completed.getTime()) ? '—' : formatDate(completed)}</dd>
      </dl>

      <div className="grid gap-1.5">
        <span id={`${id}-rating`} className="text-sm font-medium">
          Your rating
        </span>
        <StarRating
          value={rating}
          onChange={setRating}
          labelledBy={`${id}-rating`}
          disabled={submit.isPending}
        />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>Your review (optional)</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          rows={4}
          placeholder="What went well, and what could be better?"
          disabled={submit.isPending}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={`${id}-count`} className="tabular text-right text-xs text-muted-foreground">
          {text.length}/{REVIEW_TEXT_MAX_LENGTH}
        </p>
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onLater} disabled={submit.isPending}>
          Later
        </Button>
        <Button type="submit" disabled={rating === 0} isLoading={submit.isPending}>
          {progress ? reviewSubmitLabel(progress.index, progress.total) : 'Submit Review'}
        </Button>
      </DialogFooter>
    </form>
  );
}
