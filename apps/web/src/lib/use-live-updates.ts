import type { LiveEvent } from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { connectLiveEvents } from './live-events';

/**
 * One live stream while this tab is signed in (the shell mounts it); closed on sign-out. `onChange`
 * hears each change too (the live notification toast); a new callback never reopens the stream.
 */
export function useLiveUpdates(userId: string, onChange?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  }, [onChange]);
  useEffect(
    () => connectLiveEvents(queryClient, { onChange: (event) => listener.current?.(event) }),
    [queryClient, userId],
  );
}
