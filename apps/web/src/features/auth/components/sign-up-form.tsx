import { ACCOUNT_TYPES, MIN_PASSWORD_LENGTH, SignUpSchema, type Role } from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { signUpWithEmail } from '@/lib/auth-client';
import { meQueryOptions } from '../api/get-me';
import { errorMessage } from '@/lib/error-message';
import { useSingleFlight } from '@/lib/use-single-flight';
import { applyServerFieldErrors } from '../server-field-errors';
import { AccountTypeSelector } from './account-type-selector';
import { GoogleButton, OrDivider } from './google-button';

type SignUpValues = z.input<typeof SignUpSchema>;
type SignUpData = z.output<typeof SignUpSchema>;

const FIELD_NAMES = ['displayName', 'businessName', 'email', 'password'] as const;

export function SignUpForm({ googleEnabled }: { googleEnabled: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignUpValues, unknown, SignUpData>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { accountType: 'user', displayName: '', businessName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const accountType = useWatch({ control: form.control, name: 'accountType' }) as Role;
  const isBusinessOwner = accountType === 'business_owner';
  const roleLabel = ACCOUNT_TYPES.find((type) => type.role === accountType)?.label ?? 'User';

  const submit = useSingleFlight(async (values: SignUpData) => {
    try {
      await signUpWithEmail({
        displayName: values.displayName,
        email: values.email,
        password: values.password,
        role: values.accountType,
        businessName: values.accountType === 'business_owner' ? values.businessName || undefined : undefined,
      });
      // Sign-up signs the user in; load the session before leaving so the guards let them through.
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      toast.success('Check your email', {
        description: "We've sent you a confirmation link to complete your registration.",
      });
      await navigate(values.accountType === 'business_owner' ? '/business-dashboard' : '/home', {
        replace: true,
      });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELD_NAMES);
      toast.error('Sign up failed', { description: errorMessage(error), duration: 8000 });
    }
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5" aria-label="Sign up">
      <Controller
        control={form.control}
        name="accountType"
        render={({ field }) => (
          <AccountTypeSelector
            value={field.value as Role}
            onChange={(role) => {
              field.onChange(role);
              if (role !== 'business_owner') form.clearErrors('businessName');
            }}
            error={errors.accountType?.message}
          />
        )}
      />
      {googleEnabled ? (
        <>
          <GoogleButton role={accountType}>{`Sign up with Google as ${roleLabel}`}</GoogleButton>
          <OrDivider />
        </>
      ) : null}
      <div className="grid gap-4">
        <Field label="Display Name" error={errors.displayName?.message}>
          <Input autoComplete="name" {...form.register('displayName')} />
        </Field>
        {isBusinessOwner ? (
          <Field label="Business Name" error={errors.businessName?.message}>
            <Input autoComplete="organization" {...form.register('businessName')} />
          </Field>
        ) : null}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Create Account
        </Button>
      </div>
    </form>
  );
}
