import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '../common/constants';
import { parseAddressRange, type AddressRange } from './lib/client-address';
import { passwordProblem } from './lib/passwords';

/** The only reader of process.env. Every setting has an embedded default. */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DATABASE_OWNER_URL: optional,
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).optional()),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).optional()),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  MAIL_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(50).optional()),
  ADMIN_NOTIFY_EMAIL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_1: optional,
  STRIPE_PRICE_2: optional,
  STRIPE_PRICE_3: optional,
  STRIPE_PRICE_4: optional,
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  TEST_PAYMENTS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['on', 'off']).optional()),
  TRUSTED_PROXIES: optional,
  SITE_NAME: z.string().trim().min(1).default(DEFAULT_SITE_NAME),
  METRICS_TOKEN: optional,
  SHUTDOWN_DRAIN_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(600_000).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  dataDir: string;
  /** The app's connection (DATABASE_URL); absent: embedded PGlite in DATA_DIR. */
  databaseUrl: string | undefined;
  /**
   * The schema owner's connection, for migrations, restores and offline backups (DATABASE_OWNER_URL); the app's
   * when unset. With its own role the app may only insert and read the audit trail.
   */
  databaseOwnerUrl: string | undefined;
  /** How long a request waits for PostgreSQL to connect, and for a statement (DATABASE_*_TIMEOUT_MS). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  s3: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** E-mails the outbox sends at once, over as many SMTP connections (MAIL_CONCURRENCY). */
  mailConcurrency: number;
  adminNotifyEmail: string;
  stripe: { secretKey: string; webhookSecret: string; priceIds: [string, string, string, string] } | undefined;
  /** The built-in test checkout was asked for by TEST_PAYMENTS=on: every page says payments are a test. */
  testPaymentsAnnounced: boolean;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); empty: the socket's address is the client. */
  trustedProxies: AddressRange[];
  publicUrl: string;
  /** PUBLIC_URL was given: the site has an address of its own beside this machine's. */
  publicUrlSet: boolean;
  authSecret: string;
  admin: { email: string; password: string } | undefined;
  siteName: string;
  logLevel: string;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset, /metrics is off. */
  metricsToken: string | undefined;
  /**
   * How long the server keeps serving after SIGTERM with readiness answering 503, before it stops listening
   * (SHUTDOWN_DRAIN_MS): balancers polling readiness stop sending here meanwhile, and no request is refused.
   */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {}

export const DEFAULT_SHUTDOWN_DRAIN_MS = 10_000;

/** Reads the secret from DATA_DIR, creating it on first start, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TRUSTED_PROXIES: CIDRs (IPv4 or IPv6) or single addresses, separated by commas or spaces. */
function parseTrustedProxies(value: string | undefined): AddressRange[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    const range = parseAddressRange(entry);
    if (!range) throw new ConfigError(`TRUSTED_PROXIES: "${entry}" is not an address or a CIDR range (e.g. 10.0.0.0/8, fd00::/8).`);
    return range;
  });
}

/** Below this a secret is refused in production: 32 random bytes in base64 give about 205 by this measure, 16 in hex about 117. */
const MIN_SECRET_BITS = 100;

/**
 * A rough measure of a secret's randomness: its length times the Shannon entropy of its characters' frequencies.
 * It cannot see a phrase's words, but it does catch the usual mistakes: one character repeated, a short
 * pattern repeated, a secret of a few different characters.
 */
export function estimatedEntropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  let perCharacter = 0;
  for (const n of counts.values()) perCharacter -= (n / length) * Math.log2(n / length);
  return perCharacter * length;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const authSecret = e.AUTH_SECRET ?? (isProduction ? undefined : persistedSecret(dataDir));
  // Unset, the site is where it listens on this machine, so e-mailed links and the origin check follow PORT.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`).replace(/\/$/, '');
  if (isProduction) {
    if (!authSecret || authSecret.length < 32) {
      throw new ConfigError('AUTH_SECRET must be set to at least 32 characters in production.');
    }
    if (estimatedEntropyBits(authSecret) < MIN_SECRET_BITS) {
      throw new ConfigError(
        'AUTH_SECRET is too predictable for production (repeated or few different characters): make one with openssl rand -base64 32.',
      );
    }
    const url = new URL(publicUrl);
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]') {
      throw new ConfigError('PUBLIC_URL must be the public address of the site in production, not localhost.');
    }
    // Secure cookies and HSTS are sent in production: over http:// nobody could stay signed in, and passwords travel in clear.
    if (url.protocol !== 'https:') {
      throw new ConfigError(`PUBLIC_URL must start with https:// in production (it is ${url.protocol}//${url.host}).`);
    }
  }

  const stripeParts = [
    e.STRIPE_SECRET_KEY,
    e.STRIPE_WEBHOOK_SECRET,
    e.STRIPE_PRICE_1,
    e.STRIPE_PRICE_2,
    e.STRIPE_PRICE_3,
    e.STRIPE_PRICE_4,
  ];
  if (e.STRIPE_SECRET_KEY && stripeParts.some((p) => !p)) {
    throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_1..4 as well.');
  }
  // The owner's connection only matters beside the app's PostgreSQL one; alone it would be ignored, and the site
  // would start on PGlite while its operator believes it is on PostgreSQL.
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError('DATABASE_OWNER_URL needs DATABASE_URL: the owner runs the migrations of the database the app connects to.');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together.');
  }
  // The first admin's password keeps the rules of every other: refused at start, before any account exists.
  const adminPasswordProblem = e.ADMIN_PASSWORD === undefined ? null : passwordProblem(e.ADMIN_PASSWORD);
  if (adminPasswordProblem) throw new ConfigError(`ADMIN_PASSWORD: ${adminPasswordProblem}`);
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 24) {
    throw new ConfigError('METRICS_TOKEN must be at least 24 characters (e.g. openssl rand -base64 24).');
  }
  if (e.STRIPE_SECRET_KEY && e.TEST_PAYMENTS === 'on') {
    throw new ConfigError('TEST_PAYMENTS=on and STRIPE_SECRET_KEY exclude each other: set one of them.');
  }
  if (!e.STRIPE_SECRET_KEY && isProduction && e.TEST_PAYMENTS !== 'on') {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be set in production, or TEST_PAYMENTS=on for a staging site whose checkout is the built-in test (it marks orders paid without payment).',
    );
  }
  if (!e.STRIPE_SECRET_KEY && e.TEST_PAYMENTS === 'off') {
    throw new ConfigError('TEST_PAYMENTS=off needs STRIPE_SECRET_KEY: without either there is no checkout.');
  }
  const trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES);
  const host = new URL(publicUrl).hostname;

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_URL && (e.DATABASE_OWNER_URL ?? e.DATABASE_URL),
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS ?? 5_000, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? 15_000 },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailConcurrency: e.MAIL_CONCURRENCY ?? 8,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${host === 'localhost' ? 'pitchroom.local' : host}>`,
    adminNotifyEmail: e.ADMIN_NOTIFY_EMAIL ?? e.ADMIN_EMAIL ?? 'admin@pitchroom.local',
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          priceIds: [e.STRIPE_PRICE_1!, e.STRIPE_PRICE_2!, e.STRIPE_PRICE_3!, e.STRIPE_PRICE_4!],
        }
      : undefined,
    testPaymentsAnnounced: e.TEST_PAYMENTS === 'on',
    trustedProxies,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    authSecret: authSecret!,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    // Longer than the readiness probe interval the deploy docs set, with room for one missed probe.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? DEFAULT_SHUTDOWN_DRAIN_MS,
  };
}
