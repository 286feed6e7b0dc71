import { useEffect, useState } from 'react';

let renderClock: Date | null = null;

/**
 * The time a server-rendered first screen was drawn at (app/entry-server.tsx), or null. While it is
 * set, components draw their first frame at that time — on the server, and in the browser while it
 * hydrates that screen — so relative times ('5m ago') match the HTML and hydrate without a mismatch;
 * each then moves to the browser's clock at once.
 */
export function setRenderClock(at: Date | null): void {
  renderClock = at;
}

/** The current time, re-read every `intervalMs` so relative times ('5m ago') stay true. */
export function useNow(intervalMs = 60_000): Date {
  const [drawnAt] = useState(() => renderClock);
  const [now, setNow] = useState(() => drawnAt ?? new Date());
  useEffect(() => {
    // Right after hydrating, the browser's own time.
    const catchUp = drawnAt ? window.setTimeout(() => setNow(new Date()), 0) : undefined;
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => {
      window.clearTimeout(catchUp);
      window.clearInterval(id);
    };
  }, [intervalMs, drawnAt]);
  return now;
}
