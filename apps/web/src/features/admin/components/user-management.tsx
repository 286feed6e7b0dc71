import { ADMIN_USER_MESSAGES, formatDate, ROLE_LABELS, ROLES, type AdminUser, type Role } from '@grip/domain';
import { RotateCw, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
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
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { NativeSelect } from '@/components/ui/select';
import { SearchInput } from '@/components/ui/search-input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useDebouncedValue } from '@/features/location/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { useAdminUsers, useUpdateUser } from '../api/users';

const SEARCH_DELAY_MS = 300;

/** A change waiting for the administrator's confirmation. */
type PendingChange = { user: AdminUser } & ({ role: Role } | { suspended: boolean });

const joined = { format: (at: Date) => formatDate(at) };

function describeChange(change: PendingChange): { title: string; description: string; action: string } {
  const name = change.user.name;
  if ('role' in change) {
    const label = ROLE_LABELS[change.role];
    const consequences: Record<Role, string> = {
      administrator:
        'They will see the admin dashboard and can change any setting, profile or role, including yours.',
      business_owner:
        'They will use the business side: requests, quotes and jobs. They lose the customer home.',
      user: 'They will use the customer side only.',
    };
    return {
      title: `Make ${name} ${label === 'Administrator' ? 'an' : 'a'} ${label}?`,
      description: consequences[change.role],
      action: `Make ${label}`,
    };
  }
  return change.suspended
    ? {
        title: `Suspend ${name}?`,
        description:
          'They are signed out on every device at once and cannot sign in until you reinstate them. Their requests, quotes and messages stay.',
        action: 'Suspend',
      }
    : {
        title: `Reinstate ${name}?`,
        description: 'They can sign in again.',
        action: 'Reinstate',
      };
}

/**
 * Users (issue 7 item 8, beyond the spec): every account newest first, searched and filtered by role,
 * with its role to change and a suspension switch, each confirmed first. The administrator's own row
 * is read-only (the server refuses it too).
 */
export function UserManagement() {
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useAdminUsers(q, role);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const update = useUpdateUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const roleFilterId = useId();

  const confirm = () => {
    if (!pending) return;
    const { user, ...change } = pending;
    update.mutate(
      { userId: user.userId, ...change },
      {
        onSuccess: () => {
          toast.success(
            'role' in change
              ? ADMIN_USER_MESSAGES.roleChanged
              : change.suspended
                ? ADMIN_USER_MESSAGES.suspended
                : ADMIN_USER_MESSAGES.reinstated,
            { description: user.name },
          );
          setPending(null);
        },
        onError: (error) => {
          const fallback =
            'role' in change
              ? ADMIN_USER_MESSAGES.roleChangeFailed
              : change.suspended
                ? ADMIN_USER_MESSAGES.suspendFailed
                : ADMIN_USER_MESSAGES.reinstateFailed;
          // The server's reason (your own role, an administrator) is worth more than the fallback.
          toast.error(fallback, { description: isApiError(error) ? error.message : undefined });
          setPending(null);
        },
      },
    );
  };

  const text = pending ? describeChange(pending) : null;
  const isFiltered = Boolean(q || role);

  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,20rem)_12rem]">
        <SearchInput
          aria-label="Search users"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={roleFilterId} className="sr-only">
          Filter by role
        </label>
        <NativeSelect
          id={roleFilterId}
          value={role}
          onChange={(event) => setRole(event.target.value as Role | '')}
        >
          <option value="">All roles</option>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {list.isPending ? (
        <ListSkeleton rows={4} label="Loading users" />
      ) : list.isError && items.length === 0 ? (
        <Alert tone="danger" role="alert" className="flex-col items-start">
          <p className="font-semibold">{ADMIN_USER_MESSAGES.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Users}
          title={isFiltered ? ADMIN_USER_MESSAGES.noMatches : ADMIN_USER_MESSAGES.noUsers}
          action={
            isFiltered ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setRole('');
                }}
              >
                Show everyone
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Users">
            {items.map((user) => {
              const isSelf = user.userId === me.user.id;
              const isDeleted = user.deletedAt !== null;
              return (
                <li
                  key={user.userId}
                  data-testid="admin-user"
                  className="grid gap-3 rounded-lg border border-border bg-background p-3 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-center"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium break-words">{user.name}</span>
                      {isSelf ? <Badge tone="info">You</Badge> : null}
                      {user.suspendedAt ? <Badge tone="danger">Suspended</Badge> : null}
                      {isDeleted ? <Badge tone="neutral">Deleted</Badge> : null}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                    <span className="text-xs text-muted-foreground">
                      Joined {joined.format(new Date(user.createdAt))}
                    </span>
                  </div>
                  <NativeSelect
                    aria-label={`Role of ${user.name}`}
                    value={user.role}
                    disabled={isSelf || isDeleted || update.isPending}
                    title={
                      isSelf
                        ? ADMIN_USER_MESSAGES.ownRole
                        : isDeleted
                          ? ADMIN_USER_MESSAGES.deletedAccount
                          : undefined
                    }
                    onChange={(event) => setPending({ user, role: event.target.value as Role })}
                  >
                    {ROLES.map((value) => (
                      <option key={value} value={value}>
                        {ROLE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect>
                  {isSelf || isDeleted ? (
                    <span className="text-xs text-muted-foreground md:w-28">
                      {isSelf ? 'Your account' : 'Account deleted'}
                    </span>
                  ) : (
                    <Button
                      variant={user.suspendedAt ? 'outline' : 'destructive-outline'}
                      size="sm"
                      className="md:w-28"
                      disabled={update.isPending}
                      onClick={() => setPending({ user, suspended: !user.suspendedAt })}
                    >
                      {user.suspendedAt ? 'Reinstate' : 'Suspend'}{' '}
                      <span className="sr-only">{user.name}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <LoadMore pages={list} failedText={ADMIN_USER_MESSAGES.loadFailed} />
        </>
      )}

      <Dialog open={pending !== null} onOpenChange={(open) => !open && !update.isPending && setPending(null)}>
        <DialogContent>
          {text ? (
            <>
              <DialogHeader>
                <DialogTitle>{text.title}</DialogTitle>
                <DialogDescription>{text.description}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={update.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button
                  variant={pending && 'suspended' in pending && pending.suspended ? 'destructive' : 'primary'}
                  disabled={update.isPending}
                  onClick={confirm}
                >
                  {update.isPending ? <Spinner /> : null}
                  {text.action}
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
