import type { LiveEvent } from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectLiveEvents, type LiveStatus } from './live-events';

/** The tab's one live stream's status, for whoever shows it (the chat's offline notice). */
let currentStatus: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();

function setLiveStatus(status: LiveStatus) {
  if (status === currentStatus) return;
  currentStatus = status;
  for (const listener of statusListeners) listener();
}

function subscribeToStatus(onChange: () => void): () => void {
  statusListeners.add(onChange);
  return () => statusListeners.delete(onChange);
}

/**
 * Whether live changes are reaching this tab: 'offline' only once the device is offline or the
 * stream has been down a while; a short drop is reconnected silently and reads 'connecting'.
 */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    subscribeToStatus,
    () => currentStatus,
    () => 'connecting',
  );
}

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
  useEffect(() => {
    const stop = connectLiveEvents(queryClient, {
      onChange: (event) => listener.current?.(event),
      onStatus: setLiveStatus,
    });
    return () => {
      stop();
      setLiveStatus('connecting');
    };
  }, [queryClient, userId]);
}
