import { OFFLINE_ALERT } from '@grip/domain';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { OFFLINE_NOT_LOADED } from '@/components/ui/offline-not-saved';
import { useIsOfflineWithoutData, useOnlineStatus } from '@/lib/use-online-status';

/**
 * Spec 1 §2: shown whenever the browser reports it is offline. When part of the page waits for data it
 * never had (a tile, a card: lists say so in place, ListSkeleton), the alert says it will load once back
 * online, and every placeholder on the page stops pulsing (`data-offline-waiting` on the root,
 * styles.css): it is not loading, it is waiting (issue 33 item 8).
 */
export function OfflineAlert() {
  const isOnline = useOnlineStatus();
  const isWaiting = useIsOfflineWithoutData();
  useEffect(() => {
    if (!isWaiting) return;
    document.documentElement.dataset.offlineWaiting = '';
    return () => {
      delete document.documentElement.dataset.offlineWaiting;
    };
  }, [isWaiting]);
  if (isOnline) return null;
  return (
    <div
      role="alert"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 bg-warning px-4 py-2 text-center text-sm font-medium text-warning-foreground shadow-sm"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {OFFLINE_ALERT}
      {isWaiting ? <span className="font-normal">{` ${OFFLINE_NOT_LOADED}`}</span> : null}
    </div>
  );
}
