import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown when the session itself could not be loaded (server down, network gone), instead of a wrong redirect. */
export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4">
      <EmptyState
        icon={CloudOff}
        title="We couldn't reach Grip"
        description="Check your connection and try again."
        action={<Button onClick={onRetry}>Try again</Button>}
        className="w-full"
      />
    </div>
  );
}
