import { MIN_PASSWORD_LENGTH, ResetPasswordSchema } from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { resetPassword } from '@/lib/auth-client';
import { errorMessage } from '@/lib/error-message';
import { useSingleFlight } from '@/lib/use-single-flight';

type ResetPassword = z.infer<typeof ResetPasswordSchema>;

interface ResetPasswordFormProps {
  /** The token from the emailed link; null when the link was invalid or expired. */
  token: string | null;
  onDone: () => void;
  onRequestNewLink: () => void;
}

export function ResetPasswordForm({ token, onDone, onRequestNewLink }: ResetPasswordFormProps) {
  const form = useForm<ResetPassword>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = useSingleFlight(async ({ password }: ResetPassword) => {
    if (!token) return;
    try {
      await resetPassword({ newPassword: password, token });
      toast.success('Password updated', { description: 'You can now sign in with your new password.' });
      onDone();
    } catch (error) {
      toast.error('Password reset failed', { description: errorMessage(error), duration: 8000 });
    }
  });

  return (
    <div className="grid gap-5">
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      {token ? (
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
          className="grid gap-4"
          aria-label="Choose a new password"
        >
          <Field
            label="New password"
            error={errors.password?.message}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            Save new password
          </Button>
        </form>
      ) : (
        <>
          <Alert tone="warning" role="alert">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            <p>This reset link is invalid or has expired. Request a new one below.</p>
          </Alert>
          <Button size="lg" onClick={onRequestNewLink}>
            Request a new link
          </Button>
        </>
      )}
      <Button variant="link" className="justify-self-center text-sm" onClick={onDone}>
        Back to Sign In
      </Button>
    </div>
  );
}
