import { SignInSchema, type SignIn } from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { signInWithEmail } from '@/lib/auth-client';
import { meQueryOptions } from '../api/get-me';
import { needsSecondFactor } from '../api/verify-two-factor';
import { errorMessage } from '@/lib/error-message';
import { useSingleFlight } from '@/lib/use-single-flight';
import { GoogleButton, OrDivider } from './google-button';
import { TwoFactorStep } from './two-factor-step';

interface SignInFormProps {
  googleEnabled: boolean;
  onForgotPassword: () => void;
}

export function SignInForm({ googleEnabled, onForgotPassword }: SignInFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // With two-factor on, the right password leads to a second step instead of a session.
  const [isSecondStep, setIsSecondStep] = useState(false);

  const finish = async () => {
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    // '/' sends a business owner on to their landing page; a customer sees the home there.
    await navigate('/', { replace: true });
  };

  const submit = useSingleFlight(async (values: SignIn) => {
    try {
      const result = await signInWithEmail(values);
      if (needsSecondFactor(result)) return setIsSecondStep(true);
      await finish();
    } catch (error) {
      toast.error('Sign in failed', { description: errorMessage(error), duration: 8000 });
    }
  });

  if (isSecondStep) {
    return (
      <TwoFactorStep
        onSignedIn={finish}
        onRestart={() => {
          form.resetField('password');
          setIsSecondStep(false);
        }}
      />
    );
  }

  return (
    <div className="grid gap-5">
      {googleEnabled ? (
        <>
          <GoogleButton>Continue with Google</GoogleButton>
          <OrDivider />
        </>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4" aria-label="Sign in">
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Sign In
        </Button>
      </form>
      <Button variant="link" className="justify-self-center text-sm" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </div>
  );
}
