import { PRODUCT_NAME, TotpCodeSchema, TwoFactorPasswordSchema, TWO_FACTOR_MESSAGES } from '@grip/domain';
import { lazy, Suspense, useState } from 'react';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useZodForm } from '@/lib/use-zod-form';
import {
  totpSecretOf,
  useConfirmTwoFactor,
  useStartTwoFactorSetup,
  type TwoFactorSetup,
} from '../api/two-factor';
import { BackupCodes } from './backup-codes';
import { twoFactorErrorMessage } from './two-factor-errors';

// The QR encoder is wanted only while setting up, so it stays out of the settings pages' code.
const TotpQrCode = lazy(() => import('./totp-qr-code').then((module) => ({ default: module.TotpQrCode })));

type Step =
  { name: 'password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'saved'; codes: string[] };

/** 'ABCDEFGH…' as 'ABCD EFGH …': easier to read and type; authenticator apps ignore the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing (the dialog is opened by a switch, not a DialogTrigger). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Turning two-factor on: the password, then the QR code (and its key for typing) and a first code
 * from the app, which is what switches it on; then the backup codes, shown this once.
 */
export function TwoFactorSetupDialog({ open, onOpenChange, onCloseAutoFocus }: TwoFactorSetupDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  // Errors stay until the person types again (a wrong code is not re-checked keystroke by keystroke).
  const passwordForm = useZodForm(TwoFactorPasswordSchema, {
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const codeForm = useZodForm(z.object({ code: TotpCodeSchema }), {
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const isBusy =
    start.isPending ||
    confirm.isPending ||
    passwordForm.formState.isSubmitting ||
    codeForm.formState.isSubmitting;

  const changeOpen = (next: boolean) => {
    if (isBusy) return;
    onOpenChange(next);
    if (!next) {
      setStep({ name: 'password' });
      passwordForm.reset();
      codeForm.reset();
    }
  };

  const submitPassword = passwordForm.submit(async ({ password }) => {
    try {
      const setup = await start.mutateAsync(password);
      passwordForm.reset();
      setStep({ name: 'scan', setup });
    } catch (cause) {
      passwordForm.setError('password', {
        type: 'server',
        message: twoFactorErrorMessage(cause, TWO_FACTOR_MESSAGES.enableFailed),
      });
    }
  });

  const submitCode = (setup: TwoFactorSetup) =>
    codeForm.submit(async ({ code }) => {
      try {
        await confirm.mutateAsync(code);
      } catch (cause) {
        codeForm.setValue('code', '');
        codeForm.setError('code', {
          type: 'server',
          message: twoFactorErrorMessage(cause, TWO_FACTOR_MESSAGES.enableFailed),
        });
        return;
      }
      codeForm.clearErrors();
      toast.success(TWO_FACTOR_MESSAGES.enabled);
      setStep({ name: 'saved', codes: setup.backupCodes });
    });

  let body;
  if (step.name === 'password') {
    body = (
      <form noValidate onSubmit={submitPassword} className="grid gap-4" aria-label="Confirm your password">
        <DialogHeader>
          <DialogTitle>Turn on two-factor authentication</DialogTitle>
          <DialogDescription>
            You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
            Authenticator or 1Password. First, confirm it is you.
          </DialogDescription>
        </DialogHeader>
        <Field label="Current password" error={passwordForm.formState.errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...passwordForm.register('password', { onChange: () => passwordForm.clearErrors('password') })}
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={isBusy}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" isLoading={start.isPending || passwordForm.formState.isSubmitting}>
            Continue
          </Button>
        </DialogFooter>
      </form>
    );
  } else if (step.name === 'scan') {
    const { setup } = step;
    body = (
      <form
        noValidate
        onSubmit={submitCode(setup)}
        className="grid gap-4"
        aria-label={`Add ${PRODUCT_NAME} to your authenticator app`}
      >
        <DialogHeader>
          <DialogTitle>Turn on two-factor authentication</DialogTitle>
          <DialogDescription>
            Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
          </DialogDescription>
        </DialogHeader>
        <div className="justify-self-center">
          <Suspense fallback={<Skeleton className="size-48" />}>
            <TotpQrCode
              value={setup.totpURI}
              label={`QR code to add ${PRODUCT_NAME} to your authenticator app`}
            />
          </Suspense>
        </div>
        <Field label="Setup key" hint="Can’t scan? Type this key into the app instead.">
          <Input readOnly value={grouped(totpSecretOf(setup.totpURI))} className="font-mono" />
        </Field>
        <Field label="6-digit code" error={codeForm.formState.errors.code?.message}>
          <Input
            // The code field is what to do next; the QR code above needs no keyboard.
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            {...codeForm.register('code', { onChange: () => codeForm.clearErrors('code') })}
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={isBusy}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" isLoading={confirm.isPending || codeForm.formState.isSubmitting}>
            Turn on
          </Button>
        </DialogFooter>
      </form>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Save your backup codes</DialogTitle>
          <DialogDescription>Two-factor authentication is on.</DialogDescription>
        </DialogHeader>
        <BackupCodes codes={step.codes} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>{body}</DialogContent>
    </Dialog>
  );
}
