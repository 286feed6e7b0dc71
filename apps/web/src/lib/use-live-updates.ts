import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from './live-events';

/** One live stream while this tab is signed in (the shell mounts it); closed on sign-out. */
export function useLiveUpdates(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => connectLiveEvents(queryClient), [queryClient, userId]);
}
