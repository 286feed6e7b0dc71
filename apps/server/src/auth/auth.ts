import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  AUTH_MESSAGES,
  DisplayNameSchema,
  firstIssueMessage,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NewPasswordSchema,
  PRODUCT_NAME,
  SignUpSchema,
  type SecretDeliveryTopic,
  TRUST_DEVICE_DAYS,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MESSAGES,
} from '@grip/domain';
import { betterAuth } from 'better-auth';
import { and, eq, like } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getOAuthState, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { enqueue } from '../jobs/outbox';
import { allowedOrigins } from '../lib/origins';
import { authDatabase } from './auth-database';
import {
  isRefusedPassword,
  PASSWORD_HASH_PARAMS,
  passwordHashing,
  TEST_PASSWORD_HASH_PARAMS,
} from './passwords';

export const GOOGLE_PROVIDER_ID = 'google';

const DAY_SECONDS = 24 * 60 * 60;
/**
 * Session lifetimes (docs/reliability.md). Idle: a session not used for 30 days ends (each day of use
 * moves its end 30 days on). Absolute: however much it is used, a session ends 90 days after the
 * sign-in that made it, and the person signs in again.
 */
export const SESSION_IDLE_SECONDS = 30 * DAY_SECONDS;
export const SESSION_REFRESH_SECONDS = DAY_SECONDS;
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY_SECONDS;
/** Emailed links: a password reset and an address confirmation work for one hour. */
export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFICATION_TOKEN_SECONDS = 60 * 60;

/** Better Auth's verification identifier of a reset token is this prefix and the token. */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/** How a reset token's identifier is stored: its SHA-256, base64url (Better Auth's 'hashed'). */
export function storedResetIdentifier(token: string): string {
  return crypto.createHash('sha256').update(`${RESET_IDENTIFIER_PREFIX}${token}`).digest('base64url');
}

/** The latest moment a session made at `createdAt` may last to. */
export function absoluteEndOf(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
}

/**
 * The auth secret signs session cookies. Without AUTH_SECRET one is generated once and kept in the
 * data directory, so a newcomer needs no setup; several processes must share AUTH_SECRET.
 */
function resolveSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.env === 'test' || config.dataDir === 'memory://')
    return 'test-secret-that-is-long-enough-for-better-auth';
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function badRequest(message: string, code = 'VALIDATION_ERROR') {
  return new APIError('BAD_REQUEST', { message, code });
}

/**
 * What auth asks of the accounts' profiles and credentials, which belong to the modules above it
 * (profiles, me): handed in by the composition root (infrastructure/auth.ts), so that nothing below
 * the modules imports one. Each is called with the sign-up's transaction-bound database.
 */
export interface AuthAccounts {
  administratorExists(db: Db): Promise<boolean>;
  isSuspended(db: Db, userId: string): Promise<boolean>;
  hasPassword(db: Db, userId: string): Promise<boolean>;
  /** Makes the new account's profile and answers the role it was given. */
  createProfileForNewUser(
    db: Db,
    input: {
      userId: string;
      requestedRole: unknown;
      displayName: string | null;
      businessName: string | null;
    },
  ): Promise<string>;
}

export function createAuth(deps: { db: Db; config: Config; log: FastifyBaseLogger; accounts: AuthAccounts }) {
  const { config, log } = deps;
  const { administratorExists, isSuspended, hasPassword, createProfileForNewUser } = deps.accounts;
  // Inside a sign-up's transaction, every query below goes to that transaction (auth-database.ts).
  const db = authDatabase(deps.db);
  const hashing = passwordHashing(config.env === 'test' ? TEST_PASSWORD_HASH_PARAMS : PASSWORD_HASH_PARAMS);

  /**
   * After a successful password sign-in: a hash made with older, weaker factors (Better Auth's
   * default before) is replaced by one at today's, now that the password is at hand. Checked again
   * against the stored hash first, so only the right password is ever stored; compare-and-set, so a
   * reset racing this sign-in wins.
   */
  async function rehashIfWeak(email: string, password: string) {
    const [row] = await db
      .select({ id: schema.accounts.id, hash: schema.accounts.password })
      .from(schema.accounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.userId))
      .where(
        and(eq(schema.users.email, email.trim().toLowerCase()), eq(schema.accounts.providerId, 'credential')),
      )
      .limit(1);
    if (!row?.hash || !hashing.needsRehash(row.hash)) return;
    if (!(await hashing.verify({ hash: row.hash, password }))) return;
    await db
      .update(schema.accounts)
      .set({ password: await hashing.hash(password), updatedAt: new Date() })
      .where(and(eq(schema.accounts.id, row.id), eq(schema.accounts.password, row.hash)));
  }

  async function twoFactorIsOn(userId: string) {
    const [row] = await db
      .select({ on: schema.users.twoFactorEnabled })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row?.on === true;
  }

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveSecret(config),
    trustedOrigins: allowedOrigins(config),
    telemetry: { enabled: false },
    // Into our structured log. Better Auth reports client mistakes (unknown provider, bad token) as
    // errors; real failures surface as 5xx and are logged as errors by the auth plugin.
    logger: {
      log: (level, message, ...args) => {
        const target = level === 'error' ? 'warn' : level;
        log[target]({ args: args.length > 0 ? args : undefined }, `better-auth: ${message}`);
      },
    },
    // In one transaction: a sign-up cut off half-way leaves no account behind.
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true, transaction: true }),
    // Rate limits are applied by the auth plugin in front of this handler (per IP, per path).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'grip',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // A reset token is kept as its SHA-256 only (Better Auth compares hashes): a copy of the
    // database or a backup holds no working reset link (docs/decisions/020). Trusted-browser entries
    // stay as they are: they are no secret, and are found by their prefix (two-factor/disable below).
    verification: {
      storeIdentifier: { default: 'plain', overrides: { [RESET_IDENTIFIER_PREFIX]: 'hashed' } },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    emailAndPassword: {
      enabled: true,
      // scrypt at OWASP's factors (auth/passwords.ts); older hashes are replaced at the next sign-in.
      password: { hash: hashing.hash, verify: hashing.verify },
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      // Sign-in works before the address is confirmed; the confirmation link still goes out.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: async ({ user, url }) => {
        await enqueue(db, {
          channel: 'email',
          // A secret: hidden from administrators, wiped once delivered (SECRET_DELIVERY_TOPICS).
          topic: 'reset_password' satisfies SecretDeliveryTopic,
          recipient: user.email,
          userId: user.id,
          payload: {
            subject: `Reset your ${PRODUCT_NAME} password`,
            text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nChoose a new password: ${url}\n\nIf it wasn't you, ignore this email.`,
            link: url,
          },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueue(db, {
          channel: 'email',
          topic: 'verify_email' satisfies SecretDeliveryTopic,
          recipient: user.email,
          userId: user.id,
          payload: {
            subject: `Confirm your ${PRODUCT_NAME} account`,
            text: `Welcome to ${PRODUCT_NAME}!\n\nConfirm your email address to complete your registration: ${url}`,
            link: url,
          },
        });
      },
    },
    plugins: [
      // Two-factor sign-in with an authenticator app (docs/decisions/012). No codes by email or SMS
      // (no sendOTP), so TOTP and its backup codes are the only second factors. The plugin asks for
      // the password to turn it on or off, keeps the secret and backup codes encrypted, allows five
      // tries per sign-in and then locks the account's codes for a while after ten wrong ones in a row.
      twoFactor({
        issuer: PRODUCT_NAME,
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
        accountLockout: { maxFailedAttempts: 10, durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60 },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          // The auth layer's own wording (spec 1 §5) when the credentials themselves are missing.
          if (!body.email || !body.password)
            throw badRequest(AUTH_MESSAGES.credentialsMissing, 'CREDENTIALS_MISSING');
          const parsed = SignUpSchema.safeParse({
            accountType: body.role ?? 'user',
            displayName: body.name,
            businessName: body.businessName ?? '',
            email: body.email,
            password: body.password,
          });
          if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
          if (isRefusedPassword(parsed.data.password)) throw badRequest(AUTH_MESSAGES.passwordTooCommon);
          if (parsed.data.accountType === 'administrator' && (await administratorExists(db))) {
            throw new APIError('FORBIDDEN', {
              message: AUTH_MESSAGES.administratorExists,
              code: 'ADMINISTRATOR_EXISTS',
            });
          }
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          // Pictures arrive through Grip's own upload (checked and re-encoded), never as a link here.
          if (body.image !== undefined && body.image !== null) {
            throw badRequest('Profile pictures are uploaded from your settings.');
          }
        }
        if (ctx.path === '/update-user' && body.name !== undefined) {
          const parsed = DisplayNameSchema.safeParse(body.name);
          if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
        }
        if (ctx.path === '/sign-in/email') {
          if (!body.email || !body.password)
            throw badRequest(AUTH_MESSAGES.credentialsMissing, 'CREDENTIALS_MISSING');
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const parsed = NewPasswordSchema.safeParse(body.newPassword);
          if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
          if (isRefusedPassword(parsed.data)) throw badRequest(AUTH_MESSAGES.passwordTooCommon);
        }
        if (ctx.path === '/two-factor/enable') {
          // The plugin would answer "Invalid password" to an account that has none (Google only);
          // say what is really the matter. Signed-out callers fall through to the plugin's 401.
          const session = await getSessionFromCtx(ctx);
          if (session && !(await hasPassword(db, session.user.id))) {
            throw badRequest(TWO_FACTOR_MESSAGES.noPassword, 'NO_PASSWORD');
          }
        }
        if (ctx.path === '/sign-in/social') {
          const role = (body.additionalData as Record<string, unknown> | undefined)?.role;
          if (role === 'administrator' && (await administratorExists(db))) {
            throw new APIError('FORBIDDEN', {
              message: AUTH_MESSAGES.administratorExists,
              code: 'ADMINISTRATOR_EXISTS',
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email' && !(ctx.context.returned instanceof Error)) {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          if (typeof body.email === 'string' && typeof body.password === 'string') {
            // An upgrade that fails leaves the old hash, which still works: never refuse the sign-in.
            await rehashIfWeak(body.email, body.password).catch((err: unknown) =>
              log.warn({ err }, 'password hash upgrade failed'),
            );
          }
        }
        if (ctx.path === '/two-factor/disable') {
          // The plugin forgets only the trusted browser that turned it off. Forget them all, so a
          // browser trusted before is asked for a code again if two-factor is turned back on.
          const userId = ctx.context.newSession?.user.id;
          if (!userId || ctx.context.returned instanceof Error) return;
          await db
            .delete(schema.verifications)
            .where(
              and(
                eq(schema.verifications.value, userId),
                like(schema.verifications.identifier, 'trust-device-%'),
              ),
            );
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, identity provider, reset, verification link, the second step of
          // two-factor sign-in) makes a session here, so a suspended account is refused here once.
          before: async (session, ctx) => {
            if (await isSuspended(db, session.userId)) {
              throw new APIError('FORBIDDEN', {
                message: ACCOUNT_SUSPENDED_MESSAGE,
                code: 'ACCOUNT_SUSPENDED',
              });
            }
            // A confirmation link signs in (autoSignInAfterVerification), but it is only an email:
            // with two-factor on, the address is confirmed and the person goes to sign in with the
            // password and the code instead. A redirect, not an error: the confirmation did succeed.
            if (ctx?.path === '/verify-email' && (await twoFactorIsOn(session.userId))) {
              const callbackURL = (ctx.query as { callbackURL?: unknown } | undefined)?.callbackURL;
              throw ctx.redirect(typeof callbackURL === 'string' ? callbackURL : '/auth');
            }
          },
        },
        update: {
          // Better Auth moves a used session's end 30 days on (updateAge): never past its absolute
          // end. It set `ctx.context.session` to the session it is refreshing just before.
          before: async (session, ctx) => {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!session.expiresAt || !createdAt) return;
            const cap = absoluteEndOf(createdAt);
            if (new Date(session.expiresAt) > cap) return { data: { ...session, expiresAt: cap } };
          },
        },
      },
      account: {
        create: {
          // The new account's profile (its role) is made here, in the sign-up's transaction, with
          // the account and its password or provider link: a sign-up cut off half-way leaves nothing
          // (Better Auth runs `user.create.after` only after the transaction has committed). Linking
          // a provider or setting a password later finds the profile there already.
          before: async (account, ctx) => {
            const [user] = await db
              .select({ name: schema.users.name, profile: schema.profiles.userId })
              .from(schema.users)
              .leftJoin(schema.profiles, eq(schema.profiles.userId, schema.users.id))
              .where(eq(schema.users.id, account.userId));
            if (!user || user.profile) return;
            const body = (ctx?.body ?? {}) as Record<string, unknown>;
            let requestedRole: unknown = body.role;
            let businessName = typeof body.businessName === 'string' ? body.businessName : null;
            if (ctx?.path !== '/sign-up/email') {
              // Identity-provider sign-up: the role chosen on the Sign Up tab rides in the OAuth state.
              const state = (await getOAuthState().catch(() => null)) as Record<string, unknown> | null;
              requestedRole = state?.role;
              businessName = typeof state?.businessName === 'string' ? state.businessName : null;
            }
            let role: string;
            try {
              role = await createProfileForNewUser(db, {
                userId: account.userId,
                requestedRole,
                displayName: user.name,
                businessName,
              });
            } catch (err) {
              // The whole sign-up is undone with it: an account without its profile would come
              // back as a customer.
              log.error({ err, userId: account.userId }, 'profile creation failed; sign-up undone');
              throw new APIError('BAD_REQUEST', {
                message: 'Your account could not be created. Please check your details and try again.',
                code: 'PROFILE_NOT_CREATED',
              });
            }
            if (role === 'user' && requestedRole === 'administrator') {
              log.warn(
                { userId: account.userId },
                'administrator role refused: an administrator already exists',
              );
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
