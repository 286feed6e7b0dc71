import {
  ChangePasswordFormSchema,
  MIN_PASSWORD_LENGTH,
  SECURITY_MESSAGES,
  type AccountSession,
  type ChangePasswordForm,
  formatDateTime,
} from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Laptop, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useAccountSecurity, useChangePassword, useSignOutDevice } from '../api/security';
import { TwoFactorSection } from './two-factor-section';

const lastActive = { format: (at: Date) => formatDateTime(at) };

function ChangePasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (!hasPassword) return <p className="text-sm text-muted-foreground">{SECURITY_MESSAGES.noPassword}</p>;
  if (!isOpen) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setIsOpen(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        Change password
      </Button>
    );
  }

  const close = () => {
    form.reset();
    setIsOpen(false);
  };
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(SECURITY_MESSAGES.passwordChanged, {
          description: SECURITY_MESSAGES.otherDevicesSignedOut,
        });
        close();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'INVALID_PASSWORD') {
          form.setError('currentPassword', { message: SECURITY_MESSAGES.currentPasswordWrong });
        } else {
          toast.error(SECURITY_MESSAGES.changeFailed, {
            description: isApiError(error) ? error.message : undefined,
          });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Change password" className="grid gap-3">
      <Field label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <p className="text-sm text-muted-foreground">Every other device will be signed out.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={change.isPending}>
          Save
        </Button>
        <Button type="button" variant="outline" disabled={change.isPending} onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeviceRow({ session }: { session: AccountSession }) {
  const signOut = useSignOutDevice();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {session.device}
            {session.isCurrent ? <Badge tone="success">This device</Badge> : null}
          </span>
          <span className="text-xs text-muted-foreground">
            Last active {lastActive.format(new Date(session.lastActiveAt))}
            {session.ipAddress ? ` · ${session.ipAddress}` : ''}
          </span>
        </div>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          isLoading={signOut.isPending}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () =>
                toast.success(SECURITY_MESSAGES.deviceSignedOut, { description: session.device }),
              onError: (error) =>
                // Already gone is what was wanted; the list refreshes either way.
                isApiError(error) && error.status === 404
                  ? toast.info(SECURITY_MESSAGES.sessionNotFound)
                  : toast.error(SECURITY_MESSAGES.deviceSignOutFailed),
            })
          }
        >
          Sign out <span className="sr-only">{session.device}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * Security (spec 2 §7 lists change password and a two-factor toggle as non-functional; Grip makes
 * them real): change the password (current one required, every other device signed out), two-factor
 * sign-in with an authenticator app, and the signed-in devices, each of which can be signed out.
 */
export function SecurityCard() {
  const security = useAccountSecurity();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>
          Your password, two-factor authentication and the devices signed in to your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {security.isPending ? (
          <ListSkeleton rows={2} label="Loading your security settings" />
        ) : security.isError ? (
          <Alert tone="danger" role="alert" className="flex-col items-start">
            <p>{SECURITY_MESSAGES.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void security.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            <ChangePasswordSection hasPassword={security.data.hasPassword} />
            <TwoFactorSection
              hasPassword={security.data.hasPassword}
              isEnabled={security.data.twoFactorEnabled}
            />
            <section aria-labelledby="devices-heading" className="grid gap-2">
              <h3 id="devices-heading" className="text-sm font-semibold">
                Signed-in devices
              </h3>
              <ul className="grid gap-2" aria-label="Signed-in devices">
                {security.data.sessions.map((session) => (
                  <DeviceRow key={session.id} session={session} />
                ))}
              </ul>
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
