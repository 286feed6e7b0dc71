import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertNotifications } from './notifications.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userWithNotifications(n: number) {
  const user = await t.signUp();
  const base = Date.now() - n * 1000;
  await insertNotifications(
    t.db,
    Array.from({ length: n }, (_, i) => ({
      userId: user.userId,
      type: i % 2 ? 'new_message' : 'new_request',
      title: `Title ${i}`,
      message: `Message ${i}`,
      createdAt: new Date(base + i * 1000),
    })),
  );
  return user;
}

describe('notifications', () => {
  it('lists the latest first, limited, with the unread count and a cursor to the next page', async () => {
    const { cookie } = await userWithNotifications(12);
    const first = await t.inject({ url: '/api/notifications?limit=10', cookie });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.items).toHaveLength(10);
    expect(body.items[0].title).toBe('Title 11');
    expect(body.unreadCount).toBe(12);
    expect(body.nextCursor).toBeTruthy();
    const second = await t.inject({ url: `/api/notifications?limit=10&cursor=${body.nextCursor}`, cookie });
    expect(second.json().items.map((n: { title: string }) => n.title)).toEqual(['Title 1', 'Title 0']);
    expect(second.json().nextCursor).toBeNull();
  });

  it('pages through notifications created in the same instant without losing any', async () => {
    const user = await t.signUp();
    const at = new Date();
    await insertNotifications(
      t.db,
      Array.from({ length: 5 }, (_, i) => ({
        userId: user.userId,
        type: 'new_request',
        title: `Same time ${i}`,
        message: 'm',
        createdAt: at,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.inject({ url, cookie: user.cookie })).json();
      seen.push(...page.items.map((n: { id: string }) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
  });

  it('marks one read, then all read', async () => {
    const { cookie } = await userWithNotifications(3);
    const list = (await t.inject({ url: '/api/notifications', cookie })).json();
    const res = await t.inject({
      method: 'POST',
      url: `/api/notifications/${list.items[0].id}/read`,
      cookie,
    });
    expect(res.statusCode).toBe(204);
    const after = (await t.inject({ url: '/api/notifications', cookie })).json();
    expect(after.unreadCount).toBe(2);
    expect(after.items[0].readAt).toBeTruthy();
    await t.inject({ method: 'POST', url: '/api/notifications/read-all', cookie });
    expect((await t.inject({ url: '/api/notifications', cookie })).json().unreadCount).toBe(0);
  });

  it("never shows or changes another user's notifications", async () => {
    const owner = await userWithNotifications(1);
    const other = await t.signUp();
    const ownList = (await t.inject({ url: '/api/notifications', cookie: owner.cookie })).json();
    expect((await t.inject({ url: '/api/notifications', cookie: other.cookie })).json().items).toEqual([]);
    const res = await t.inject({
      method: 'POST',
      url: `/api/notifications/${ownList.items[0].id}/read`,
      cookie: other.cookie,
    });
    expect(res.statusCode).toBe(404);
    expect((await t.inject({ url: '/api/notifications', cookie: owner.cookie })).json().unreadCount).toBe(1);
  });

  it('answers bad ids, limits and cursors with 400, and signed-out calls with 401', async () => {
    const { cookie } = await t.signUp();
    expect(
      (await t.inject({ method: 'POST', url: '/api/notifications/not-a-uuid/read', cookie })).statusCode,
    ).toBe(400);
    expect((await t.inject({ url: '/api/notifications?limit=0', cookie })).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/notifications?limit=abc', cookie })).statusCode).toBe(400);
    const badCursor = await t.inject({ url: '/api/notifications?cursor=not-an-id', cookie });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe('That page cursor is not valid.');
    expect((await t.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
