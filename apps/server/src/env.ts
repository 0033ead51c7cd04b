import path from 'node:path';
import { z } from 'zod';
import type { DatabaseOptions } from './db/client';
import type { DataDirOwner } from './lib/data-dir-lock';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Which proxies in front of the server to believe about the client's address. `false`: none, the
 * connection's own address counts. `true` or a number: that many proxies (`true` is one), so the
 * address the outermost of them saw is the client's, and whatever the client wrote into
 * `X-Forwarded-For` itself is ignored. A comma-separated list: the proxies at those addresses or
 * networks (`10.0.0.0/8`). Never "trust everything": a client could name any address.
 */
const trustProxyFromEnv = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^[1-9][0-9]?$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.length > 0 && addresses.every((address) => /^[0-9a-f.:]+(\/[0-9]{1,3})?$/.test(address))) return addresses;
  context.addIssue({ code: 'custom', message: 'must be false, true, a number of proxies, or a comma-separated list of proxy addresses' });
  return z.NEVER;
});

/**
 * Every setting the server reads, parsed once at boot. The table in
 * docs/configuration.md is written from this schema: keep the two together.
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // Without DATABASE_URL: PGlite in DATA_DIR/db, or PostgreSQL from its npm package in DATA_DIR/postgres (docs/decisions/075-the-embedded-database.md).
    EMBEDDED_DATABASE: z.enum(['pglite', 'postgres']).default('pglite'),
    // PGlite keeps its buffer pool in WebAssembly memory that never shrinks (docs/decisions/076-pglite-memory.md).
    PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    SEED_DEMO: booleanFromEnv.default(true),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    CORS_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'must be a comma-separated list of origins such as https://app.example.com',
      )
      .default([]),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
    // The body of a request to a route that needs no sign-in and takes no files (the sign-in, a password reset): a few
    // hundred bytes, so seconds, not the minutes an upload gets (plugins/body-deadline.ts). REQUEST_TIMEOUT_MS still
    // bounds it when shorter.
    PUBLIC_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    FILES_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(7),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Project portal <no-reply@localhost>'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
    // For tests and benches only: shortens the waits between webhook attempts (1 is the real schedule, about a day).
    WEBHOOK_RETRY_SCALE: z.coerce.number().min(0.00001).max(1).default(1),
    // Lets webhooks go over http:// and to loopback and private addresses, whatever NODE_ENV says: for a receiver on the
    // operator's own machine or network (tests, development); otherwise https:// to public addresses only
    // (docs/decisions/108-webhook-targets-checked-by-ipaddr.md).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromEnv.default(false),
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
    OPERATOR_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
    // Blobs no row names (a crash mid-upload) are deleted at start once this old (docs/decisions/070-blob-sweep-at-start.md).
    BLOB_SWEEP_MIN_AGE_MINUTES: z.coerce.number().min(0).max(10_080).default(10),
    IMAGE_CACHE_MB: z.coerce.number().min(1).max(1_048_576).default(1024),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
    // Set S3_BUCKET to keep blobs in an S3-compatible bucket instead of DATA_DIR/blobs.
    S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "must be letters, digits and / ! - _ . * ' ( ) only")
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      context.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not be longer than REQUEST_TIMEOUT_MS' });
    }
    // One without the other would silently fall back to the SDK's credential chain.
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      context.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together' });
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Empty strings count as unset, so `PORT= npm start` falls back to the default. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/** The embedded databases' folders under DATA_DIR: PGlite's, and PostgreSQL's when EMBEDDED_DATABASE=postgres. */
export function databaseFolders(env: Env) {
  return { pglite: path.join(env.DATA_DIR, 'db'), postgres: path.join(env.DATA_DIR, 'postgres') };
}

/**
 * How every process of an installation opens its database (the server, the seed it starts, `npm run seed`, `npm run
 * backup`): one place, one set of settings, so none of them can open a different database than the server's.
 */
export function databaseOptions(env: Env, owner: DataDirOwner): DatabaseOptions {
  const folders = databaseFolders(env);
  return {
    url: env.DATABASE_URL,
    dataDir: folders.pglite,
    postgresDir: env.EMBEDDED_DATABASE === 'postgres' ? folders.postgres : undefined,
    postgresPort: env.EMBEDDED_POSTGRES_PORT,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    owner,
  };
}
