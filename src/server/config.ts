import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '../common/constants';

/** The only reader of process.env. Every setting has an embedded default (architecture.md). */

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
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  ADMIN_NOTIFY_EMAIL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_1: optional,
  STRIPE_PRICE_2: optional,
  STRIPE_PRICE_3: optional,
  STRIPE_PRICE_4: optional,
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  AUTH_SECRET: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  SEED_DEMO: z.enum(['on', 'off', 'true', 'false', '1', '0']).optional(),
  SITE_NAME: z.string().trim().min(1).default(DEFAULT_SITE_NAME),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  s3: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminNotifyEmail: string;
  stripe: { secretKey: string; webhookSecret: string; priceIds: [string, string, string, string] } | undefined;
  publicUrl: string;
  authSecret: string;
  admin: { email: string; password: string } | undefined;
  /** undefined: seed when the database is empty. */
  seedDemo: boolean | undefined;
  siteName: string;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Reads the secret from DATA_DIR, creating it on first start, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
  const publicUrl = e.PUBLIC_URL.replace(/\/$/, '');
  if (isProduction) {
    if (!authSecret || authSecret.length < 32) {
      throw new ConfigError('AUTH_SECRET must be set to at least 32 characters in production.');
    }
    const host = new URL(publicUrl).hostname;
    if (host === 'localhost' || host === '127.0.0.1' || host === '::1') {
      throw new ConfigError('PUBLIC_URL must be the public address of the site in production, not localhost.');
    }
  }

  const stripeParts = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PRICE_1, e.STRIPE_PRICE_2, e.STRIPE_PRICE_3, e.STRIPE_PRICE_4];
  if (e.STRIPE_SECRET_KEY && stripeParts.some((p) => !p)) {
    throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_1..4 as well.');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together.');
  }
  const host = new URL(publicUrl).hostname;

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
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
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${host === 'localhost' ? 'pitchroom.local' : host}>`,
    adminNotifyEmail: e.ADMIN_NOTIFY_EMAIL ?? e.ADMIN_EMAIL ?? 'admin@pitchroom.local',
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          priceIds: [e.STRIPE_PRICE_1!, e.STRIPE_PRICE_2!, e.STRIPE_PRICE_3!, e.STRIPE_PRICE_4!],
        }
      : undefined,
    publicUrl,
    authSecret: authSecret!,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO === undefined ? undefined : ['on', 'true', '1'].includes(e.SEED_DEMO),
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
  };
}
