import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream, type LiveClient } from '../../test/live-client';
import { createTestApp, isPostgres, type TestApp } from '../../test/test-app';

/**
 * Fan-out across real server processes: this test's app and a second Grip started as its own Node
 * process (the production entry point, `src/server.ts`) on the same PostgreSQL database. A change made
 * through either reaches a live stream held by the other: each process reads the live_events table —
 * nothing is shared in memory. PGlite is one process's database, so this runs on PostgreSQL only (`npm run test:pg`).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitUntilUp(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second process exited: ${log()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the second process did not start: ${log()}`);
}

describe.runIf(isPostgres())('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let here: string;
  let there: string;
  let child: ChildProcess;
  const streams: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    here = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const port = await freePort();
    there = `http://127.0.0.1:${port}`;
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.app.grip.config.databaseUrl!,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: there,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitUntilUp(there, child, () => output);
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  async function listen(base: string, cookie: string) {
    const s = await openLiveStream(base, cookie);
    streams.push(s);
    await s.ready;
    return s;
  }

  it('a change made through either process reaches a stream held by the other', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner', businessName: 'Two Process Pools' });

    // The customer listens on the other process; a notification is written through this one.
    const onThere = await listen(there, customer.cookie);
    const posted = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Home & Property Services',
        serviceSubtype: 'pool-maintenance',
        description: 'The pool needs its weekly clean.',
        location: '3 Bay Rd, Manly NSW 2095',
        serviceAreaKm: 10,
        budget: 150,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const requestId = posted.json().id as string;
    await onThere.next((e) => e.data?.kind === 'request' && e.data.id === requestId);

    // The customer also listens here; the business quotes through the other process (real HTTP).
    const onHere = await listen(here, customer.cookie);
    const quoted = await fetch(`${there}/api/business/requests/${requestId}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: business.cookie, origin: there },
      body: JSON.stringify({ message: 'Weekly clean, Thursdays.', quotedPrice: 140, priceType: 'fixed' }),
    });
    expect(quoted.status, await quoted.text()).toBe(201);
    const response = await onHere.next((e) => e.data?.kind === 'response' && e.data.op === 'created');
    const notification = await onHere.next((e) => e.data?.kind === 'notification' && e.data.op === 'created');
    // Only ids and kinds travel: the client refetches through the API.
    expect(Object.keys(response.data!).sort()).toEqual(['id', 'kind', 'op']);
    expect(notification.data!.id).toMatch(/^[0-9a-f-]{36}$/);
  }, 30_000);

  it('both processes deliver a change written through either, each to its own streams', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner', businessName: 'Both Sides Pools' });
    const [onHere, onThere] = await Promise.all([
      listen(here, customer.cookie),
      listen(there, customer.cookie),
    ]);
    const posted = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Home & Property Services',
        serviceSubtype: 'pool-maintenance',
        description: 'The pool filter needs replacing.',
        location: '3 Bay Rd, Manly NSW 2095',
        serviceAreaKm: 10,
        budget: 150,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const requestId = posted.json().id as string;
    const fromHere = (e: { data: { kind: string; id: string } | null }) =>
      e.data?.kind === 'request' && e.data.id === requestId;
    const [a, b] = await Promise.all([onHere.next(fromHere), onThere.next(fromHere)]);
    // One event, one id, whichever process told it.
    expect(a.id).toBe(b.id);

    // And back the other way: a quote written through the other process, heard on both.
    const quoted = await fetch(`${there}/api/business/requests/${requestId}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: business.cookie, origin: there },
      body: JSON.stringify({ message: 'A new filter on Friday.', quotedPrice: 220, priceType: 'fixed' }),
    });
    const body = await quoted.text();
    expect(quoted.status, body).toBe(201);
    const responseId = (JSON.parse(body) as { id: string }).id;
    const isQuote = (e: { data: { kind: string; id: string } | null }) =>
      e.data?.kind === 'response' && e.data.id === responseId;
    const [c, d] = await Promise.all([onHere.next(isQuote), onThere.next(isQuote)]);
    expect(c.id).toBe(d.id);
  }, 30_000);
});
