import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { serviceRequests } from '../db/schema';
import { quotedRequestVersion } from '../modules/requests/request-version';
import { copyOfPgliteTemplate, postgresTemplateClause } from './database-template';
import { fileForm } from './multipart';
import { TestDns } from './test-dns';

/**
 * A fresh app per test file: an in-memory embedded database by default, or, when TEST_DATABASE_URL
 * is set (npm run test:pg), a new PostgreSQL database created for this app and dropped after it.
 * Names resolve through the app's own TestDns (`t.dns`), never the machine's DNS.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { ...overrides };
  if (adminUrl && !overrides.DATABASE_URL) {
    const name = `grip_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${await postgresTemplateClause(admin)}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = testConfig(env);
  const database =
    !config.databaseUrl && config.dataDir === 'memory://' ? await copyOfPgliteTemplate() : undefined;
  const dns = new TestDns();
  const app = await buildApp(config, { database, lookup: dns.lookup, logStream: options.logStream });
  return new TestApp(app, dropDatabase, dns);
}

export const isPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** Cookies from a response, as a Cookie header value. */
export function cookiesOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface SignUpInput {
  role?: string;
  name?: string;
  email?: string;
  password?: string;
  businessName?: string;
}

/** A terms version no offer has (a SHA-256 is 43 base64url characters; this is not one of them). */
export const NO_SUCH_VERSION = 'not-a-version-of-any-offer-0000000000000000';
/** A message id no thread holds. */
export const NO_SUCH_COUNTER_OFFER = '00000000-0000-4000-8000-000000000000';

interface OpportunityLike {
  id: string;
  requestVersion: string;
  messages: { id: string; fromBusiness: boolean; messageType: string }[];
}

export class TestApp {
  constructor(
    readonly app: FastifyInstance,
    private readonly dropDatabase: (() => Promise<void>) | null,
    /** What names resolve to for this app (push endpoints); set them per test. */
    readonly dns: TestDns = new TestDns(),
  ) {}

  get db() {
    return this.app.grip.database.db;
  }

  inject(opts: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    cookie?: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }) {
    return this.app.inject({
      method: opts.method ?? 'GET',
      url: opts.url,
      payload: opts.payload as never,
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    });
  }

  /** Signs up through the real auth endpoint; returns the session cookie and the user id. */
  async signUp(input: SignUpInput = {}) {
    const email = input.email ?? uniqueEmail(input.role ?? 'user');
    const password = input.password ?? 'correct-horse-42';
    const res = await this.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: input.name ?? 'Test Person',
        email,
        password,
        role: input.role ?? 'user',
        ...(input.businessName !== undefined
          ? { businessName: input.businessName }
          : input.role === 'business_owner'
            ? { businessName: 'Test Business' }
            : {}),
      },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return { cookie: cookiesOf(res), userId: res.json().user.id as string, email, password };
  }

  /** Uploads a small real PNG (made with sharp) for `purpose`; returns its /uploads URL. */
  async uploadImage(cookie: string, purpose = 'request_image'): Promise<string> {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const form = fileForm('image.png', 'image/png', png);
    const res = await this.inject({
      method: 'POST',
      url: `/api/uploads?purpose=${purpose}`,
      cookie,
      payload: form.payload,
      headers: form.headers,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().url as string;
  }

  /**
   * The body with which the customer's screen confirms an offer as it is now: the offer's terms
   * version (decision 019). A caller who cannot read the offer gets a well-formed version that
   * matches nothing, so a test of a refusal sees the route's own answer.
   */
  async confirmBody(cookie: string | undefined, responseId: string): Promise<{ termsVersion: string }> {
    const res = await this.inject({ url: `/api/offers/${responseId}`, cookie });
    if (res.statusCode !== 200) return { termsVersion: NO_SUCH_VERSION };
    return { termsVersion: res.json().termsVersion as string };
  }

  /** Confirms an offer the way the Confirm dialog does: reads its terms, then confirms exactly those. */
  async confirmOffer(cookie: string | undefined, responseId: string, headers?: Record<string, string>) {
    return this.inject({
      method: 'POST',
      url: `/api/offers/${responseId}/confirm`,
      cookie,
      headers,
      payload: await this.confirmBody(cookie, responseId),
    });
  }

  /**
   * The version of a request as a quote agrees to it now (decision 019): what a response written
   * straight to the database stores as `agreedRequestVersion` to be bookable, as if just quoted.
   */
  async requestVersion(requestId: string): Promise<string> {
    const [row] = await this.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
    if (!row) throw new Error(`no request ${requestId}`);
    return quotedRequestVersion(row);
  }

  /** The business's card of one response as Pending Opportunities lists it, if listed. */
  private async card(cookie: string | undefined, responseId: string): Promise<OpportunityLike | undefined> {
    const res = await this.inject({ url: '/api/business/opportunities', cookie });
    const items = res.statusCode === 200 ? (res.json().items as OpportunityLike[]) : [];
    return items.find((o) => o.id === responseId);
  }

  /**
   * The body of the business's Accept Request as its card sends it: the customer's newest counter
   * offer on the response and the request as the card shows it (decision 019); a well-formed id of
   * nothing when there is none to read.
   */
  async acceptBody(
    cookie: string | undefined,
    responseId: string,
  ): Promise<{ counterOfferId: string; requestVersion?: string }> {
    const card = await this.card(cookie, responseId);
    const latest = card?.messages.findLast((m) => !m.fromBusiness && m.messageType === 'counter_offer');
    return {
      counterOfferId: latest?.id ?? NO_SUCH_COUNTER_OFFER,
      ...(card ? { requestVersion: card.requestVersion } : {}),
    };
  }

  /**
   * The body of Keep My Quote as the business's card sends it: the request as the card shows it
   * (decision 019); a well-formed version of nothing when the card cannot be read.
   */
  async keepQuoteBody(cookie: string | undefined, responseId: string): Promise<{ requestVersion: string }> {
    return { requestVersion: (await this.card(cookie, responseId))?.requestVersion ?? NO_SUCH_VERSION };
  }

  /** Accepts the customer's counter offer the way the business's card does. */
  async acceptCounterOffer(cookie: string | undefined, responseId: string) {
    return this.inject({
      method: 'POST',
      url: `/api/business/opportunities/${responseId}/accept`,
      cookie,
      payload: await this.acceptBody(cookie, responseId),
    });
  }

  async signIn(email: string, password: string) {
    const res = await this.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    });
    return { res, cookie: cookiesOf(res) };
  }

  async close() {
    await this.app.close();
    if (this.dropDatabase) await this.dropDatabase();
  }
}
