import fs from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext } from '@playwright/test';
import { bookJob, PNG_16 } from '../fixtures';

/**
 * Behind nginx with three processes (npm run test:scale, scripts/scale-stack.mjs): one process is
 * killed in the middle of a job. The journey carries on through the others; nothing a person was
 * told had happened is lost; no email goes out twice.
 */
const STACK_DIR = path.resolve(import.meta.dirname, '../../.tmp/scale');

interface Stack {
  processes: { port: number; pid: number }[];
}
const stack = () => JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')) as Stack;
const emails = () =>
  fs
    .readFileSync(path.join(STACK_DIR, 'emails.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; subject: string; raw: string });

async function send(api: APIRequestContext, responseId: string, message: string) {
  const res = await api.post(`/api/conversations/${responseId}/messages`, { data: { message } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a process killed mid-journey: the job carries on through the others and nothing acknowledged is lost', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { business, customer, requestId, responseId } = await bookJob(baseURL!);

  // The customer's phone: the booking's conversation open, its live stream held by one process.
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    storageState: await customer.api.storageState(),
  });
  const page = await context.newPage();
  // The process nginx handed the page's live stream to (the test stack's nginx names it).
  const streamHolder = page
    .waitForResponse((res) => new URL(res.url()).pathname === '/api/events')
    .then((res) => Number(res.headers()['x-grip-upstream']?.split(':').at(-1)));
  await page.goto(`/messages?conversation=${requestId}-${responseId}`);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(page.getByText('with Sparks Electrical')).toBeVisible();
  // Before the failure, each message is posted through nginx to whichever process is next.
  for (let i = 1; i <= 3; i++) await send(business.api, responseId, `Before the failure, message ${i}.`);
  for (let i = 1; i <= 3; i++)
    await expect(thread.getByText(`Before the failure, message ${i}.`)).toBeVisible();

  // The process holding the customer's live stream dies without warning (a crash, an out-of-memory
  // kill); the others stay.
  const alive = stack().processes.filter(({ pid }) => isAlive(pid));
  expect(alive.length, 'processes still running').toBeGreaterThanOrEqual(2);
  const holderPort = await streamHolder;
  const victim = alive.find(({ port }) => port === holderPort)!;
  expect(victim, `the stream's process (port ${holderPort}) is one of the stack's`).toBeDefined();
  const survivors = alive.filter((p) => p !== victim);
  process.kill(victim.pid, 'SIGKILL');
  await expect
    .poll(() =>
      fetch(`http://127.0.0.1:${victim.port}/healthz`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');

  // The journey goes on: messages both ways, each acknowledged, each seen live on the open screen
  // (its stream, cut with the process, reconnects through nginx and replays what it missed).
  for (let i = 1; i <= 4; i++) {
    await send(business.api, responseId, `After the failure, from the business ${i}.`);
    await send(customer.api, responseId, `After the failure, from the customer ${i}.`);
  }
  for (let i = 1; i <= 4; i++) {
    await expect(thread.getByText(`After the failure, from the business ${i}.`)).toBeVisible({
      timeout: 20_000,
    });
    await expect(thread.getByText(`After the failure, from the customer ${i}.`)).toBeVisible();
  }

  // Completion with a proof photo, stored in the bucket through one process, served by the others.
  const upload = await business.api.post('/api/uploads?purpose=completion_proof', {
    multipart: { file: { name: 'done.png', mimeType: 'image/png', buffer: PNG_16 } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url: proof } = (await upload.json()) as { url: string };
  const completed = await business.api.post(`/api/business/jobs/${responseId}/complete`, {
    data: { proofImages: [proof], requestReview: true },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  // Straight to each process (at localhost, where the session cookie belongs).
  for (const { port } of survivors) {
    const direct = await customer.api.get(`http://localhost:${port}${proof}`);
    expect(direct.status(), `the proof photo from the process on ${port}`).toBe(200);
    expect(direct.headers()['content-type']).toBe('image/png');
  }

  // Everything acknowledged is there, read straight from each surviving process.
  for (const { port } of survivors) {
    const res = await customer.api.get(
      `http://localhost:${port}/api/conversations/${responseId}/messages?limit=100`,
    );
    expect(res.status()).toBe(200);
    const texts = ((await res.json()) as { items: { message: string }[] }).items.map((m) => m.message);
    for (let i = 1; i <= 3; i++) expect(texts).toContain(`Before the failure, message ${i}.`);
    for (let i = 1; i <= 4; i++) {
      expect(texts).toContain(`After the failure, from the business ${i}.`);
      expect(texts).toContain(`After the failure, from the customer ${i}.`);
    }
  }
  const notices = await customer.api.get('/api/notifications?limit=50');
  expect(notices.status()).toBe(200);
  expect(JSON.stringify(await notices.json())).toMatch(/complete/i);

  // No email twice: every delivery has its own Message-ID, the same on each try (jobs/senders.ts).
  await expect.poll(() => emails().some((m) => m.to.includes(customer.email))).toBe(true);
  const ids = emails().map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
  expect(ids.every(Boolean)).toBe(true);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  await context.close();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
