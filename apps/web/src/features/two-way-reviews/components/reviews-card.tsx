import { TWO_WAY_MESSAGES, type ReviewEntry } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareReply, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ReportButton } from '@/features/moderation/components/report-button';
import { formatInstant } from '@/features/requests/request-display';
import { myReviewsQuery } from '../api/two-way-reviews-api';
import { ReviewStars } from './review-stars';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const ReplyForm = preloadable('review-reply-form', () =>
  import('./review-reply-form').then((m) => ({ default: m.ReplyForm })),
);
const preloadReplyForm = () => void ReplyForm.preload().catch(() => undefined);

/**
 * Settings: reviews of the account that show, with one public reply each, and the reviews it wrote —
 * with when each shows while the double-blind rule holds it back (issue 32).
 */
export function ReviewsCard({ isBusiness }: { isBusiness: boolean }) {
  const reviews = useQuery(myReviewsQuery());
  return (
    <Card role="region" aria-labelledby="reviews-card-title">
      <CardHeader>
        <CardTitle id="reviews-card-title">Reviews</CardTitle>
        <CardDescription>
          {isBusiness
            ? 'What customers said about your work, and what you said about them.'
            : 'What businesses said about you, and what you said about them.'}{' '}
          A review shows once both sides have written one, or 14 days after the job was completed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {reviews.isPending ? (
          <ListSkeleton rows={2} label="Loading reviews" />
        ) : reviews.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{TWO_WAY_MESSAGES.reviewsLoadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Retry
            </Button>
          </div>
        ) : reviews.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TWO_WAY_MESSAGES.reviewsEmpty}</p>
        ) : (
          <ul className="grid gap-3" aria-label="Reviews">
            {reviews.data.items.map((r) => (
              <ReviewItem key={`${r.direction}-${r.id}`} review={r} isBusiness={isBusiness} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReviewItem({ review, isBusiness }: { review: ReviewEntry; isBusiness: boolean }) {
  const [replying, setReplying] = useState(false);
  // Reviews of a business are customers' (of_business); a business's own are of customers.
  const isOfMe = (review.direction === 'of_business') === isBusiness;
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-3 text-sm" data-testid="review-entry">
      <p className="flex flex-wrap items-center gap-2">
        <ReviewStars rating={review.rating} />
        <span className="font-medium">
          {isOfMe ? `${review.otherPartyName} reviewed you` : `You reviewed ${review.otherPartyName}`}
        </span>
        <span className="text-muted-foreground">· {review.jobTitle}</span>
      </p>
      {review.reviewText ? <p className="break-words whitespace-pre-line">{review.reviewText}</p> : null}
      {/* A review of you once it shows, or the other side's reply to yours (the server's rule too). */}
      {(isOfMe && review.isRevealed) || (!isOfMe && review.reply) ? (
        <ReportButton targetKind="review" targetId={review.id} look="text" />
      ) : null}
      {!review.isRevealed ? (
        <p className="text-muted-foreground">
          {TWO_WAY_MESSAGES.hiddenUntil(formatInstant(review.revealedAt))}
        </p>
      ) : null}
      {review.reply ? (
        <blockquote className="border-l-2 border-border pl-3">
          <span className="text-xs text-muted-foreground">
            {isOfMe ? 'Your reply' : 'Their reply'} · {formatInstant(review.reply.repliedAt)}
          </span>
          <p className="break-words whitespace-pre-line">{review.reply.text}</p>
        </blockquote>
      ) : null}
      {review.canReply && !replying ? (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => setReplying(true)}
          onPointerEnter={preloadReplyForm}
          onFocus={preloadReplyForm}
        >
          <MessageSquareReply aria-hidden="true" className="size-4" />
          Reply
        </Button>
      ) : null}
      {review.canReply && replying ? (
        <ReplyForm reviewId={review.id} onDone={() => setReplying(false)} />
      ) : null}
    </li>
  );
}
