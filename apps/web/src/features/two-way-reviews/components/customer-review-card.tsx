import { CustomerReviewInputSchema, REVIEW_TEXT_MAX_LENGTH, TWO_WAY_MESSAGES } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { StarRating } from '@/features/reviews/components/star-rating';
import { formatInstant } from '@/features/requests/request-display';
import { customerReviewQuery, useReviewCustomer } from '../api/two-way-reviews-api';
import { ReviewStars } from './review-stars';

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
          <ReviewForm jobId={jobId} />
        )}
      </CardContent>
    </Card>
  );
}

function ReviewForm({ jobId }: { jobId: string }) {
  const labelId = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useReviewCustomer(jobId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = CustomerReviewInputSchema.safeParse({ rating, reviewText: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    submit.mutate(parsed.data);
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1">
        <span id={labelId} className="text-sm font-medium">
          Rating
        </span>
        <StarRating
          value={rating}
          onChange={(n) => {
            setRating(n);
            setError(undefined);
          }}
          labelledBy={labelId}
        />
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Field label="Your review (optional)" hint={`${text.length}/${REVIEW_TEXT_MAX_LENGTH}`}>
        <Textarea
          value={text}
          rows={3}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </Field>
      <Button type="submit" className="justify-self-start" isLoading={submit.isPending}>
        Submit Review
      </Button>
    </form>
  );
}
