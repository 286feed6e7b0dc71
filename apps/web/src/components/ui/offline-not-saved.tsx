import { CloudOff } from 'lucide-react';

export const OFFLINE_NOT_SAVED = {
  title: "You're offline — this page hasn't been saved for offline use yet",
  description: "It will load by itself when you're back online.",
} as const;

/** The offline alert's second sentence while part of a page waits for data it never had. */
export const OFFLINE_NOT_LOADED = "What hasn't loaded yet will load when you're back online.";

/**
 * In place of a list's placeholders when the browser is offline and the list was never loaded
 * (ListSkeleton shows it; lib/use-online-status.ts decides), so nothing pulses forever.
 */
export function OfflineNotSaved() {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-background px-6 py-8 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CloudOff aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-sm text-base font-semibold">{OFFLINE_NOT_SAVED.title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{OFFLINE_NOT_SAVED.description}</p>
    </div>
  );
}
