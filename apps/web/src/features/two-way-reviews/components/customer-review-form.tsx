import { CustomerReviewInputSchema, REVIEW_TEXT_MAX_LENGTH } from '@grip/domain';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { StarRating } from '@/features/reviews/components/star-rating';
import { useZodForm } from '@/lib/use-zod-form';
import { useReviewCustomer } from '../api/two-way-reviews-api';

export function ReviewForm({ jobId }: { jobId: string }) {
  const labelId = useId();
  const errorId = useId();
  const form = useZodForm(CustomerReviewInputSchema, { defaultValues: { rating: 0, reviewText: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = useReviewCustomer(jobId);
  const text = useWatch({ control: form.control, name: 'reviewText' }) ?? '';
  // A failure is the mutation's toast.
  const onSubmit = form.submit((data) => submit.mutateAsync(data));

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1">
        <span id={labelId} className="text-sm font-medium">
          Rating
        </span>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <div aria-describedby={errors.rating ? errorId : undefined}>
              <StarRating value={field.value ?? 0} onChange={field.onChange} labelledBy={labelId} />
            </div>
          )}
        />
        {errors.rating ? (
          <p id={errorId} className="text-sm text-destructive" role="alert">
            {errors.rating.message}
          </p>
        ) : null}
      </div>
      <Field
        label="Your review (optional)"
        hint={`${text.length}/${REVIEW_TEXT_MAX_LENGTH}`}
        error={errors.reviewText?.message}
      >
        <Textarea rows={3} maxLength={REVIEW_TEXT_MAX_LENGTH} {...form.register('reviewText')} />
      </Field>
      <Button type="submit" className="justify-self-start" isLoading={isSubmitting || submit.isPending}>
        Submit Review
      </Button>
    </form>
  );
}
