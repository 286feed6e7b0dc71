/**
 * Messages written while offline, kept in this browser (localStorage) until they are sent, so a
 * reload or a closed tab loses nothing. Each carries the clientId it will be sent with: the server
 * stores a message once per clientId, so sending it twice (two tabs, a retry after a lost answer)
 * cannot duplicate it. Each also carries its author, so only they ever send it.
 */
export interface QueuedMessage {
  userId: string;
  responseId: string;
  clientId: string;
  message: string;
  attachments: string[];
  createdAt: string;
  /** Set when the server refused it: shown on the message with Try again and Remove. */
  refusal?: string;
}

const STORAGE_KEY = 'grip:queued-messages';
const EMPTY: readonly QueuedMessage[] = [];
const listeners = new Set<() => void>();
// The parsed queue for the stored text it came from: the same text gives the same array, as React's
// useSyncExternalStore needs, and a change from anywhere (another tab) is seen at the next read.
let cached: { raw: string | null; list: readonly QueuedMessage[] } = { raw: null, list: EMPTY };
// Used when storage is blocked or full: the queue then lives as long as the page.
let fallback: readonly QueuedMessage[] | null = null;

function read(): readonly QueuedMessage[] {
  if (fallback) return fallback;
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cached.raw) return cached.list;
  let list: readonly QueuedMessage[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) list = parsed.filter(isQueuedMessage);
  } catch {
    list = EMPTY;
  }
  cached = { raw, list };
  return list;
}

function write(next: readonly QueuedMessage[]) {
  try {
    if (next.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
    fallback = null;
  } catch (err) {
    console.warn('Could not keep the unsent messages in this browser', err);
    fallback = next;
  }
  for (const listener of listeners) listener();
}

/** Other tabs change the queue too (one of them sends, say); their writes arrive as storage events. */
function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  for (const listener of listeners) listener();
}

export function subscribeQueuedMessages(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function queuedMessages(): readonly QueuedMessage[] {
  return read();
}

export function enqueueMessage(message: QueuedMessage) {
  const current = read();
  if (current.some((m) => m.clientId === message.clientId)) return;
  write([...current, message]);
}

export function removeQueuedMessage(clientId: string) {
  write(read().filter((m) => m.clientId !== clientId));
}

export function markQueuedMessage(clientId: string, refusal: string | undefined) {
  write(read().map((m) => (m.clientId === clientId ? { ...m, refusal } : m)));
}

/** Another person is signed in now (or nobody): what the last one left unsent is not theirs to see. */
export function keepQueuedMessagesOf(userId: string | null) {
  const current = read();
  const kept = current.filter((m) => m.userId === userId);
  if (kept.length !== current.length) write(kept);
}

function isQueuedMessage(value: unknown): value is QueuedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.userId === 'string' &&
    typeof m.responseId === 'string' &&
    typeof m.clientId === 'string' &&
    typeof m.message === 'string' &&
    typeof m.createdAt === 'string' &&
    Array.isArray(m.attachments) &&
    m.attachments.every((a) => typeof a === 'string')
  );
}
