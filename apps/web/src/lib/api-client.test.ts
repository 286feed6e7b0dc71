import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ApiError, NETWORK_ERROR_MESSAGE, api, setUnauthorizedListener } from './api-client';

describe('api client', () => {
  afterEach(() => setUnauthorizedListener(null));

  it('sends JSON with the session cookie and parses the answer', async () => {
    const { fetchMock } = mockApi({ 'POST /api/things': { body: { ok: true } } });
    await expect(api.post('/api/things', { a: 1 })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no content type without a body (the server rejects empty JSON)', async () => {
    const { fetchMock } = mockApi({ 'POST /api/notifications/read-all': { status: 204 } });
    await expect(api.post('/api/notifications/read-all')).resolves.toBeNull();
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws an ApiError with the server's message (our API and Better Auth shapes)", async () => {
    mockApi({
      'GET /api/a': {
        status: 409,
        body: { error: 'conflict', message: 'Already done', fields: { x: 'Bad x' } },
      },
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const first = await api.get('/api/a').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({
      status: 409,
      message: 'Already done',
      code: 'conflict',
      fields: { x: 'Bad x' },
    });
    const second = await api
      .post('/api/auth/sign-in/email', {}, { expectUnauthorized: true })
      .catch((e: unknown) => e);
    expect(second).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
  });

  it('falls back to a plain message when the body has none', async () => {
    mockApi({ 'GET /api/busy': { status: 429, body: null }, 'GET /api/boom': { status: 500, body: null } });
    await expect(api.get('/api/busy')).rejects.toThrow(
      'Too many attempts. Please wait a moment and try again.',
    );
    await expect(api.get('/api/boom')).rejects.toThrow('Something went wrong on our side. Please try again.');
  });

  it('reports a lost session on 401 unless the caller expects it', async () => {
    mockApi({ 'GET /api/badges': { status: 401, body: { error: 'unauthorized', message: 'Sign in' } } });
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    await expect(api.get('/api/badges', { expectUnauthorized: true })).rejects.toThrow('Sign in');
    expect(listener).not.toHaveBeenCalled();
    await expect(api.get('/api/badges')).rejects.toThrow('Sign in');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a friendly ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});
