/**
 * The crash suite's machinery (issue 10 §4, crash.test.ts): the real server as a child process, a
 * private PostgreSQL cluster that may be stopped under it, a marketplace burst that records every
 * write the server acknowledged, and the checks run once it is back: every acknowledged write is
 * there, and no write is there by halves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ASSIGNED_REQUEST,
  BOOKED_OFFER,
  OFFERS_IN_PLAY,
  OPEN_REQUEST,
  PENDING_OFFER,
  REJECTED_OFFER,
} from '@grip/domain';

/** apps/server. */
export const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

let bundled: Promise<string> | null = null;
const bundleDir = path.join(SERVER_ROOT, 'node_modules', '.cache', `grip-crash-${process.pid}`);

/**
 * The server bundled as `npm start` runs it (build.mjs's settings: our code and @grip/domain in one
 * file, npm dependencies loaded from node_modules), once per run, into a private directory under
 * node_modules/.cache (never dist/, which is the real build's). Forty restarts from the TypeScript
 * source through tsx would spend about 2 s each compiling; the bundle starts in a fraction of that,
 * and a source file someone is editing meanwhile cannot break a restart half-way through the run.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@grip/'));
    await build({
      entryPoints: [path.join(SERVER_ROOT, 'src', 'server.ts')],
      outdir: path.join(bundleDir, 'dist'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external: [...external, ...external.map((name) => `${name}/*`)],
      logLevel: 'warning',
    });
    // The bundle finds the committed migrations beside its folder, as dist/ finds apps/server/drizzle.
    fs.symlinkSync(path.join(SERVER_ROOT, 'drizzle'), path.join(bundleDir, 'drizzle'));
    return path.join(bundleDir, 'dist', 'server.js');
  })();
  return bundled;
}

/** Removes the bundle (afterAll). */
export function removeServerBundle(): void {
  fs.rmSync(bundleDir, { recursive: true, force: true });
  bundled = null;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
  cookies: string[];
}

/** The connection broke (the server died) before a whole answer came: the write is unacknowledged. */
export class NoAnswer extends Error {}

/**
 * One HTTP call on a connection of its own (no keep-alive: a pooled socket of a killed server must
 * not be reused against the next one). Sent with the server's own Origin, as the browser app does.
 */
export function call(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          origin: base,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (err) => reject(new NoAnswer(err.message)));
        res.on('aborted', () => reject(new NoAnswer('answer cut off')));
        res.on('end', () => {
          if (!res.complete) return reject(new NoAnswer('answer cut off'));
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          if (String(res.headers['content-type']).includes('json') && text) {
            try {
              body = JSON.parse(text);
            } catch {
              return reject(new NoAnswer('half a JSON answer'));
            }
          }
          const raw = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started, cookies: raw });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(new NoAnswer('no answer in time')));
    req.on('error', (err) => reject(err instanceof NoAnswer ? err : new NoAnswer(err.message)));
    req.end(payload);
  });
}

const cookieHeader = (answer: Answer) => answer.cookies.map((c) => c.split(';')[0]).join('; ');

// ---------------------------------------------------------------------------------------------
// The server process

const started = new Set<GripServer>();

/** A Grip server running as a child process, with everything it printed. */
export class GripServer {
  readonly output: string[] = [];
  readonly exited: Promise<void>;

  constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    started.add(this);
    void this.exited.then(() => started.delete(this));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get isAlive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no shutdown code runs, exactly as a power cut or the OOM killer. */
  async kill(): Promise<void> {
    if (this.isAlive) this.child.kill('SIGKILL');
    await this.exited;
  }

  /**
   * What it printed that says something went wrong: an error- or fatal-level log line, or the
   * database's own words for a damaged data directory.
   */
  troubles(): string[] {
    return this.output.filter((line) => {
      if (/PANIC|corrupt|invalid (checkpoint|page|record|magic)|could not (locate|read|open)/i.test(line)) {
        return true;
      }
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return false;
      }
    });
  }
}

/** Kills every server this file started that still runs (afterAll, whatever happened). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...started].map((s) => s.kill()));
}

/**
 * Starts the real server (src/server.ts, bundled as `npm start` runs it) and waits until /readyz
 * says the database answers. Returns how long that took.
 */
export async function startGrip(
  port: number,
  env: Record<string, string>,
): Promise<{ server: GripServer; readyMs: number }> {
  const entry = await serverBundle();
  const begun = performance.now();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Only what the server needs: none of the test runner's settings (NODE_ENV=test, the test
    // database) may leak into it. Production mode, as `npm start` runs it.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      // The burst signs up and sends far faster than a person: the limits are not under test here.
      AUTH_RATE_LIMIT: '100000',
      MESSAGE_RATE_LIMIT: '100000',
      ...env,
    },
  });
  const server = new GripServer(child, url);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!server.isAlive) {
      throw new Error(`The server exited before it was ready:\n${server.output.join('\n')}`);
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`The server was not ready within 60 s:\n${server.output.join('\n')}`);
    }
    const ready = await call(url, 'GET', '/readyz', { timeoutMs: 2000 }).catch(() => null);
    if (ready?.status === 200) return { server, readyMs: performance.now() - begun };
    await sleep(40);
  }
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster

/** The newest PostgreSQL server binaries installed (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: ${code}\n${output}`)),
    );
  });
}

/**
 * A PostgreSQL cluster of our own on a free port, so it may be stopped and started under a running
 * server without touching the one other tests share. initdb refuses to run as root: as root, the
 * cluster is made and run by the `postgres` account, in a directory it owns.
 */
export class PrivateCluster {
  private running = false;

  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data() {
    return path.join(this.dir, 'data');
  }

  private asOwner(tool: string, args: string[]): Promise<string> {
    const command = path.join(this.bin, tool);
    return process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', command, ...args])
      : run(command, args);
  }

  static async create(bin: string): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-crash-pg-'));
    if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
    const cluster = new PrivateCluster(bin, dir, await freePort());
    try {
      await cluster.asOwner('initdb', [
        '-D',
        cluster.data,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--no-sync',
        '--no-instructions',
      ]);
      await cluster.start();
    } catch (err) {
      await cluster.destroy();
      throw err;
    }
    return cluster;
  }

  async start(): Promise<void> {
    await this.asOwner('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    this.running = true;
  }

  /** `fast` ends every session at once (a restart by an operator); `immediate` is a crash. */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await this.asOwner('pg_ctl', ['-D', this.data, '-m', mode, '-w', 'stop']);
    this.running = false;
  }

  async destroy(): Promise<void> {
    if (this.running) await this.stop('immediate').catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The marketplace burst

/** The request every customer posts (the module tests' pool request), each with its own words. */
const MANLY = { latitude: -33.797, longitude: 151.285 };
const requestBody = (description: string) => ({
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  description,
  location: '3 Bay Rd, Manly NSW 2095',
  ...MANLY,
  serviceAreaKm: 10,
  budget: 250,
});

export interface Party {
  role: 'user' | 'business_owner';
  email: string;
  password: string;
  userId: string;
  cookie: string;
}

interface PostedRequest {
  id: string;
  owner: Party;
  description: string;
  postedAt: number;
}
interface QuotedResponse {
  id: string;
  requestId: string;
  business: Party;
  quotedPrice: number;
}
interface Booking {
  responseId: string;
  requestId: string;
  customer: Party;
  business: Party;
  /** The confirmation got its 200; otherwise it was found accepted after a crash. */
  acknowledged: boolean;
}
interface SentMessage {
  id: string;
  clientId: string;
  responseId: string;
  sender: Party;
  text: string;
}

/** What a burst's writes came to. */
export interface BurstFigures {
  acknowledged: number;
  /** Writes that had been sent when the server died and got no answer. */
  unanswered: number;
}

/** Answers of 500 and above during a burst: never expected, whatever the timing. */
export class ServerFault extends Error {}

/**
 * A small marketplace driven over real HTTP: customers post requests, businesses quote, customers
 * confirm (one transaction: the response accepted, the request assigned, every other quote rejected,
 * the businesses told), both sides chat, newcomers sign up. Every write the server acknowledged is
 * recorded with what it created; writes cut off by a crash are kept apart as "unanswered", because
 * they may or may not have happened — but never by halves.
 */
export class Marketplace {
  customers: Party[] = [];
  businesses: Party[] = [];
  readonly requests = new Map<string, PostedRequest>();
  readonly responses = new Map<string, QuotedResponse>();
  readonly bookings = new Map<string, Booking>();
  readonly messages = new Map<string, SentMessage>();
  readonly signUps: Party[] = [];
  /** Descriptions of posts, and emails of sign-ups, that got no answer (present once or not at all). */
  readonly unansweredPosts: string[] = [];
  readonly unansweredSignUps: string[] = [];
  readonly unansweredMessages: string[] = [];
  /** Requests that take no more quotes or confirmations (booked, or said to be no longer open). */
  private readonly closed = new Set<string>();
  /** 'requestId|businessId': the business answered it, or was told it may not. */
  private readonly quoted = new Set<string>();
  /** This burst's touched requests and writes, for the check after the restart. */
  private touched = new Set<string>();
  private burstMessages: SentMessage[] = [];
  private burstSignUps: Party[] = [];
  private burstUnansweredSignUps: string[] = [];
  private seq = 0;
  acknowledged = 0;
  private base = '';

  constructor(private readonly label: string) {}

  private async signUp(role: Party['role'], name: string): Promise<Party> {
    const email = `crash.${this.label}.${Date.now().toString(36)}.${++this.seq}@example.com`;
    const password = 'correct-horse-42';
    const answer = await call(this.base, 'POST', '/api/auth/sign-up/email', {
      body: { name, email, password, role, ...(role === 'business_owner' ? { businessName: name } : {}) },
    });
    if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${JSON.stringify(answer.body)}`);
    const userId = (answer.body as { user: { id: string } }).user.id;
    return { role, email, password, userId, cookie: cookieHeader(answer) };
  }

  /** The first parties: customers and pool businesses near Manly, so every request matches all. */
  async setUp(base: string, customers = 3, businesses = 3): Promise<void> {
    this.base = base;
    for (let i = 0; i < businesses; i++) {
      const b = await this.signUp('business_owner', `Crash Pools ${i + 1}`);
      const answer = await call(base, 'PATCH', '/api/business-profile', {
        cookie: b.cookie,
        body: { serviceCategories: ['Pool Maintenance'], address: 'Manly NSW 2095', serviceAreaKm: 25 },
      });
      if (answer.status !== 200) throw new Error(`profile: ${answer.status} ${JSON.stringify(answer.body)}`);
      this.businesses.push(b);
    }
    for (let i = 0; i < customers; i++)
      this.customers.push(await this.signUp('user', `Crash Customer ${i + 1}`));
  }

  /**
   * Writes from every party at once until `kill` says the server is gone. `kill` is called when
   * `killAtMs` has passed and at least `minAcknowledged` writes of this burst were acknowledged.
   */
  async burst(
    base: string,
    killAtMs: number,
    kill: () => Promise<void>,
    minAcknowledged = 3,
  ): Promise<BurstFigures> {
    this.base = base;
    this.touched = new Set();
    this.burstMessages = [];
    this.burstSignUps = [];
    this.burstUnansweredSignUps = [];
    const before = this.acknowledged;
    let unanswered = 0;
    let dead = false;
    const faults: string[] = [];

    /** One write: acknowledged (2xx), refused (4xx, the state moved on), or cut off by the crash. */
    const write = async (method: string, url: string, party: Party | null, body?: unknown) => {
      try {
        const answer = await call(base, method, url, { cookie: party?.cookie, body });
        if (answer.status >= 500)
          faults.push(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer.status >= 200 && answer.status < 300) this.acknowledged++;
        return answer;
      } catch (err) {
        if (!(err instanceof NoAnswer)) throw err;
        unanswered++;
        dead = true;
        return null;
      }
    };

    /** A read before an agreement (not a write: never counted as acknowledged). */
    const read = async (url: string, party: Party) => {
      try {
        return await call(base, 'GET', url, { cookie: party.cookie });
      } catch (err) {
        if (!(err instanceof NoAnswer)) throw err;
        dead = true;
        return null;
      }
    };

    const customer = async (c: Party) => {
      while (!dead) {
        const mine = [...this.requests.values()].filter((r) => r.owner === c && !this.closed.has(r.id));
        const quotes = (r: PostedRequest) => [...this.responses.values()].filter((q) => q.requestId === r.id);
        // Confirm once two businesses quoted (a rejection to make), or one quoted a while ago.
        const ready = mine.find((r) => {
          const n = quotes(r).length;
          return n >= 2 || (n >= 1 && Date.now() - r.postedAt > 150);
        });
        const booked = [...this.bookings.values()].filter((b) => b.customer === c);
        if (booked.length > 0 && Math.random() < 0.3) {
          await this.chat(write, c, booked[Math.floor(Math.random() * booked.length)]!);
        } else if (ready) {
          const chosen = quotes(ready).sort((a, b) => a.quotedPrice - b.quotedPrice)[0]!;
          this.closed.add(ready.id);
          this.touched.add(ready.id);
          // Confirm names the terms read (decision 019), as the Confirm dialog does.
          const offer = await read(`/api/offers/${chosen.id}`, c);
          if (offer?.status !== 200) continue;
          const { termsVersion } = offer.body as { termsVersion: string };
          const answer = await write('POST', `/api/offers/${chosen.id}/confirm`, c, { termsVersion });
          if (answer?.status === 200) {
            this.bookings.set(chosen.id, {
              responseId: chosen.id,
              requestId: ready.id,
              customer: c,
              business: chosen.business,
              acknowledged: true,
            });
          }
        } else if (mine.length < 3) {
          const description = `Crash test ${this.label} #${++this.seq}: the pool pump grinds and the water is green.`;
          const answer = await write('POST', '/api/requests', c, requestBody(description));
          if (answer === null) this.unansweredPosts.push(description);
          else if (answer.status === 201) {
            const id = (answer.body as { id: string }).id;
            this.requests.set(id, { id, owner: c, description, postedAt: Date.now() });
            this.touched.add(id);
          }
        } else {
          await sleep(10);
        }
      }
    };

    const business = async (b: Party) => {
      while (!dead) {
        const todo = [...this.requests.values()].find(
          (r) => !this.closed.has(r.id) && !this.quoted.has(`${r.id}|${b.userId}`),
        );
        const booked = [...this.bookings.values()].filter((k) => k.business === b);
        if (todo && (booked.length === 0 || Math.random() < 0.7)) {
          this.quoted.add(`${todo.id}|${b.userId}`);
          this.touched.add(todo.id);
          const quotedPrice = 120 + Math.floor(Math.random() * 200);
          const answer = await write('POST', `/api/business/requests/${todo.id}/responses`, b, {
            message: 'I can service the pump this week.',
            quotedPrice,
            priceType: 'fixed',
          });
          if (answer?.status === 201) {
            const id = (answer.body as { id: string }).id;
            this.responses.set(id, { id, requestId: todo.id, business: b, quotedPrice });
          }
        } else if (booked.length > 0) {
          await this.chat(write, b, booked[Math.floor(Math.random() * booked.length)]!);
        } else {
          await sleep(10);
        }
      }
    };

    // A newcomer signs up at a random moment of the burst: a sign-up writes the account, its
    // password and its profile. One a burst, because production password hashing is slow on purpose.
    const newcomer = async () => {
      await sleep(Math.random() * killAtMs);
      if (dead) return;
      const role = this.seq % 2 === 0 ? 'user' : 'business_owner';
      const email = `crash.${this.label}.new.${Date.now().toString(36)}.${++this.seq}@example.com`;
      const password = 'correct-horse-42';
      const answer = await write('POST', '/api/auth/sign-up/email', null, {
        name: 'Crash Newcomer',
        email,
        password,
        role,
        ...(role === 'business_owner' ? { businessName: 'Crash Newcomer Pools' } : {}),
      });
      if (answer === null) this.burstUnansweredSignUps.push(email);
      else if (answer.status === 200) {
        const party: Party = {
          role,
          email,
          password,
          userId: (answer.body as { user: { id: string } }).user.id,
          cookie: cookieHeader(answer),
        };
        this.burstSignUps.push(party);
        this.signUps.push(party);
      }
    };

    const begun = Date.now();
    // Settled, not all: a writer that failed is reported after the kill, not as an unhandled rejection.
    const writers = Promise.allSettled([
      ...this.customers.map(customer),
      ...this.businesses.map(business),
      newcomer(),
    ]);
    while (Date.now() - begun < killAtMs || this.acknowledged - before < minAcknowledged) {
      if (Date.now() - begun > 30_000) throw new Error(`only ${this.acknowledged - before} writes in 30 s`);
      if (dead) throw new Error('the server stopped answering before it was killed');
      await sleep(5);
    }
    await kill();
    dead = true;
    for (const result of await writers) if (result.status === 'rejected') throw result.reason;
    this.unansweredSignUps.push(...this.burstUnansweredSignUps);
    if (faults.length > 0) throw new ServerFault(`answers of 500 or more:\n${faults.join('\n')}`);
    return { acknowledged: this.acknowledged - before, unanswered };
  }

  private async chat(
    write: (method: string, url: string, party: Party | null, body?: unknown) => Promise<Answer | null>,
    sender: Party,
    booking: Booking,
  ) {
    const clientId = randomUUID();
    const text = `Crash chat ${this.label} ${clientId.slice(0, 8)}: arriving at nine.`;
    const answer = await write('POST', `/api/conversations/${booking.responseId}/messages`, sender, {
      message: text,
      clientId,
    });
    if (answer === null) this.unansweredMessages.push(clientId);
    else if (answer.status === 201) {
      const id = (answer.body as { id: string }).id;
      const sent = { id, clientId, responseId: booking.responseId, sender, text };
      this.messages.set(id, sent);
      this.burstMessages.push(sent);
    }
  }

  /**
   * After the restart, over HTTP as each owner: every request this burst touched is there with its
   * words and acknowledged quotes, every acknowledged booking is booked, and none is half booked (an
   * accepted quote on a request still open, a booked request without its accepted quote, a quote
   * left pending beside an accepted one). Bookings a cut-off confirmation did make are learnt here.
   * Acknowledged messages are in their threads; acknowledged sign-ups have their session and role; a
   * sign-up cut off either signs in or can be made again (never an email taken by an account that
   * cannot sign in).
   * Returns the number of writes checked.
   */
  async checkOverHttp(base: string): Promise<number> {
    this.base = base;
    let checked = 0;
    const problems: string[] = [];
    for (const requestId of this.touched) {
      const posted = this.requests.get(requestId)!;
      const answer = await call(base, 'GET', `/api/requests/${requestId}`, { cookie: posted.owner.cookie });
      checked++;
      if (answer.status !== 200) {
        problems.push(`request ${requestId}: ${answer.status}`);
        continue;
      }
      const detail = answer.body as {
        status: string;
        description: string;
        responses: { id: string; status: string; businessUserId: string }[];
      };
      if (detail.description !== posted.description)
        problems.push(`request ${requestId}: description changed`);
      const byId = new Map(detail.responses.map((r) => [r.id, r]));
      for (const quote of this.responses.values()) {
        if (quote.requestId !== requestId) continue;
        checked++;
        if (!byId.has(quote.id)) problems.push(`quote ${quote.id} on ${requestId}: missing`);
      }
      for (const r of detail.responses) this.quoted.add(`${requestId}|${r.businessUserId}`);
      const accepted = detail.responses.filter((r) => r.status === BOOKED_OFFER);
      const pending = detail.responses.filter((r) => r.status === PENDING_OFFER);
      if (accepted.length > 1) problems.push(`request ${requestId}: ${accepted.length} accepted quotes`);
      if (accepted.length === 1 && detail.status !== ASSIGNED_REQUEST) {
        problems.push(`request ${requestId}: a quote accepted but the request is ${detail.status}`);
      }
      if (detail.status === ASSIGNED_REQUEST && accepted.length !== 1) {
        problems.push(`request ${requestId}: assigned with ${accepted.length} accepted quotes`);
      }
      if (accepted.length === 1 && pending.length > 0) {
        problems.push(`request ${requestId}: ${pending.length} quotes left pending beside the accepted one`);
      }
      for (const booking of this.bookings.values()) {
        if (booking.requestId !== requestId || !booking.acknowledged) continue;
        checked++;
        if (byId.get(booking.responseId)?.status !== BOOKED_OFFER) {
          problems.push(`booking ${booking.responseId}: acknowledged but not accepted`);
        }
      }
      const won = accepted[0];
      if (won && !this.bookings.has(won.id)) {
        const quote = this.responses.get(won.id);
        const business = quote?.business ?? this.businesses.find((b) => b.userId === won.businessUserId);
        if (business) {
          this.bookings.set(won.id, {
            responseId: won.id,
            requestId,
            customer: posted.owner,
            business,
            acknowledged: false,
          });
        }
      }
      // A request still open whose confirmation was cut off may be confirmed again.
      if (detail.status === OPEN_REQUEST) this.closed.delete(requestId);
      else this.closed.add(requestId);
    }
    const byThread = new Map<string, SentMessage[]>();
    for (const m of this.burstMessages)
      byThread.set(m.responseId, [...(byThread.get(m.responseId) ?? []), m]);
    for (const [responseId, sent] of byThread) {
      const seen = new Set<string>();
      let before: string | null = null;
      do {
        const query: string = before ? `?limit=100&before=${encodeURIComponent(before)}` : '?limit=100';
        const page = await call(base, 'GET', `/api/conversations/${responseId}/messages${query}`, {
          cookie: sent[0]!.sender.cookie,
        });
        if (page.status !== 200) {
          problems.push(`thread ${responseId}: ${page.status}`);
          break;
        }
        const body = page.body as { items: { id: string }[]; olderCursor: string | null };
        for (const item of body.items) seen.add(item.id);
        before = sent.every((m) => seen.has(m.id)) ? null : body.olderCursor;
      } while (before);
      for (const m of sent) {
        checked++;
        if (!seen.has(m.id)) problems.push(`message ${m.id} in ${responseId}: missing`);
      }
    }
    for (const party of this.burstSignUps) {
      checked++;
      // Its session answers with its account and role (its password is checked in SQL: signing in
      // costs a production password hash each).
      const me = await call(base, 'GET', '/api/me', { cookie: party.cookie });
      const body = me.body as { user?: { id: string }; profile?: { role: string } };
      if (me.status !== 200 || body.user?.id !== party.userId || body.profile?.role !== party.role) {
        problems.push(`sign-up ${party.email}: ${me.status} ${JSON.stringify(me.body)}`);
      }
    }
    for (const email of this.burstUnansweredSignUps) {
      const signIn = await call(base, 'POST', '/api/auth/sign-in/email', {
        body: { email, password: 'correct-horse-42' },
      });
      if (signIn.status === 200) continue;
      const again = await call(base, 'POST', '/api/auth/sign-up/email', {
        body: { name: 'Crash Newcomer', email, password: 'correct-horse-42', role: 'user' },
      });
      if (again.status !== 200) {
        problems.push(
          `sign-up of ${email} cut off: cannot sign in (${signIn.status}) nor sign up again (${again.status} ${JSON.stringify(again.body)})`,
        );
      }
    }
    if (problems.length > 0) throw new Error(`After the restart:\n${problems.join('\n')}`);
    return checked;
  }

  /**
   * Every acknowledged write of every burst, straight from the database: the request with its words,
   * the quote with its price, the booking accepted, the message in its thread with its client id, the
   * account with its password and its profile. A post or message cut off is there once or not at
   * all. Returns the problems found (none when all is well) and how many writes were checked.
   */
  async checkInDatabase(query: Query): Promise<{ problems: string[]; checked: number }> {
    const problems: string[] = [];
    const rowsById = async (sql: string, ids: string[]) =>
      new Map((ids.length ? await query(sql, [ids]) : []).map((r) => [String(r.id), r]));
    const requests = await rowsById(
      'select id, description from service_requests where id = any($1::uuid[])',
      [...this.requests.keys()],
    );
    for (const r of this.requests.values()) {
      if (requests.get(r.id)?.description !== r.description) problems.push(`request ${r.id}: missing`);
    }
    const responses = await rowsById(
      'select id, request_id, business_user_id, quoted_price::float8 as price, status from business_responses where id = any($1::uuid[])',
      [...this.responses.keys(), ...this.bookings.keys()],
    );
    for (const q of this.responses.values()) {
      const row = responses.get(q.id);
      if (!row || row.request_id !== q.requestId || Number(row.price) !== q.quotedPrice) {
        problems.push(`quote ${q.id}: missing or changed`);
      }
    }
    for (const b of this.bookings.values()) {
      if (b.acknowledged && responses.get(b.responseId)?.status !== BOOKED_OFFER) {
        problems.push(`booking ${b.responseId}: not accepted`);
      }
    }
    const messages = await rowsById(
      'select id, response_id, sender_id, message, client_id from messages where id = any($1::uuid[])',
      [...this.messages.keys()],
    );
    for (const m of this.messages.values()) {
      const row = messages.get(m.id);
      if (
        !row ||
        row.response_id !== m.responseId ||
        row.message !== m.text ||
        row.client_id !== m.clientId
      ) {
        problems.push(`message ${m.id}: missing or changed`);
      }
    }
    const accounts = await rowsById(
      `select u.id, p.role, (select count(*)::int from accounts a where a.user_id = u.id and a.provider_id = 'credential') as credentials
       from users u left join profiles p on p.user_id = u.id where u.id = any($1::text[])`,
      this.allParties().map((p) => p.userId),
    );
    for (const p of this.allParties()) {
      const row = accounts.get(p.userId);
      if (!row || row.credentials !== 1 || row.role !== p.role) {
        problems.push(
          `account ${p.email}: ${row ? `role ${String(row.role)}, ${String(row.credentials)} passwords` : 'missing'}`,
        );
      }
    }
    if (this.unansweredPosts.length > 0) {
      for (const row of await query(
        'select description, count(*)::int as n from service_requests where description = any($1::text[]) group by description having count(*) > 1',
        [this.unansweredPosts],
      )) {
        problems.push(`a cut-off post is there ${String(row.n)} times`);
      }
    }
    if (this.unansweredMessages.length > 0) {
      for (const row of await query(
        'select client_id, count(*)::int as n from messages where client_id = any($1::uuid[]) group by client_id having count(*) > 1',
        [this.unansweredMessages],
      )) {
        problems.push(`a cut-off message is there ${String(row.n)} times`);
      }
    }
    const checked =
      this.requests.size +
      this.responses.size +
      [...this.bookings.values()].filter((b) => b.acknowledged).length +
      this.messages.size +
      this.allParties().length;
    return { problems, checked };
  }

  private allParties(): Party[] {
    return [...this.customers, ...this.businesses, ...this.signUps];
  }
}

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The lifecycles' named states as an SQL list of literals (they are plain words: nothing to escape). */
const quoted = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ');

/**
 * The rules that hold across the whole database whatever was cut off: each named after what a
 * violation means, each a query returning the offending rows. A transaction half applied shows up
 * in at least one of them.
 */
export const INVARIANTS: Record<string, string> = {
  // Confirm Service Offer is one transaction (offers.service confirmOffer).
  'an accepted quote on a request still open': `select br.id from business_responses br
    join service_requests r on r.id = br.request_id where br.status = '${BOOKED_OFFER}' and r.status = '${OPEN_REQUEST}'`,
  'a booked request without exactly one accepted quote': `select r.id from service_requests r
    where r.status = '${ASSIGNED_REQUEST}'
      and (select count(*) from business_responses br where br.request_id = r.id and br.status = '${BOOKED_OFFER}') <> 1`,
  'a quote left pending beside an accepted one': `select br.id from business_responses br
    where br.status in (${quoted(OFFERS_IN_PLAY)}) and exists (select 1 from business_responses a
      where a.request_id = br.request_id and a.status = '${BOOKED_OFFER}')`,
  'an accepted quote without its date or without the business told': `select br.id from business_responses br
    join service_requests r on r.id = br.request_id
    where br.status = '${BOOKED_OFFER}' and (br.accepted_at is null or not exists (select 1 from notifications n
      where n.user_id = br.business_user_id and n.type = 'response_accepted' and n.related_id = r.id::text))`,
  'a rejected quote whose business was not told': `select br.id from business_responses br
    where br.status = '${REJECTED_OFFER}' and not exists (select 1 from notifications n
      where n.user_id = br.business_user_id and n.type = 'response_declined' and n.related_id = br.request_id::text)`,
  // A quote and the customer's notice of it are one transaction (responses.service respondToRequest).
  'quotes and the customers’ notices of them differ in number': `select r.id from service_requests r
    where (select count(*) from business_responses br where br.request_id = r.id)
       <> (select count(*) from notifications n where n.type = 'new_response' and n.related_id = r.id::text
           and n.user_id = r.user_id)`,
  // A message and the receiver's notice are one transaction (conversations.service sendMessage).
  'messages and their notices differ in number': `select br.id from business_responses br
    where (select count(*) from messages m where m.response_id = br.id and m.message_type = 'text')
       <> (select count(*) from notifications n where n.type = 'new_message' and n.related_id = br.id::text)`,
  'a chat message on a quote that was never accepted': `select m.id from messages m
    join business_responses br on br.id = m.response_id where m.message_type = 'text' and br.status <> '${BOOKED_OFFER}'`,
  // Kept by triggers in the writing transaction (drizzle/0016_request_activity.sql).
  'a request whose last activity is missing or wrong': `select r.id, a.last_activity_at, r.updated_at,
      (select json_agg(json_build_object('created', br.created_at, 'updated', br.updated_at, 'status', br.status))
        from business_responses br where br.request_id = r.id) as quotes
    from service_requests r
    left join request_activity a on a.request_id = r.id
    where a.last_activity_at is distinct from greatest(r.updated_at,
      (select max(greatest(br.created_at, br.updated_at)) from business_responses br where br.request_id = r.id))`,
  // A sign-up writes the account, its password and its profile in one transaction
  // (auth/auth-database.ts): an email taken by an account that cannot sign in, or an account without
  // its role, is a sign-up done by halves.
  'an account without its password': `select u.id from users u where not exists
    (select 1 from accounts a where a.user_id = u.id)`,
  'an account without its profile': `select u.id from users u where not exists
    (select 1 from profiles p where p.user_id = u.id)`,
};

/** Every invariant broken, with up to three offending ids each. */
export async function brokenInvariants(query: Query): Promise<string[]> {
  const broken: string[] = [];
  for (const [name, sql] of Object.entries(INVARIANTS)) {
    const rows = await query(sql);
    if (rows.length > 0) {
      broken.push(
        `${name}: ${rows.length} (${rows
          .slice(0, 3)
          .map((r) => JSON.stringify(r).slice(0, 600))
          .join(', ')})`,
      );
    }
  }
  return broken;
}
