import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** While a settings section's values load: placeholder lines, announced as `label`. */
export function SettingsSectionLoading({ label, lines = 2 }: { label: string; lines?: number }) {
  return (
    <div className="grid gap-2" role="status">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={i === 0 ? 'h-5 w-64 max-w-full' : 'h-5 w-40'} />
      ))}
    </div>
  );
}

/** A settings section's values could not be loaded: the reason and a way to try again. */
export function SettingsSectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert tone="danger" role="alert" className="flex-col items-start">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
