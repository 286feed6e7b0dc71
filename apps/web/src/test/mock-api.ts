import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/**
 * Replaces fetch with canned answers keyed by 'METHOD /path' (with or without the query string).
 * Unlisted calls answer 404, like an unknown route would. Returns the recorded calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`];
    const reply: Reply = !handler
      ? { status: 404, body: { error: 'not_found', message: `No mock for ${method} ${path}` } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A promise you settle from the test, for "while the request is in flight" checks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
