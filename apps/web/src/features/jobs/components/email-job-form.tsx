import { EmailJobInputSchema, JOB_MESSAGES, type EmailJobInput } from '@grip/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { emailJobDetails } from '../api/jobs-api';
import type { EmailJobDialogProps } from './email-job-dialog';

export function EmailJobForm({ jobId, onOpenChange }: EmailJobDialogProps) {
  const form = useZodForm<EmailJobInput>(EmailJobInputSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const send = useMutation({
    mutationFn: (address: string) => emailJobDetails(jobId, address),
    onSuccess: () => {
      toast.success(JOB_MESSAGES.emailSentTitle);
      form.reset();
      onOpenChange(false);
    },
    onError: (err) => {
      const description = isApiError(err) && err.status < 500 ? err.message : JOB_MESSAGES.emailFailed;
      toast.error(JOB_MESSAGES.emailFailedTitle, { description });
    },
  });

  const onSubmit = form.submit(
    // A failure is the mutation's toast.
    ({ email }) => send.mutateAsync(email),
    (invalid) => {
      if (invalid.email?.message === JOB_MESSAGES.emailRequired) {
        toast.error(JOB_MESSAGES.emailRequiredTitle, { description: JOB_MESSAGES.emailRequired });
      }
    },
  );
  const isSending = isSubmitting || send.isPending;

  return (
    <>
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <DialogHeader>
          <DialogTitle>Email Job Details</DialogTitle>
        </DialogHeader>
        <Field label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSending}>
            {isSending ? 'Sending…' : 'Send Email'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
