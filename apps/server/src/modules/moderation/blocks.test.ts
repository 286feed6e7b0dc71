import { randomUUID } from 'node:crypto';
import {
  BlockedAccountPageSchema,
  CONVERSATION_MESSAGES,
  ConversationBlockSchema,
  MODERATION_MESSAGES,
} from '@grip/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { block, dealing, unblock, type Party, poolBusiness } from './testing/dealings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const listOf = async (who: Party, query = '') => {
  const res = await t.inject({ url: `/api/blocks${query}`, cookie: who.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return BlockedAccountPageSchema.parse(res.json());
};
const stateOf = async (who: Party, responseId: string) => {
  const res = await t.inject({ url: `/api/blocks/conversations/${responseId}`, cookie: who.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return ConversationBlockSchema.parse(res.json());
};

describe('blocking', () => {
  it('asks signed-out callers to sign in before anything else', async () => {
    for (const [method, url] of [
      ['GET', '/api/blocks'],
      ['GET', '/api/blocks?limit=nonsense'],
      ['POST', '/api/blocks/someone'],
      ['DELETE', '/api/blocks/someone'],
      ['GET', `/api/blocks/conversations/${randomUUID()}`],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets either party of a quote block the other, once, and lists it by name', async () => {
    const d = await dealing(t, { book: false });
    expect((await block(t, d.customer, d.business.userId)).statusCode).toBe(204);
    // Blocking again changes nothing.
    expect((await block(t, d.customer, d.business.userId)).statusCode).toBe(204);
    const mine = await listOf(d.customer);
    expect(mine.items).toEqual([
      { userId: d.business.userId, name: 'Blue Water Pools', blockedAt: expect.any(String) as string },
    ]);
    expect(mine.nextCursor).toBeNull();
    // The business's own list is its own: it blocked nobody.
    expect((await listOf(d.business)).items).toEqual([]);
    expect((await block(t, d.business, d.customer.userId)).statusCode).toBe(204);
    expect((await listOf(d.business)).items.map((i) => i.name)).toEqual(['Casey Customer']);
  });

  it('answers the same 404 for an unknown, malformed or never-dealt-with id, and 400 for oneself', async () => {
    const d = await dealing(t, { book: false });
    const stranger = await t.signUp({ name: 'Stranger' });
    const otherBusiness = await poolBusiness(t, 'Other Pools');
    for (const id of ['no-such-account', 'bad id!', randomUUID(), stranger.userId, otherBusiness.userId]) {
      const res = await block(t, d.customer, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(MODERATION_MESSAGES.accountNotFound);
    }
    const self = await block(t, d.customer, d.customer.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MODERATION_MESSAGES.cannotBlockSelf);
    expect((await listOf(d.customer)).items).toEqual([]);
  });

  it('unblocks only the caller’s own block, and unblocking twice changes nothing', async () => {
    const d = await dealing(t, { book: false });
    await block(t, d.customer, d.business.userId);
    await block(t, d.business, d.customer.userId);
    expect((await unblock(t, d.customer, d.business.userId)).statusCode).toBe(204);
    expect((await unblock(t, d.customer, d.business.userId)).statusCode).toBe(204);
    expect((await unblock(t, d.customer, 'no-such-account')).statusCode).toBe(204);
    expect((await listOf(d.customer)).items).toEqual([]);
    // The business's block of the customer stands.
    expect((await listOf(d.business)).items).toHaveLength(1);
  });

  it('pages the list newest first with an opaque cursor, and refuses a bad one', async () => {
    const customer = await t.signUp({ name: 'Busy Customer' });
    const names = ['First Pools', 'Second Pools', 'Third Pools'];
    for (const name of names) {
      const d = await dealing(t, { book: false, customer, business: await poolBusiness(t, name) });
      expect((await block(t, customer, d.business.userId)).statusCode).toBe(204);
    }
    const first = await listOf(customer, '?limit=2');
    expect(first.items.map((i) => i.name)).toEqual(['Third Pools', 'Second Pools']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOf(customer, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.name)).toEqual(['First Pools']);
    expect(second.nextCursor).toBeNull();
    for (const cursor of ['nonsense', Buffer.from('["x","y"]').toString('base64url')]) {
      const res = await t.inject({ url: `/api/blocks?cursor=${cursor}`, cookie: customer.cookie });
      expect(res.statusCode, cursor).toBe(400);
    }
  });

  it('tells each party of a conversation what stands between them, in their own terms', async () => {
    const d = await dealing(t);
    expect(await stateOf(d.customer, d.responseId)).toEqual({
      otherPartyId: d.business.userId,
      otherPartyName: 'Blue Water Pools',
      blockedByMe: false,
      canContact: true,
    });
    await block(t, d.customer, d.business.userId);
    expect(await stateOf(d.customer, d.responseId)).toMatchObject({ blockedByMe: true, canContact: false });
    // The business learns only that it cannot reach the customer.
    expect(await stateOf(d.business, d.responseId)).toEqual({
      otherPartyId: d.customer.userId,
      otherPartyName: 'Casey Customer',
      blockedByMe: false,
      canContact: false,
    });
    const stranger = await t.signUp({ name: 'Stranger' });
    for (const id of [d.responseId, randomUUID(), 'not-a-uuid']) {
      const res = await t.inject({ url: `/api/blocks/conversations/${id}`, cookie: stranger.cookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(CONVERSATION_MESSAGES.notFound);
    }
  });
});
