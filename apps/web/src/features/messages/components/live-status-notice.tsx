import { WifiOff } from 'lucide-react';
import { useLiveStatus } from '@/lib/use-live-updates';
import { cn } from '@/lib/utils';

export const LIVE_OFFLINE_TEXT = "You're offline. New messages will appear when you're back online.";

/**
 * Messages arrive live, so the chat has no Refresh button (issue 33): a dropped connection is
 * reconnected silently, and only when it is really gone (offline, or down a while) does this say so.
 */
export function LiveStatusNotice({ className }: { className?: string }) {
  const status = useLiveStatus();
  if (status !== 'offline') return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 border-b border-warning-border bg-warning px-3 py-2 text-sm text-warning-foreground',
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {LIVE_OFFLINE_TEXT}
    </p>
  );
}
