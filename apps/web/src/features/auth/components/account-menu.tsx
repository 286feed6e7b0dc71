import { ROLE_LABELS, initialsOf, type Me } from '@grip/domain';
import { History, LogOut, MonitorSmartphone, Settings } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '../hooks/use-sign-out';

// The confirmation's code (the dialog primitives) loads when it is first asked for, not with the shell.
const SignOutAllDialog = lazy(() =>
  import('./sign-out-all-dialog').then((m) => ({ default: m.SignOutAllDialog })),
);

/** The avatar button in the top bar: who is signed in, settings, and the two sign-outs. */
export function AccountMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  const [confirmAll, setConfirmAll] = useState(false);
  // Kept mounted once opened, so closing it animates and hands focus back like any dialog.
  const [confirmAllUsed, setConfirmAllUsed] = useState(false);
  const name = me.profile.displayName || me.user.name || me.user.email;
  const settingsPath = me.profile.role === 'business_owner' ? '/business-settings' : '/settings';

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label="Account menu"
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'rounded-full' })}
        >
          {me.profile.avatarUrl ? (
            <img src={me.profile.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
          ) : (
            // The initials are drawn by CSS, not written as text: text inside the button would have to
            // be part of its name (WCAG 2.5.3), and 'Account menu' says what it does better than 'GA'.
            <span
              aria-hidden="true"
              data-initials={initialsOf(name, '?')}
              className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
            />
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64">
          <DropdownMenuLabel className="grid gap-0.5 font-normal">
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{me.user.email}</span>
            <span className="text-xs text-muted-foreground">{ROLE_LABELS[me.profile.role]}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={settingsPath}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/history">
              <History aria-hidden="true" />
              Job History
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate('local')}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={signOut.isPending}
            className="text-destructive"
            onSelect={() => {
              setConfirmAllUsed(true);
              setConfirmAll(true);
            }}
          >
            <MonitorSmartphone aria-hidden="true" />
            Sign out of all devices
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {confirmAllUsed ? (
        <Suspense fallback={null}>
          <SignOutAllDialog
            open={confirmAll}
            onOpenChange={setConfirmAll}
            isPending={signOut.isPending && signOut.variables === 'global'}
            onConfirm={() => signOut.mutate('global')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
