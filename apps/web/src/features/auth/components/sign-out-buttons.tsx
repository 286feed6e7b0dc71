import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSignOut } from '../hooks/use-sign-out';
import { SignOutAllDialog } from './sign-out-all-dialog';

/** 'Sign out' (this device) and 'Sign out of all devices', for the settings pages. */
export function SignOutButtons() {
  const signOut = useSignOut();
  const [confirmAll, setConfirmAll] = useState(false);
  const pendingScope = signOut.isPending ? signOut.variables : null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button
        variant="outline"
        isLoading={pendingScope === 'local'}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate('local')}
      >
        {pendingScope === 'local' ? null : <LogOut aria-hidden="true" className="size-4" />}
        Sign out
      </Button>
      <Button variant="destructive-outline" disabled={signOut.isPending} onClick={() => setConfirmAll(true)}>
        <MonitorSmartphone aria-hidden="true" className="size-4" />
        Sign out of all devices
      </Button>
      <SignOutAllDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        isPending={pendingScope === 'global'}
        onConfirm={() => signOut.mutate('global')}
      />
    </div>
  );
}
