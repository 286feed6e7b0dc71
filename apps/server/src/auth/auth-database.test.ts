import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { authDatabase } from './auth-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = (id: string) => ({ id, name: 'Tx Person', email: `${id}@example.com` });

describe('the auth database', () => {
  it('sends the queries made while a transaction is open to that transaction', async () => {
    const db = authDatabase(t.db);
    // Through the same object, as Better Auth's adapter and our hooks both use it. Outside the
    // transaction the insert would commit (PostgreSQL) or wait for ever (the embedded database).
    await expect(
      db.transaction(async () => {
        await db.insert(users).values(person('tx-rolled-back'));
        expect(await db.select().from(users).where(eq(users.id, 'tx-rolled-back'))).toHaveLength(1);
        throw new Error('cut off');
      }),
    ).rejects.toThrow('cut off');
    expect(await t.db.select().from(users).where(eq(users.id, 'tx-rolled-back'))).toEqual([]);
  });

  it('uses the shared connection when no transaction is open', async () => {
    const db = authDatabase(t.db);
    await db.insert(users).values(person('tx-none'));
    expect(await t.db.select().from(users).where(eq(users.id, 'tx-none'))).toHaveLength(1);
  });
});
