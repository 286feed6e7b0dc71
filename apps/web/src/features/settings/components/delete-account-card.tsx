import {
  ACCOUNT_DELETION_MESSAGES as M,
  DELETE_CONFIRMATION_WORD,
  DELETION_CONSEQUENCES,
} from '@grip/domain';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { isApiError } from '@/lib/api-client';
import { useAccountSecurity, useDeleteAccount } from '../api/security';

/**
 * Delete Account (spec 2 §7 shows the button with no action; Grip makes it real): a dialog that says
 * what goes and what stays, asks for the password (when the account has one) and the word DELETE.
 */
export function DeleteAccountCard() {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const security = useAccountSecurity();
  const needsPassword = security.data?.hasPassword ?? true;
  const remove = useDeleteAccount();

  const open = (next: boolean) => {
    if (remove.isPending) return;
    setIsOpen(next);
    if (!next) {
      setPassword('');
      setWord('');
      setPasswordError(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && !password) return setPasswordError(M.passwordRequired);
    remove.mutate(
      { confirmation: DELETE_CONFIRMATION_WORD, ...(needsPassword ? { password } : {}) },
      {
        onSuccess: () => toast.success(M.deleted),
        onError: (error) => {
          const fieldError = isApiError(error) ? error.fields?.password : undefined;
          if (fieldError) setPasswordError(fieldError);
          else toast.error(M.failed, { description: isApiError(error) ? error.message : undefined });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.title}</CardTitle>
        <CardDescription>Remove your account and your personal details from Grip.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive-outline" onClick={() => open(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Account
        </Button>
      </CardContent>
      <Dialog open={isOpen} onOpenChange={open}>
        <DialogContent>
          <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Delete your account">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>This cannot be undone.</DialogDescription>
            </DialogHeader>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {DELETION_CONSEQUENCES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {needsPassword ? (
              <Field label="Password" error={passwordError}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                />
              </Field>
            ) : null}
            <Field label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}>
              <Input autoComplete="off" value={word} onChange={(event) => setWord(event.target.value)} />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={remove.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant="destructive"
                isLoading={remove.isPending}
                disabled={word !== DELETE_CONFIRMATION_WORD}
              >
                Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
