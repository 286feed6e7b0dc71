import { SignInSchema, type SignIn } from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { signInWithEmail } from '@/lib/auth-client';
import { meQueryOptions } from '../api/get-me';
import { errorMessage } from '../error-message';
import { useSingleFlight } from '../hooks/use-single-flight';
import { GoogleButton, OrDivider } from './google-button';

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

  const submit = useSingleFlight(async (values: SignIn) => {
    try {
      await signInWithEmail(values);
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      // '/' sends a business owner on to their landing page; a customer sees the home there.
      await navigate('/', { replace: true });
    } catch (error) {
      toast.error('Sign in failed', { description: errorMessage(error), duration: 8000 });
    }
  });

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
