// Starting and stopping what the benchmarks measure: the production build of Grip, and the bare
// Fastify hello-world it is compared with. Each runs in its own process, as it would in production,
// so the load generator (this process) never shares an event loop with the server it loads.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Running {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first successful readiness answer. */
  readyMs: number;
  /** Resident memory of the process now, in bytes (from /proc; 0 where there is none). */
  rss(): Promise<number>;
  /**
   * Resident memory after a full garbage collection, through the process's inspector (started with
   * `inspectPort`): without it, garbage from earlier work swamps the memory of what is measured.
   */
  rssAfterGc(): Promise<number>;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not ready within ${timeoutMs} ms:\n${log()}`);
}

async function rssOf(pid: number): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface InspectorSocket {
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(data: string): void;
  close(): void;
}
type WebSocketClass = new (url: string) => InspectorSocket;

/** Asks a Node process's inspector (on `inspectPort`) for a full garbage collection. */
async function collectGarbage(inspectPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  // `ws` (a root devDependency): Node 20 has no WebSocket client of its own.
  const WebSocket = createRequire(import.meta.url)('ws') as WebSocketClass;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { id?: number }).id === 1) resolve();
    });
  });
  socket.close();
}

function launch(
  command: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
  timeoutMs: number,
  inspectPort?: number,
): Promise<Running> {
  const started = performance.now();
  const [bin, ...args] = command as [string, ...string[]];
  const child = spawn(bin, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  return waitReady(`${url}${readyPath}`, child, timeoutMs, () => output).then(
    () => ({
      url,
      pid: child.pid ?? 0,
      readyMs: performance.now() - started,
      rss: () => rssOf(child.pid ?? 0),
      rssAfterGc: async () => {
        if (inspectPort === undefined) throw new Error('started without an inspector (inspectPort)');
        await collectGarbage(inspectPort);
        // Freed pages go back to the system a moment later.
        await new Promise((r) => setTimeout(r, 500));
        return rssOf(child.pid ?? 0);
      },
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    }),
    (err: unknown) => {
      child.kill('SIGKILL');
      throw err;
    },
  );
}

export interface GripOptions {
  port: number;
  /** PostgreSQL; without it the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Through `npm start` (scripts/start.mjs), as a newcomer runs it; otherwise the built server directly. */
  viaNpmStart?: boolean;
  demoData?: 'auto' | 'on' | 'off';
  timeoutMs?: number;
  /** Opens the inspector on this loopback port (for rssAfterGc); not with viaNpmStart. */
  inspectPort?: number;
  /** Behind a proxy (the capacity phase): the address people use, and one proxy trusted. */
  behindProxy?: string;
}

/** The production build of Grip, quiet and with limits that a load test would otherwise trip. */
export function startGrip(options: GripOptions): Promise<Running> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.behindProxy ?? `http://127.0.0.1:${options.port}`,
    ...(options.behindProxy ? { TRUST_PROXY: '1' } : {}),
    DATA_DIR: options.dataDir,
    DEMO_DATA: options.demoData ?? 'off',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    // The per-person limits stop runaway scripts; a load test is one on purpose. What is measured
    // is the work behind them (sign-ups of the benchmark's accounts, a burst of messages).
    AUTH_RATE_LIMIT: '100000',
    MESSAGE_RATE_LIMIT: '10000000',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const inspect = options.inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${options.inspectPort}`];
  const command = options.viaNpmStart
    ? [process.execPath, 'scripts/start.mjs']
    : [process.execPath, ...inspect, 'apps/server/dist/server.js'];
  return launch(command, env, options.port, '/readyz', options.timeoutMs ?? 120_000, options.inspectPort);
}

/** A bare Fastify hello-world: the ceiling every Grip route is compared with in the same run. */
export function startHelloWorld(port: number): Promise<Running> {
  const source = `
    const fastify = require('fastify')({ logger: false });
    fastify.get('/', async () => ({ hello: 'world' }));
    fastify.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  return launch(
    [process.execPath, '-e', source],
    { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
    port,
    '/',
    30_000,
  );
}
