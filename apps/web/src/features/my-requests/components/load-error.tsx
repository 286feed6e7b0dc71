import { ListLoadError } from '@/components/ui/paged-section';

/** The spec's words when My Requests cannot be read (2-customer §8). */
export const LOAD_FAILED_TEXT = 'Failed to load your requests.';

/** The error state of a My Requests list, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return <ListLoadError message={LOAD_FAILED_TEXT} onRetry={onRetry} />;
}
