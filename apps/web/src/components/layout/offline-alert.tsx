import { OFFLINE_ALERT } from '@grip/domain';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/lib/use-online-status';

/** Spec 1 §2: shown whenever the browser reports it is offline. */
export function OfflineAlert() {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <div
      role="alert"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-warning px-4 py-2 text-sm font-medium text-warning-foreground shadow-sm"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {OFFLINE_ALERT}
    </div>
  );
}
