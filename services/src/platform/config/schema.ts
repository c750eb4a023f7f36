import { isSupportedCountry } from 'libphonenumber-js';
import { isWithin, keysDirOf } from '../auth/key-files.ts';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every variable the app reads; README's configuration table and .env.example list the same.
 * A bad or missing value stops the start with a message naming the variable (see load.ts).
 */
export const ConfigSchema = z
  .object({
    MODE: z.enum(['embedded', 'distributed']).default('embedded'),
    ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    // Embedded: where generated keys are kept, outside DATA_DIR so a copy of the data never holds them; default
    // DATA_DIR's sibling `<DATA_DIR>-keys` (./data-keys). Keys found in DATA_DIR (before this setting) are moved there once.
    KEYS_DIR: z.string().optional(),
    // NORMAL: commits survive a process crash or kill; FULL: they also survive power loss (an fsync per commit).
    SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default('web/dist'),
    // auth
    JWT_PRIVATE_KEY: z.string().optional(), // Ed25519 PKCS8 PEM; generated into KEYS_DIR when absent (embedded only)
    // A file holding JWT_PRIVATE_KEY (a mounted secret); read by loadConfig, never together with JWT_PRIVATE_KEY.
    JWT_PRIVATE_KEY_FILE: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
    /** Absolute session lifetime: a refresh chain ends this long after its sign-in, however often it is used. */
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
    /** How long the undo link in the notice of an email or phone change works. */
    CONTACT_UNDO_DAYS: z.coerce.number().int().positive().default(7),
    /** How long an NHD report recipient's emailed link works after it was sent (unless withdrawn first). */
    RECEIPT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long a provider's invitation (its link and code) works after it was sent or sent again. */
    PROVIDER_INVITATION_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    // Secure on the session cookies; unset: on exactly when PUBLIC_URL is https (see cookieSecureOf).
    COOKIE_SECURE: bool.optional(),
    // Behind a reverse proxy: 'true' or the proxies' addresses (comma-separated), so client addresses (rate limits) are real.
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9a-fA-F.:/,\s]+)$/, "must be 'true', 'false' or the proxies' addresses")
      .default('false')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
    // Interactions one client address may store per minute (POST /user-interaction/store); 0 turns the limit off.
    INTERACTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    // Property lookups (autocomplete, a request per keystroke) one client address may make per minute; 0 turns the limit off.
    PROPERTY_SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
    // Work of the human check of sign-up and the contact form (ALTCHA proof of work): PBKDF2 iterations per try; about 2,000 tries per solve.
    CAPTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
    SEED_ADMIN_EMAIL: z.email().optional(),
    SEED_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    SEED_ADMIN_PHONE: z.string().optional(),
    SEED_ADMIN_NAME: z.string().default('Super Admin'),
    ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional(),
    // A file holding ENCRYPTION_KEY (a mounted secret); read by loadConfig, never together with ENCRYPTION_KEY.
    ENCRYPTION_KEY_FILE: z.string().optional(),
    // notifications
    DEV_OUTBOX: bool.default(false),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('ACPG <no-reply@localhost>'),
    // A hung SMTP server fails the send (the job retries) instead of holding a worker: time to connect, to get the
    // server's greeting once connected, and of silence in the middle of a send.
    SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    PUBLIC_URL: z.url().optional(), // the web app's address in emailed links; http://localhost:PORT when absent
    SMS_API_URL: z.url().optional(),
    SMS_API_TOKEN: z.string().optional(),
    SMS_FROM: z.string().optional(),
    // Countries (ISO 3166 alpha-2, comma-separated) whose phone numbers may be given and sent codes: no toll fraud elsewhere.
    SMS_ALLOWED_COUNTRIES: z
      .string()
      .default('US')
      .transform((v) => v.split(',').map((c) => c.trim().toUpperCase()).filter((c) => c !== ''))
      .pipe(z.array(z.string().refine(isSupportedCountry, 'must be ISO 3166 alpha-2 country codes, e.g. US,CA')).min(1, 'must name at least one country')),
    // Text messages the whole platform may send per hour and per UTC day (SMS pumping); past either, sends are refused.
    SMS_HOURLY_BUDGET: z.coerce.number().int().min(1).default(500),
    SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(5000),
    // payments: the embedded test gateway, or Stripe (its three keys are then required). Unset: the test gateway when
    // embedded; refused when distributed (a production stack must never sell for a test card by omission).
    PAYMENTS_GATEWAY: z.enum(['test', 'stripe']).optional(),
    // a checkout not paid within this time is abandoned: its intent cancelled, its order, enrollment or membership freed
    CHECKOUT_EXPIRES_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_\w+$/, 'must be a Stripe publishable key (pk_...)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)').optional(),
    // Stripe's API address; set only to point the adapter at the local stand-in (npm run stripe:stand-in)
    STRIPE_API_URL: z.url().optional(),
    STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
    // distributed profile
    // Where events and read models live when distributed: MongoDB (default), or the SQLite file in DATA_DIR shared
    // by the api, projector and worker processes of one host (the outbox relay then publishes its log to Kafka).
    STORE: z.enum(['mongodb', 'sqlite']).optional(),
    MONGODB_URL: z.string().optional(),
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_CLIENT_ID: z.string().default('acpg'),
    KAFKA_TOPIC_PREFIX: z.string().default('acpg'),
    // A consumer silent this long leaves its group and its partitions go to the others (brokers accept 6 s and up).
    KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).max(300_000).default(30_000),
    KAFKA_MAX_WAIT_MS: z.coerce.number().int().min(10).max(10_000).default(1000),
    REDIS_URL: z.string().optional(),
    // A job's lock in BullMQ: a worker process that died holding a job loses it after this, and the job runs again
    // (checked as often). BullMQ's 30 s; shorter takes a killed worker's jobs up sooner, at more Redis traffic.
    JOBS_LOCK_DURATION_MS: z.coerce.number().int().min(2000).max(600_000).default(30_000),
    // How many jobs of a queue one worker process runs at once, as a multiple of what the queue declares (a queue
    // declaring 1 keeps its order and stays 1). Jobs mostly wait (for a write, a copy catching up, a mail server), so
    // the distributed profile, whose waits cross processes, runs more at once. Unset: 8 distributed, 1 embedded.
    JOBS_CONCURRENCY_SCALE: z.coerce.number().int().min(1).max(64).optional(),
    // observability (README "Metrics and traces")
    // Bearer token GET /metrics asks for; unset: only direct requests from this host (loopback, no proxy header) may read it.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // ROLE=projector or worker: the port of their own GET /metrics (api and all serve it on PORT); unset: none.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    // OTLP/HTTP collector base URL (spans go to <url>/v1/traces); unset: no traces, and no cost.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('acpg'),
  })
  .superRefine((c, ctx) => {
    if (c.MODE === 'distributed') {
      if (!c.PAYMENTS_GATEWAY) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_GATEWAY'],
          message:
            'is required when MODE=distributed: set PAYMENTS_GATEWAY=stripe (with its three STRIPE_ keys) to take real cards, or PAYMENTS_GATEWAY=test to run on test cards (nothing is charged)',
        });
      }
      for (const key of ['KAFKA_BROKERS', 'REDIS_URL', 'JWT_PRIVATE_KEY', 'ENCRYPTION_KEY', 'SMTP_URL', 'SMS_API_URL', 'SMS_API_TOKEN'] as const) {
        if (!c[key]) {
          const message = key === 'JWT_PRIVATE_KEY' || key === 'ENCRYPTION_KEY' ? `is required when MODE=distributed (or ${key}_FILE naming a file that holds it)` : 'is required when MODE=distributed';
          ctx.addIssue({ code: 'custom', path: [key], message });
        }
      }
      if (c.STORE !== 'sqlite' && !c.MONGODB_URL) {
        ctx.addIssue({ code: 'custom', path: ['MONGODB_URL'], message: 'is required when MODE=distributed (unless STORE=sqlite)' });
      }
      if (c.DEV_OUTBOX) ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: 'is refused when MODE=distributed' });
    }
    if (isWithin(keysDirOf(c), c.DATA_DIR)) {
      ctx.addIssue({ code: 'custom', path: ['KEYS_DIR'], message: 'must be outside DATA_DIR: a copy of the data folder must not hold the keys' });
    }
    if (c.MODE === 'embedded' && c.STORE === 'mongodb') {
      ctx.addIssue({ code: 'custom', path: ['STORE'], message: 'mongodb needs MODE=distributed (the embedded profile keeps everything in SQLite)' });
    }
    if (c.PAYMENTS_GATEWAY === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENTS_GATEWAY=stripe' });
      }
    }
    if (Boolean(c.SEED_ADMIN_EMAIL) !== Boolean(c.SEED_ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['SEED_ADMIN_PASSWORD'], message: 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together' });
    }
  })
  // Unset when embedded: the test gateway (when distributed, unset was refused above).
  .transform((c) => ({ ...c, PAYMENTS_GATEWAY: c.PAYMENTS_GATEWAY ?? ('test' as const), COOKIE_SECURE: cookieSecureOf(c) }));
export type Config = z.infer<typeof ConfigSchema>;

/** Is the app's public address (PUBLIC_URL) served over HTTPS? */
export const publicUrlIsHttps = (config: { PUBLIC_URL?: string | undefined }): boolean => config.PUBLIC_URL?.startsWith('https://') ?? false;

/** COOKIE_SECURE when set (an explicit override either way), else Secure exactly when the public address is https. */
export const cookieSecureOf = (config: { COOKIE_SECURE?: boolean | undefined; PUBLIC_URL?: string | undefined }): boolean =>
  config.COOKIE_SECURE ?? publicUrlIsHttps(config);

/** Logged at start when the public address is https but the session cookies are not Secure (COOKIE_SECURE=false). */
export const insecureCookieWarning = (config: Pick<Config, 'COOKIE_SECURE' | 'PUBLIC_URL'>): string | null =>
  publicUrlIsHttps(config) && !config.COOKIE_SECURE
    ? 'COOKIE_SECURE=false while PUBLIC_URL is https: browsers may send the session cookies over plain HTTP; unset COOKIE_SECURE or set it to true'
    : null;

/** Where events and read models live: STORE when set, else SQLite when embedded and MongoDB when distributed. */
export const storeOf = (config: Pick<Config, 'MODE' | 'STORE'>): 'mongodb' | 'sqlite' =>
  config.STORE ?? (config.MODE === 'distributed' ? 'mongodb' : 'sqlite');
