import { ForgotPasswordSchema } from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { requestPasswordReset } from '@/lib/auth-client';
import { errorMessage } from '@/lib/error-message';
import { useSingleFlight } from '@/lib/use-single-flight';

type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const RESET_LINK_SENT = "If an account exists for that email, we've sent a reset link.";

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [isSent, setIsSent] = useState(false);
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = useSingleFlight(async ({ email }: ForgotPassword) => {
    try {
      await requestPasswordReset(email);
      setIsSent(true);
    } catch (error) {
      toast.error('Could not send the reset link', { description: errorMessage(error), duration: 8000 });
    }
  });

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter the email you signed up with and we'll send you a link to choose a new password.
        </p>
      </div>
      {isSent ? (
        <Alert role="status" tone="info">
          <MailCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <p>{RESET_LINK_SENT}</p>
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
          className="grid gap-4"
          aria-label="Reset password"
        >
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
      <Button variant="link" className="justify-self-center text-sm" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}
