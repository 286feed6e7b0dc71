import { PUSH_MESSAGES } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { BROWSER_ONLY } from '@/lib/query-client';
import { readPushState, turnPushOff, turnPushOn, type PushState } from '../push-device';

const pushStateKey = ['push', 'state'] as const;

const STATUS: Record<PushState, string> = {
  unsupported: PUSH_MESSAGES.unsupported,
  blocked: PUSH_MESSAGES.blocked,
  off: PUSH_MESSAGES.disabled,
  on: PUSH_MESSAGES.enabled,
};

/** Settings: web push for this device (each device is opted in on its own). */
export function PushOptInCard() {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: pushStateKey,
    queryFn: readPushState,
    staleTime: Infinity,
    meta: BROWSER_ONLY,
  });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onSuccess: (next) => queryClient.setQueryData(pushStateKey, next),
    onError: (error) => toast.error(PUSH_MESSAGES.failed, { description: errorMessage(error) }),
  });
  const current = state.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PUSH_MESSAGES.label}</CardTitle>
        <CardDescription>{PUSH_MESSAGES.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {current ? (
          <p className="text-sm text-muted-foreground" role="status">
            {STATUS[current]}
          </p>
        ) : (
          <Skeleton className="h-5 w-56" />
        )}
        {current === 'on' ? (
          <Button variant="outline" isLoading={change.isPending} onClick={() => change.mutate(false)}>
            {change.isPending ? null : <BellOff aria-hidden="true" className="size-4" />}
            Turn off
          </Button>
        ) : current === 'off' ? (
          <Button isLoading={change.isPending} onClick={() => change.mutate(true)}>
            {change.isPending ? null : <Bell aria-hidden="true" className="size-4" />}
            Turn on
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
