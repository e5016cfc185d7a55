import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The repository root; relative paths in the configuration are read from here. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().positive().default(1440),
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: flag.default(false),
  REDIS_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(50_000),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ensaya <no-reply@ensaya.cl>'),
  APP_KEY: z
    .string()
    .refine((value) => value === '' || value.length >= 32, 'must have at least 32 characters')
    .optional(),
  SEED_DEMO: flag.optional(),
  CONTENT_TEAM_EMAIL: z.email().default('contenidos@ensaya.cl'),
  ATTEMPT_LEAVE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  ATTEMPT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  POPULATION_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(250),
  STATISTICS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'transbank_oneclick']).optional(),
  SANDBOX_GATEWAY_SECRET: z
    .string()
    .refine((value) => value === '' || value.length >= 32, 'must have at least 32 characters')
    .optional(),
  TRANSBANK_BASE_URL: z.url().default('https://webpay3gint.transbank.cl'),
  // Transbank's published integration credentials for Oneclick Mall (not secrets).
  TRANSBANK_COMMERCE_CODE: z.string().default('597055555541'),
  TRANSBANK_CHILD_COMMERCE_CODE: z.string().default('597055555542'),
  TRANSBANK_API_KEY: z
    .string()
    .default('579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C'),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  DEV_CLOCK: flag.optional(),
  OPENAPI_DOCS: flag.optional(),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  appUrl: string;
  /** PostgreSQL connection string; undefined means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder for PGlite files and uploads; undefined means in memory (tests). */
  dataDir: string | undefined;
  /** Uploaded files (avatars), served at /uploads/: `<dataDir>/uploads`. */
  uploadsDir: string;
  webDistDir: string;
  sessionLifetimeMinutes: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** PostgreSQL connections per instance (node-postgres pool `max`). */
  databasePoolSize: number;
  /**
   * How long an instance keeps a session and its user in memory (0: read on every request). Ends
   * reach every instance through Redis at once; one that misses the message is stale this long.
   */
  sessionCacheSeconds: number;
  /** At most this many sessions cached per instance (the oldest go first). */
  sessionCacheMaxEntries: number;
  rateLimitMax: number;
  /** Login requests per minute per address, whatever the e-mail. */
  loginRateLimitMax: number;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the mail dispatcher looks for mail to send (SMTP only). */
  mailPollIntervalMs: number;
  /**
   * Signs e-mail verification links. Undefined means the key kept in the `settings` table (made
   * once), which every instance on the same database shares.
   */
  appKey: string | undefined;
  seedDemo: boolean;
  /** Where students' comments on questions are mailed. */
  contentTeamEmail: string;
  /** A closed test page is sent this long after it was closed, unless it is opened again. */
  attemptLeaveGraceSeconds: number;
  /** How often attempts whose deadline or leave grace passed are sent; 0 turns the sweeper off. */
  attemptSweepIntervalMs: number;
  /**
   * How long after a submit or delete the comparison with all students takes it in (many share one
   * drain of the population queue); 0 drains in the request, before it answers.
   */
  populationDrainDelayMs: number;
  /**
   * How long an instance keeps the statistics reads shared by every student (population figures,
   * a subject's themes); 0 reads them on every request. A student's own figures are never kept.
   */
  statisticsCacheMs: number;
  /** Where new cards are enrolled; cards already stored stay with the gateway that holds them. */
  paymentGateway: 'sandbox' | 'transbank_oneclick';
  /** Signs the sandbox gateway's tokens and callbacks; undefined means derived from the app key. */
  sandboxGatewaySecret: string | undefined;
  transbank: { baseUrl: string; commerceCode: string; childCommerceCode: string; apiKey: string };
  /** How often renewals, trial ends and retries are looked for; 0 turns the job runner off. */
  jobsIntervalMs: number;
  /** The movable clock (`/api/dev/clock`) for end-to-end tests; never in production. */
  devClock: boolean;
  /** The OpenAPI document and its page at /api/docs (off in production unless enabled). */
  openApiDocs: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment once, at start; an invalid value stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  refuseUnsafeProduction(env, e);
  const dataDir = path.resolve(ROOT_DIR, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR),
    sessionLifetimeMinutes: e.SESSION_LIFETIME_MINUTES,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    sessionCacheMaxEntries: e.SESSION_CACHE_MAX_ENTRIES,
    rateLimitMax: e.RATE_LIMIT_MAX,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailPollIntervalMs: 2_000,
    appKey: e.APP_KEY || undefined,
    // Demo accounts have published passwords: never by default in production.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    contentTeamEmail: e.CONTENT_TEAM_EMAIL,
    attemptLeaveGraceSeconds: e.ATTEMPT_LEAVE_GRACE_SECONDS,
    attemptSweepIntervalMs: e.ATTEMPT_SWEEP_INTERVAL_MS,
    populationDrainDelayMs: e.POPULATION_DRAIN_DELAY_MS,
    statisticsCacheMs: e.STATISTICS_CACHE_MS,
    paymentGateway: e.PAYMENT_GATEWAY ?? 'sandbox',
    sandboxGatewaySecret: e.SANDBOX_GATEWAY_SECRET || undefined,
    transbank: {
      baseUrl: e.TRANSBANK_BASE_URL.replace(/\/$/, ''),
      commerceCode: e.TRANSBANK_COMMERCE_CODE,
      childCommerceCode: e.TRANSBANK_CHILD_COMMERCE_CODE,
      apiKey: e.TRANSBANK_API_KEY,
    },
    jobsIntervalMs: e.JOBS_INTERVAL_MS,
    devClock: e.NODE_ENV !== 'production' && (e.DEV_CLOCK ?? true),
    openApiDocs: e.OPENAPI_DOCS ?? e.NODE_ENV !== 'production',
  };
}

/**
 * Production does not start on a default that is only safe on a laptop: the sandbox gateway
 * accepts any card, so the gateway must be chosen on purpose, and the public address (in e-mailed
 * links) and Transbank's credentials (whose defaults are the public integration ones) must be given.
 */
function refuseUnsafeProduction(env: NodeJS.ProcessEnv, e: z.infer<typeof EnvSchema>) {
  if (e.NODE_ENV !== 'production') return;
  const missing: string[] = [];
  if (!e.PAYMENT_GATEWAY) missing.push('PAYMENT_GATEWAY (sandbox or transbank_oneclick)');
  if (!e.APP_URL) missing.push('APP_URL');
  if (e.PAYMENT_GATEWAY === 'transbank_oneclick') {
    for (const name of [
      'TRANSBANK_BASE_URL',
      'TRANSBANK_COMMERCE_CODE',
      'TRANSBANK_CHILD_COMMERCE_CODE',
      'TRANSBANK_API_KEY',
    ] as const) {
      if (!env[name]) missing.push(name);
    }
  }
  if (missing.length > 0)
    throw new ConfigError(
      `Refusing to start in production without: ${missing.join(', ')} (see .env.example)`,
    );
}

/**
 * A configuration for tests: in-memory PGlite unless TEST_DATABASE_URL points at PostgreSQL, and
 * uploads in a folder of their own under the system's temporary directory.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    dataDir: undefined,
    uploadsDir: path.join(tmpdir(), `ensaya-test-uploads-${randomUUID()}`),
    mailPollIntervalMs: 100,
    // Tests sweep explicitly (sweepDueAttempts) with a clock they choose.
    attemptSweepIntervalMs: 0,
    // Tests read the populations right after a submit: drained before it answers.
    populationDrainDelayMs: 0,
    // ... and their statistics without the few seconds' cache.
    statisticsCacheMs: 0,
    // Tests run the jobs explicitly (runJobsOnce) with a clock they choose.
    jobsIntervalMs: 0,
    ...overrides,
  };
}
