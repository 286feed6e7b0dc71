import { TWO_FACTOR_MESSAGES } from '@grip/domain';
import { useState, type FormEvent } from 'react';
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
import { useDisableTwoFactor } from '../api/two-factor';
import { twoFactorErrorMessage } from './two-factor-errors';

interface TwoFactorDisableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing (the dialog is opened by a switch, not a DialogTrigger). */
  onCloseAutoFocus: (event: Event) => void;
}

/** Turning two-factor off: says what changes and asks for the password. */
export function TwoFactorDisableDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: TwoFactorDisableDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const disable = useDisableTwoFactor();

  const changeOpen = (next: boolean) => {
    if (disable.isPending) return;
    onOpenChange(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(TWO_FACTOR_MESSAGES.passwordRequired);
    disable.mutate(password, {
      onSuccess: () => {
        toast.success(TWO_FACTOR_MESSAGES.disabled);
        changeOpen(false);
      },
      onError: (cause) => setError(twoFactorErrorMessage(cause, TWO_FACTOR_MESSAGES.disableFailed)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4"
          aria-label="Turn off two-factor authentication"
        >
          <DialogHeader>
            <DialogTitle>Turn off two-factor authentication?</DialogTitle>
            <DialogDescription>
              Signing in will ask only for your password. The codes from your authenticator app and your
              backup codes will stop working.
            </DialogDescription>
          </DialogHeader>
          <Field label="Current password" error={error}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={disable.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" isLoading={disable.isPending}>
              Turn off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
