import { REPLY_MAX_LENGTH, ReviewReplyInputSchema, TWO_WAY_MESSAGES } from '@grip/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/lib/use-zod-form';
import { useReplyToReview } from '../api/two-way-reviews-api';

export function ReplyForm({ reviewId, onDone }: { reviewId: string; onDone: () => void }) {
  const form = useZodForm(ReviewReplyInputSchema, { defaultValues: { text: '' } });
  const { errors, isSubmitting } = form.formState;
  const text = useWatch({ control: form.control, name: 'text' });
  const reply = useReplyToReview(onDone);
  // A failure is the mutation's toast.
  const onSubmit = form.submit((data) => reply.mutateAsync({ reviewId, text: data.text }));
  const isSending = isSubmitting || reply.isPending;
  return (
    <form className="grid gap-2" onSubmit={onSubmit} noValidate>
      <Field
        label={TWO_WAY_MESSAGES.replyTitle}
        hint={`${text.length}/${REPLY_MAX_LENGTH}`}
        error={errors.text?.message}
      >
        <Textarea rows={3} maxLength={REPLY_MAX_LENGTH} {...form.register('text')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" isLoading={isSending}>
          Post Reply
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={isSending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
