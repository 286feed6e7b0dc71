import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/fixtures';
import { API_CACHE, IMAGE_CACHE } from './offline-cache';
import { connectOfflineSession } from './offline-session';
import { queryKeys } from './query-keys';

beforeEach(() => localStorage.clear());

function setup() {
  const deleted: string[] = [];
  vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
  const queryClient = new QueryClient();
  const owners: (string | null)[] = [];
  const disconnect = connectOfflineSession(queryClient, (owner) => owners.push(owner));
  return { queryClient, deleted, owners, disconnect };
}

describe('connectOfflineSession', () => {
  it('empties the offline caches when the signed-in person changes, and only then', () => {
    const { queryClient, deleted, owners, disconnect } = setup();
    const me = makeMe('user');
    queryClient.setQueryData(queryKeys.me, me);
    expect(owners).toEqual([me.user.id]);
    expect(deleted).toEqual([API_CACHE, IMAGE_CACHE]);

    // The same person again (a refetch, an offline start from the cache): nothing is emptied.
    queryClient.setQueryData(queryKeys.me, { ...me });
    expect(deleted).toHaveLength(2);

    // Signed out: emptied.
    queryClient.setQueryData(queryKeys.me, null);
    expect(owners).toEqual([me.user.id, null]);
    expect(deleted).toHaveLength(4);
    disconnect();
  });

  it('remembers the owner across page loads', () => {
    const me = makeMe('user');
    const first = setup();
    first.queryClient.setQueryData(queryKeys.me, me);
    first.disconnect();

    const second = setup();
    second.queryClient.setQueryData(queryKeys.me, me);
    expect(second.deleted).toEqual([]);
    second.queryClient.setQueryData(queryKeys.me, { ...me, user: { ...me.user, id: 'someone-else' } });
    expect(second.deleted).toEqual([API_CACHE, IMAGE_CACHE]);
    second.disconnect();
  });
});
