import { z } from 'zod';
import { DraftSchema, type Draft } from './draft';

/** sessionStorage key of a guest's request, kept while they sign in. */
export const PENDING_REQUEST_KEY = 'grip.pendingRequest';
/** Bumped whenever the stored shape changes; an older or unknown version is dropped, never guessed at. */
export const PENDING_REQUEST_VERSION = 1;

const PendingRequestSchema = z.object({
  version: z.literal(PENDING_REQUEST_VERSION),
  savedAt: z.string(),
  draft: DraftSchema,
});
export type PendingRequest = z.infer<typeof PendingRequestSchema>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings); the guest then simply starts again.
    return null;
  }
}

export function savePendingRequest(draft: Draft, now = new Date()): boolean {
  const store = storage();
  if (!store) return false;
  const pending: PendingRequest = { version: PENDING_REQUEST_VERSION, savedAt: now.toISOString(), draft };
  try {
    store.setItem(PENDING_REQUEST_KEY, JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}

/** The stored request when it is one this version understands; anything else is removed. */
export function readPendingRequest(): PendingRequest | null {
  const store = storage();
  const raw = store?.getItem(PENDING_REQUEST_KEY);
  if (!store || !raw) return null;
  try {
    const parsed = PendingRequestSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and drop it.
  }
  store.removeItem(PENDING_REQUEST_KEY);
  return null;
}

export function clearPendingRequest(): void {
  storage()?.removeItem(PENDING_REQUEST_KEY);
}
