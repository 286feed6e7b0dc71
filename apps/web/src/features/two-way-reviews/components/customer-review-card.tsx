import { TWO_WAY_MESSAGES } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatInstant } from '@/features/requests/request-display';
import { customerReviewQuery } from '../api/two-way-reviews-api';
import { ReviewStars } from './review-stars';
import { LazyFormPart } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const ReviewForm = preloadable('customer-review-form', () =>
  import('./customer-review-form').then((m) => ({ default: m.ReviewForm })),
);

/**
 * The business reviews the customer of a completed job (issue 32): stars and words, once; until the
 * customer reviews too (or 14 days pass) it is hidden from them, and the card says until when.
 */
export function CustomerReviewCard({ jobId, customerName }: { jobId: string; customerName: string }) {
  const state = useQuery(customerReviewQuery(jobId));
  if (!state.data || (!state.data.canReview && !state.data.review)) return null;
  const review = state.data.review;
  return (
    <Card role="region" aria-labelledby={`customer-review-${jobId}`}>
      <CardHeader>
        <CardTitle id={`customer-review-${jobId}`}>{TWO_WAY_MESSAGES.reviewCustomerTitle}</CardTitle>
        <CardDescription>{TWO_WAY_MESSAGES.reviewCustomerHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {review ? (
          <div className="grid gap-1 text-sm" data-testid="my-customer-review">
            <p className="flex items-center gap-2">
              <span className="text-muted-foreground">Your review of {customerName}</span>
              <ReviewStars rating={review.rating} />
            </p>
            {review.reviewText ? (
              <p className="break-words whitespace-pre-line">{review.reviewText}</p>
            ) : null}
            <p className="text-muted-foreground">
              {review.isRevealed
                ? 'Shown to other businesses.'
                : TWO_WAY_MESSAGES.hiddenUntil(formatInstant(review.revealedAt))}
            </p>
          </div>
        ) : (
          <LazyFormPart>
            <ReviewForm jobId={jobId} />
          </LazyFormPart>
        )}
      </CardContent>
    </Card>
  );
}
