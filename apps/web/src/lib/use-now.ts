import { useEffect, useState, useSyncExternalStore } from 'react';

let renderClock: Date | null = null;

/**
 * The time a server-drawn first screen was drawn at (app/entry-server.tsx, decision 024). On the
 * server, and in the browser while it hydrates that screen, components draw at that time, so relative
 * times ('5m ago') match the HTML; React then draws them again at the browser's own time.
 */
export function setRenderClock(at: Date | null): void {
  renderClock = at;
}

const subscribeNever = () => () => undefined;

/** The current time, re-read every `intervalMs` so relative times ('5m ago') stay true. */
export function useNow(intervalMs = 60_000): Date {
  // React reads the server snapshot only on the server and while hydrating.
  const drawnAt = useSyncExternalStore(
    subscribeNever,
    () => null,
    () => renderClock,
  );
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return drawnAt ?? now;
}
