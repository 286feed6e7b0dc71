import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { cookiesOf, createTestApp, isPostgres } from '../test/test-app';
import { openDatabase } from '../db/client';
import { outbox, serviceRequests, users } from '../db/schema';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function embeddedConfig(dataDir: string, demo: string) {
  return loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_DATA: demo,
    PORT: '3000',
  });
}

describe.skipIf(isPostgres())('demo marketplace on the embedded database', () => {
  it('is seeded on the first start only, and its logins work', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-demo-'));
    dirs.push(dir);
    const first = await buildApp(embeddedConfig(dir, 'auto'));
    try {
      expect(first.grip.demoLogins?.map((l) => l.role)).toEqual([
        'user',
        'business_owner',
        'business_owner',
        'administrator',
      ]);
      const plumber = first.grip.demoLogins!.find((l) => l.email.startsWith('plumber'))!;
      const signIn = await first.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: plumber.email, password: plumber.password },
      });
      expect(signIn.statusCode).toBe(200);
      const me = await first.inject({ url: '/api/me', headers: { cookie: cookiesOf(signIn) } });
      expect(me.json().profile).toMatchObject({
        role: 'business_owner',
        businessName: 'Harbour Plumbing Co.',
      });
      const badges = await first.inject({ url: '/api/badges', headers: { cookie: cookiesOf(signIn) } });
      expect(badges.json().newRequests).toBe(0); // it has already quoted on the one plumbing request
      const [pending] = await first.grip.database.db.select({ n: count() }).from(outbox);
      expect(pending?.n).toBe(0); // no confirmation emails for made-up addresses
    } finally {
      await first.close();
    }

    const second = await buildApp(embeddedConfig(dir, 'auto'));
    try {
      const [u] = await second.grip.database.db.select({ n: count() }).from(users);
      const [r] = await second.grip.database.db.select({ n: count() }).from(serviceRequests);
      expect(u?.n).toBe(4);
      expect(r?.n).toBe(3);
      expect(second.grip.demoLogins).toHaveLength(4); // still printed on later starts
      // The password is this installation's own, never a published one.
      expect(second.grip.demoLogins![0]!.password).toMatch(/^grip-[\w-]{8}$/);
      expect(fs.readFileSync(path.join(dir, 'demo-password'), 'utf8')).toBe(
        second.grip.demoLogins![0]!.password,
      );
    } finally {
      await second.close();
    }
  }, 120_000); // two full starts of an embedded database (migrations, seeding, password hashing): CPU-bound, and slow when the two cores are shared

  it('belongs to one process at a time; a stale claim is taken over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-lock-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'grip.pid'), '999999999'); // a process that is gone
    const first = await buildApp(embeddedConfig(dir, 'off'));
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another Grip process/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'grip.pid'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('is not seeded with DEMO_DATA=off', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-demo-'));
    dirs.push(dir);
    const app = await buildApp(embeddedConfig(dir, 'off'));
    try {
      const [u] = await app.grip.database.db.select({ n: count() }).from(users);
      expect(u?.n).toBe(0);
      expect(app.grip.demoLogins).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('demo marketplace on PostgreSQL', () => {
  it('is never seeded automatically on a database given by DATABASE_URL', async () => {
    if (!isPostgres()) return;
    const t = await createTestApp({ NODE_ENV: 'development', DEMO_DATA: 'auto' });
    try {
      const [u] = await t.db.select({ n: count() }).from(users);
      expect(u?.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
