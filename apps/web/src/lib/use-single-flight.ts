import { useRef } from 'react';

/** Wraps an async action so a second call while the first runs is ignored (double submits). */
export function useSingleFlight<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const busy = useRef(false);
  return async (...args: Args) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await action(...args);
    } finally {
      busy.current = false;
    }
  };
}
