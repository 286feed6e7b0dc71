import { EmailJobInputSchema, JOB_MESSAGES } from '@grip/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { emailJobDetails } from '../api/jobs-api';

interface EmailJobDialogProps {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Email Job Details' (spec 3 §2): sends the job sheet to any address through the server's outbox. */
export function EmailJobDialog({ jobId, open, onOpenChange }: EmailJobDialogProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (address: string) => emailJobDetails(jobId, address),
    onSuccess: () => {
      toast.success(JOB_MESSAGES.emailSentTitle);
      setEmail('');
      onOpenChange(false);
    },
    onError: (err) => {
      const description = isApiError(err) && err.status < 500 ? err.message : JOB_MESSAGES.emailFailed;
      toast.error(JOB_MESSAGES.emailFailedTitle, { description });
    },
  });

  const submit = () => {
    const parsed = EmailJobInputSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? JOB_MESSAGES.emailInvalid;
      setError(message);
      if (message === JOB_MESSAGES.emailRequired) {
        toast.error(JOB_MESSAGES.emailRequiredTitle, { description: JOB_MESSAGES.emailRequired });
      }
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.email);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Email Job Details</DialogTitle>
          </DialogHeader>
          <Field label="Email address" error={error}>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send Email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
