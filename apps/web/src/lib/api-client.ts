/**
 * The one way the web app talks to the server: same-origin JSON with the session cookie.
 * Every non-2xx answer becomes an ApiError carrying the server's user-facing `message`
 * (our API sends `{ error, message, fields? }`, Better Auth sends `{ code, message }`).
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = "Can't reach Grip right now. Check your connection and try again.";

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A 401 normally means the session is gone, and the app signs the user out locally.
   * Calls where 401 is an ordinary answer (the session probe, a wrong password) opt out.
   */
  expectUnauthorized?: boolean;
}

let unauthorizedListener: (() => void) | null = null;

/** Registers what happens when any call learns the session has ended; returns an unregister function. */
export function setUnauthorizedListener(listener: (() => void) | null): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where calls go: the browser's fetch, or — when the server renders a first screen
 * (app/entry-server.tsx) — the server's own API, asked in-process as the signed-in person.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, expectUnauthorized } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A JSON content type with an empty body is rejected by the server, so only send it with a body.
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }

  const payload = response.status === 204 ? null : await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && !expectUnauthorized) unauthorizedListener?.();
    throw toApiError(response.status, payload);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = void>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = void>(path: string, body: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = void>(path: string, body: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A query string from the defined values only: { a: 1, b: undefined } -> '?a=1'. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const message =
    typeof body.message === 'string' && body.message.trim() ? body.message : fallbackMessage(status);
  const code =
    typeof body.error === 'string' ? body.error : typeof body.code === 'string' ? body.code : undefined;
  const fields = isRecord(body.fields) ? (body.fields as Record<string, string>) : undefined;
  return new ApiError(status, message, code, fields);
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'Something went wrong. Please try again.';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
