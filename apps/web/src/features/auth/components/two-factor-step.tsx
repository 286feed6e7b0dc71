import { BackupCodeSchema, TotpCodeSchema, TRUST_DEVICE_DAYS, TWO_FACTOR_MESSAGES } from '@grip/domain';
import { useState } from 'react';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { verifySecondFactor, type SecondFactor } from '../api/verify-two-factor';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

/** The auth library's answers that end this sign-in attempt: the password has to be given again. */
const CHALLENGE_OVER = new Set(['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE']);

const COPY: Record<SecondFactor, { label: string; hint: string; switchTo: string }> = {
  totp: {
    label: 'Enter the code from your authenticator app',
    hint: 'It is 6 digits and changes every 30 seconds.',
    switchTo: 'Use a backup code instead',
  },
  'backup-code': {
    label: 'Enter a backup code',
    hint: 'One of the codes you saved when you turned on two-factor authentication. Each works once.',
    switchTo: 'Use your authenticator app instead',
  },
};

interface TwoFactorStepProps {
  /** Called once the session exists: load the account and go where a sign-in goes. */
  onSignedIn: () => Promise<void>;
  /** Back to email and password (asked for, or because this attempt is over). */
  onRestart: () => void;
}

/**
 * Sign In's second step when the account has two-factor on: a code from the authenticator app or,
 * instead, a backup code, and optionally trusting this browser for 30 days. A wrong code is said
 * under the field and the person tries again.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const [factor, setFactor] = useState<SecondFactor>('totp');
  const schema = z.object({
    code: factor === 'totp' ? TotpCodeSchema : BackupCodeSchema,
    trustDevice: z.boolean(),
  });
  // A wrong code is said until the person types again (not re-checked keystroke by keystroke).
  const form = useZodForm(schema, {
    defaultValues: { code: '', trustDevice: false },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const copy = COPY[factor];

  const retry = (message: string) => {
    form.setValue('code', '');
    form.setError('code', { type: 'server', message });
    form.setFocus('code');
  };

  const submit = form.submit(
    async ({ code, trustDevice }) => {
      try {
        await verifySecondFactor({ factor, code, trustDevice });
        await onSignedIn();
      } catch (cause) {
        const reason = isApiError(cause) ? cause.code : undefined;
        if (reason === 'INVALID_CODE') retry(TWO_FACTOR_MESSAGES.codeWrong);
        else if (reason === 'INVALID_BACKUP_CODE') retry(TWO_FACTOR_MESSAGES.backupCodeWrong);
        else if (reason === 'ACCOUNT_TEMPORARILY_LOCKED') retry(TWO_FACTOR_MESSAGES.locked);
        else if (reason && CHALLENGE_OVER.has(reason)) {
          toast.error('Sign in failed', {
            description: TWO_FACTOR_MESSAGES.challengeExpired,
            duration: 8000,
          });
          onRestart();
        } else {
          toast.error('Sign in failed', { description: errorMessage(cause), duration: 8000 });
        }
      }
      // A malformed code is cleared too, its error said and the field focused, to type it again.
    },
    () => form.setValue('code', ''),
  );

  const switchFactor = () => {
    setFactor(factor === 'totp' ? 'backup-code' : 'totp');
    form.setValue('code', '');
    form.clearErrors('code');
    form.setFocus('code');
  };

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Two-factor authentication">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted-foreground">Your password was right. One more step.</p>
        </div>
        <Field label={copy.label} hint={copy.hint} error={errors.code?.message}>
          <Input
            // This step replaces the form whose button had focus: carry on where the typing goes.
            autoFocus
            inputMode={factor === 'totp' ? 'numeric' : 'text'}
            autoComplete={factor === 'totp' ? 'one-time-code' : 'off'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            {...form.register('code', { onChange: () => form.clearErrors('code') })}
          />
        </Field>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('trustDevice')} />
          Trust this device for {TRUST_DEVICE_DAYS} days
        </label>
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Verify
        </Button>
      </form>
      <div className="grid justify-items-center gap-2">
        <Button variant="link" className="text-sm" onClick={switchFactor}>
          {copy.switchTo}
        </Button>
        <Button variant="link" className="text-sm" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}
