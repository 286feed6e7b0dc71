import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { formatSettingsOf } from './config-formats';

/**
 * The push services of the browsers that support web push: Chrome and the other Chromium browsers
 * except Edge (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Safari (Apple) and Edge
 * (Windows Push Notification Services). Which service a device uses is the browser's choice.
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/**
 * The maps' style when MAP_STYLE_URL is not set: OpenFreeMap's Liberty, free and keyless, with its
 * tiles, glyphs and sprites on the same host (so the CSP needs that one origin only).
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** A DNS name, optionally '*.' for its subdomains: letters, digits and hyphens in dot-separated labels. */
const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** An IPv6 address as URL parsing writes it (compressed, lower case), so the lists compare equal. */
const normaliseV6 = (address: string) => new URL(`http://[${address}]/`).hostname.slice(1, -1);

/** An empty variable (`S3_ENDPOINT=`) counts as unset, as for the other optional settings. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Today's bucket naming rule (AWS, R2, MinIO and Garage share it). */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Configuration, parsed once from the environment. Nothing else reads process.env.
 * Every variable is documented in the README.
 */
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Public origin of the app, used in links in emails and for cookie/origin checks. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    /** Demo marketplace: 'auto' seeds an empty embedded database only; 'on' always when empty; 'off' never. */
    DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
    AUTH_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 'json' (one object per line, for log collectors) or 'pretty' (for people); default: pretty on a terminal. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Serve the built web app from this directory (default: apps/web/dist when it exists). */
    WEB_DIST_DIR: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Grip <no-reply@grip.local>'),
    /**
     * SMS through Twilio (all three set) or any HTTP gateway (SMS_WEBHOOK_URL: POST JSON {to, from, text}
     * with SMS_WEBHOOK_TOKEN as a bearer token). Without either, texts are logged, not sent.
     */
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** Twilio's API origin; tests point it at a local server. */
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    SMS_WEBHOOK_URL: z.url().optional(),
    SMS_WEBHOOK_TOKEN: z.string().optional(),
    /** The sender number or name texts come from (required by Twilio). */
    SMS_FROM: z.string().optional(),
    /** Web push VAPID keys (base64url); without them a key pair is created once and kept in the database. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** Who push services may contact about our pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'use a mailto: or https:// URL')
      .optional(),
    /** Accept plain-http push endpoints (tests with a local push service); real push services are https. */
    PUSH_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
    /**
     * The push services endpoints may be on (docs/decisions/021): host names, '*.domain' for its
     * subdomains, '*' for any public host, or an exact address (trusted as listed: only for a push
     * service on your own network, or the tests' local one). Empty or unset: the browsers' services.
     */
    PUSH_ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((v, ctx): string[] => {
        const list = (v ?? '')
          .split(',')
          .map((h) =>
            h
              .trim()
              .toLowerCase()
              .replace(/^\[(.*)\]$/, '$1'),
          )
          .filter(Boolean);
        if (list.length === 0) return [...DEFAULT_PUSH_HOSTS];
        // A name ending in a number ('127.1') is an address to URL parsing, so it could never match.
        const bad = list.filter(
          (h) => !(h === '*' || isIP(h) !== 0 || (HOST_PATTERN.test(h) && !/(^|\.)\d+$/.test(h))),
        );
        if (bad.length === 0) return list.map((h) => (isIP(h) === 6 ? normaliseV6(h) : h));
        ctx.addIssue({
          code: 'custom',
          message: `not a host: ${bad.join(', ')} (use push.example.com, *.example.com, an address, or *)`,
        });
        return z.NEVER;
      }),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** OIDC issuer for "Continue with Google"; any OIDC provider with discovery works. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** Requests per minute per IP on sign-in, sign-up and password reset, each. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * "An account with this email already exists" answers an hour, per address and per email; past
     * it, sign-up is refused there for the rest of the hour (docs/decisions/020).
     */
    SIGN_UP_EXISTS_LIMIT: z.coerce.number().int().min(1).default(5),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
    /** A stop (SIGTERM): /readyz says 503 this long first, then in-flight work gets the grace to finish. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(20),
    /** Chat messages a person may send a minute (a runaway script, not a person, reaches it). */
    MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    /** How long a checked session may answer without the database (0: never); revocations still apply at once. */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** Where uploaded images are stored (default: DATA_DIR/uploads; a temporary directory in tests). */
    UPLOAD_DIR: z.string().optional(),
    /**
     * Uploads in an S3-compatible bucket instead (docs/decisions/025): set S3_BUCKET; the others are
     * for stores other than AWS (endpoint, path-style addressing) or to share one bucket (prefix).
     * Without S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY the AWS SDK's own chain finds credentials.
     */
    S3_BUCKET: blankAsUnset(
      z
        .string()
        .regex(S3_BUCKET_NAME, 'use an S3 bucket name: 3–63 lower-case letters, digits, dots and hyphens'),
    ),
    S3_ENDPOINT: blankAsUnset(z.url({ protocol: /^https?$/, error: 'use an http:// or https:// URL' })),
    S3_REGION: blankAsUnset(
      z.string().regex(/^[a-z0-9-]{1,64}$/, "use a region name such as us-east-1 or 'auto'"),
    ),
    S3_ACCESS_KEY_ID: blankAsUnset(z.string()),
    S3_SECRET_ACCESS_KEY: blankAsUnset(z.string()),
    S3_FORCE_PATH_STYLE: blankAsUnset(z.enum(['true', 'false'], { error: 'use true or false' })),
    S3_PREFIX: blankAsUnset(
      z
        .string()
        .max(512)
        .transform((v, ctx) => {
          const segments = v.split('/').filter(Boolean);
          if (segments.every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..')) {
            return segments.map((s) => `${s}/`).join('');
          }
          ctx.addIssue({
            code: 'custom',
            message:
              "use folder names of letters, digits, '.', '_' and '-' separated by '/' (e.g. grip/uploads)",
          });
          return z.NEVER;
        }),
    ),
    /**
     * The maps' MapLibre style (http or https): OpenFreeMap's by default; 'off' shows a static
     * preview instead. The CSP lets browsers reach this URL's origin only, so its tiles, glyphs and
     * sprites must be there too.
     */
    MAP_STYLE_URL: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.union([z.literal('off'), z.url({ protocol: /^https?$/ })]).default(DEFAULT_MAP_STYLE_URL),
    ),
    /**
     * A Nominatim-compatible geocoder (search and reverse) you run or may use for autocomplete — the
     * public nominatim.openstreetmap.org forbids autocomplete. Without it the offline gazetteer answers.
     */
    GEOCODER_URL: z.url().optional(),
    /** Google Places (Text Search and Place Details): the admin places-search demo asks it too. */
    PLACES_API_KEY: z.string().min(1).optional(),
    PLACES_API_URL: z.url().default('https://maps.googleapis.com/maps/api/place'),
    /** How money, numbers and dates are written (decision 032): a BCP 47 locale, en-AU by default. */
    GRIP_LOCALE: blankAsUnset(z.string().trim()),
    /** The platform's currency, an ISO 4217 code: AUD by default. */
    GRIP_CURRENCY: blankAsUnset(z.string().trim()),
    /**
     * Which proxies may set X-Forwarded-For: 'false' (none), a hop count ('1' for one reverse proxy),
     * or a comma-separated list of proxy addresses/CIDRs. 'true' trusts any hop, so clients could pick
     * their own address: use it only when the proxy overwrites the header.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): boolean | number | string[] => {
        const value = v.trim().toLowerCase();
        if (value === '' || value === 'false' || value === '0') return false;
        if (value === 'true') return true;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (
          list.every(
            (p) =>
              /^[0-9a-f:.]+(\/\d{1,3})?$/.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p),
          )
        ) {
          return list;
        }
        ctx.addIssue({
          code: 'custom',
          message: 'use false, true, a hop count or a list of addresses/CIDRs',
        });
        return z.NEVER;
      }),
  })
  .transform((env, ctx) => {
    const isProduction = env.NODE_ENV === 'production';
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`;
    return {
      env: env.NODE_ENV,
      isProduction,
      port: env.PORT,
      host: env.HOST,
      publicUrl: publicUrl.replace(/\/$/, ''),
      /** 'memory://' keeps the embedded database in memory (tests). */
      dataDir: env.DATA_DIR === 'memory://' ? env.DATA_DIR : path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL || undefined,
      demoData: env.DEMO_DATA,
      authSecret: env.AUTH_SECRET,
      logLevel: env.LOG_LEVEL,
      logPretty: (env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty',
      webDistDir: env.WEB_DIST_DIR,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM,
      sms: smsProvider(env),
      push: {
        vapidKeys:
          env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
            ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
            : null,
        subject: env.VAPID_SUBJECT ?? `mailto:${mailAddress(env.MAIL_FROM)}`,
        allowHttp: env.PUSH_ALLOW_HTTP === 'true',
        allowedHosts: env.PUSH_ALLOWED_HOSTS,
      },
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuer: env.GOOGLE_ISSUER,
            }
          : null,
      authRateLimit: env.AUTH_RATE_LIMIT,
      signUpExistsLimit: env.SIGN_UP_EXISTS_LIMIT,
      messageRateLimit: env.MESSAGE_RATE_LIMIT,
      outboxPollMs: env.OUTBOX_POLL_MS,
      shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
      shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
      sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
      uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : undefined,
      s3: s3Storage(env, ctx),
      /** null when maps are turned off. */
      mapStyleUrl: env.MAP_STYLE_URL === 'off' ? null : env.MAP_STYLE_URL,
      geocoderUrl: env.GEOCODER_URL?.replace(/\/$/, ''),
      places: env.PLACES_API_KEY
        ? { apiKey: env.PLACES_API_KEY, apiUrl: env.PLACES_API_URL.replace(/\/$/, '') }
        : null,
      trustProxy: env.TRUST_PROXY,
      formats: formatSettingsOf(env, ctx),
    };
  });

export type Config = z.output<typeof ConfigSchema>;

/** Where uploads go when they go to an S3-compatible bucket. */
export interface S3Config {
  bucket: string;
  /** Unset for AWS itself (the SDK finds the region's endpoint). */
  endpoint: string | undefined;
  region: string;
  /** Null: the AWS SDK's default chain (AWS_* variables, shared files, instance or container roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** bucket in the path (https://host/bucket/key) rather than in the host name (https://bucket.host/key). */
  forcePathStyle: boolean;
  /** '' or folders ending in '/', put before every key. */
  prefix: string;
}

interface S3Env {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: 'true' | 'false';
  S3_PREFIX?: string;
}

/**
 * The bucket when S3_BUCKET is set, else null (uploads stay in a directory). The other S3_ variables
 * without a bucket, or half a key pair, are refused rather than ignored: either is a configuration
 * that would quietly keep files somewhere other than where the operator meant.
 */
function s3Storage(env: S3Env, ctx: z.RefinementCtx): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket) {
    const others = (Object.keys(env) as (keyof S3Env)[]).filter(
      (name) => name.startsWith('S3_') && env[name] !== undefined,
    );
    if (others.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required with ${others.join(', ')}` });
    }
    return null;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    ctx.addIssue({
      code: 'custom',
      path: [accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds them)',
    });
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    // Stores other than AWS (MinIO, Garage, s3rver) rarely have a wildcard DNS name per bucket.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? '',
  };
}

export type SmsProviderConfig =
  | { kind: 'twilio'; accountSid: string; authToken: string; apiUrl: string; from: string }
  | { kind: 'webhook'; url: string; token: string | undefined; from: string | undefined };

interface SmsEnv {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_API_URL: string;
  SMS_WEBHOOK_URL?: string;
  SMS_WEBHOOK_TOKEN?: string;
  SMS_FROM?: string;
}

/** Twilio when fully configured, else the webhook when set, else none (texts are logged). */
function smsProvider(env: SmsEnv): SmsProviderConfig | null {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.SMS_FROM) {
    return {
      kind: 'twilio',
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      apiUrl: env.TWILIO_API_URL.replace(/\/$/, ''),
      from: env.SMS_FROM,
    };
  }
  if (env.SMS_WEBHOOK_URL) {
    return { kind: 'webhook', url: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN, from: env.SMS_FROM };
  }
  return null;
}

/** The address inside 'Name <address>' (or the whole value). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** A configuration for tests: in-memory-ish database directory, quiet logs, no demo data. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    DATA_DIR: 'memory://',
    DEMO_DATA: 'off',
    AUTH_RATE_LIMIT: '1000',
    SIGN_UP_EXISTS_LIMIT: '1000',
    OUTBOX_POLL_MS: '100',
    ...overrides,
  });
}
