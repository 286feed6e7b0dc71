import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { copyOfPgliteTemplate, postgresTemplateClause } from './database-template';
import { fileForm } from './multipart';

/**
 * A fresh app per test file: an in-memory embedded database by default, or, when TEST_DATABASE_URL
 * is set (npm run test:pg), a new PostgreSQL database created for this app and dropped after it.
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
  const app = await buildApp(config, { database, logStream: options.logStream });
  return new TestApp(app, dropDatabase);
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

export class TestApp {
  constructor(
    readonly app: FastifyInstance,
    private readonly dropDatabase: (() => Promise<void>) | null,
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
