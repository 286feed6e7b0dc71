import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openLiveStream } from './test/live-client';
import { isPostgres } from './test/test-app';
import { until } from './test/until';

const here = path.dirname(fileURLToPath(import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Signs a new customer up through HTTP; its session cookie. */
async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Stop Watcher',
      email: 'stop.watcher@example.com',
      password: 'correct-horse-42',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A request the server has begun and not finished: its headers and half its body are sent; `finish`
 * sends the rest and resolves with the status line of the answer (or what the socket said instead).
 */
function requestInFlight(port: number, requestId: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const ended = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => resolve(`socket error: ${err.message}`));
  });
  socket.write(
    `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\n\r\n` +
      body.slice(0, 10),
  );
  return {
    finish: async () => {
      socket.write(body.slice(10));
      const text = await ended;
      return text.split('\r\n')[0] ?? text;
    },
  };
}

describe.skipIf(isPostgres())('server.ts', () => {
  it('listens, prints where, and on SIGTERM drains, finishes what is in flight, ends live streams with a retry and releases the data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-server-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        // Info: the log says when the request in flight has come in.
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        NODE_ENV: 'development',
        // Long enough never to end by itself here: a second SIGTERM ends it.
        SHUTDOWN_DRAIN_SECONDS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // A new embedded database (initdb and every migration) under tsx: slow on a busy 2-core machine.
      await until(() => output.includes('Grip is running') || child.exitCode !== null, 'it started', {
        timeoutMs: 45_000,
        everyMs: 50,
      });
      expect(output).toContain(`Grip is running on http://localhost:${port}`);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'grip.pid'))).toBe(true);
      const live = await openLiveStream(base, await signUp(base));
      await live.ready;

      // Draining: not ready for new work, but still answering it.
      child.kill('SIGTERM');
      await until(async () => (await fetch(`${base}/readyz`)).status === 503, '/readyz said 503', {
        timeoutMs: 60_000,
        everyMs: 50,
      });
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'draining' });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const inFlight = requestInFlight(port, 'still-coming-in');
      await until(() => output.includes('"reqId":"still-coming-in"'), 'the request in flight came in', {
        timeoutMs: 60_000,
        everyMs: 50,
      });

      // Closing (a second signal ends the draining): the live stream ends with a short retry, so the
      // tab reconnects elsewhere; the request in flight still gets its whole answer.
      child.kill('SIGTERM');
      await live.ended;
      const retries = [...live.raw.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(retries).toHaveLength(2); // the stream's own, then the one it ended with
      expect(retries[1]).toBeGreaterThanOrEqual(500);
      expect(retries[1]).toBeLessThanOrEqual(3_000);
      expect(await inFlight.finish()).toMatch(/^HTTP\/1\.1 (200|401) /);

      expect(await exited).toBe(0);
      expect(output).toContain('shutdown: closed');
      expect(fs.existsSync(path.join(dataDir, 'grip.pid'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
