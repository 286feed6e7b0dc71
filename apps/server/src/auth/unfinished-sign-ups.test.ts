import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-up cut off after the account and its profile, before its password: what a kill leaves. */
async function cutOffSignUp(ageMs: number) {
  const account = await t.signUp({ role: 'business_owner', businessName: 'Half Done Plumbing' });
  await t.db.delete(accounts).where(eq(accounts.userId, account.userId));
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(users.id, account.userId));
  return account;
}

const signUpAgain = (email: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Second Try', email, password: 'correct-horse-42', role: 'user' },
  });

describe('a sign-up cut off half-way', () => {
  it('does not keep its email: signing up again removes it and makes the account afresh', async () => {
    const first = await cutOffSignUp(60_000);
    const again = await signUpAgain(first.email.toUpperCase());
    expect(again.statusCode, again.body).toBe(200);
    const id = again.json().user.id as string;
    expect(id).not.toBe(first.userId);
    expect(await t.db.select().from(users).where(eq(users.id, first.userId))).toEqual([]);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, first.userId))).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile?.role).toBe('user');
    expect((await t.signIn(first.email, 'correct-horse-42')).res.statusCode).toBe(200);
  });

  it('is left alone while it may still be in progress (under two seconds old)', async () => {
    const first = await cutOffSignUp(0);
    const again = await signUpAgain(first.email);
    expect(again.statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.id, first.userId))).toHaveLength(1);
  });

  it('never touches a finished account', async () => {
    const finished = await t.signUp();
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, finished.userId));
    expect((await signUpAgain(finished.email)).statusCode).toBe(422);
    expect((await t.signIn(finished.email, finished.password)).res.statusCode).toBe(200);
  });
});
