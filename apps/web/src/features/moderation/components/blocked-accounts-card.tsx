import { formatDate, MODERATION_MESSAGES } from '@grip/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { ListSkeleton } from '@/components/ui/skeleton';
import { blockedAccountsQueryOptions, useUnblockAccount } from '../api/blocks-api';

const blockedOn = { format: (at: Date) => formatDate(at) };

/**
 * Blocked accounts (issue 32), in Settings and Business Settings: whom I blocked and since when, each
 * with Unblock (no confirmation: it takes nothing away, and blocking again is one tap in the chat).
 */
export function BlockedAccountsCard() {
  const list = useInfiniteQuery(blockedAccountsQueryOptions());
  const unblock = useUnblockAccount();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{MODERATION_MESSAGES.blockedAccountsTitle}</CardTitle>
        <CardDescription>{MODERATION_MESSAGES.blockedAccountsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending ? (
          <ListSkeleton rows={1} label="Loading blocked accounts" />
        ) : list.isError && items.length === 0 ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p>{MODERATION_MESSAGES.blockedAccountsLoadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{MODERATION_MESSAGES.blockedAccountsEmpty}</p>
        ) : (
          <>
            <ul className="grid divide-y divide-border" aria-label={MODERATION_MESSAGES.blockedAccountsTitle}>
              {items.map((account) => (
                <li key={account.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="grid min-w-0">
                    <span className="font-medium break-words">{account.name}</span>
                    <span className="text-xs text-muted-foreground">
                      Blocked {blockedOn.format(new Date(account.blockedAt))}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unblock.isPending}
                    isLoading={unblock.isPending && unblock.variables === account.userId}
                    onClick={() => unblock.mutate(account.userId)}
                  >
                    {MODERATION_MESSAGES.unblock} <span className="sr-only">{account.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
            <LoadMore pages={list} failedText={MODERATION_MESSAGES.blockedAccountsLoadFailed} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
