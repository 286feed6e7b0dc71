import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The error state of a list: the spec's words and a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-900"
    >
      <p>Failed to load your requests.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Retry
      </Button>
    </div>
  );
}
