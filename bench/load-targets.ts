import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenService } from '../services/src/platform/auth/tokens.ts';
import { startKafkaMock, startRedis } from '../test/engines.ts';
import { startRole, type RoleProcess } from '../services/test/role-process.ts';
import { startSmsCapture } from '../services/test/sms-capture.ts';
import { freePort, startScript } from './processes.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** The seeded Super Admin the load signs in as (password, then a code). */
export const LOAD_ADMIN = { email: 'admin@load.bench', password: 'a fixed rate, five minutes 9', phone: '+14155550188' } as const;

/** A running app under load: its base URL, how to mint a customer's token, where sign-in codes arrive, its processes. */
export interface LoadTarget {
  name: string;
  base: string;
  issueToken(userId: string): Promise<string>;
  /** Starts a sign-in code's delivery: the channel to ask for, and how to read the next code sent after this call. */
  codeChannel(): { channel: 'email' | 'phone'; next: () => Promise<string | undefined> };
  /** The app's processes, by name, for their memory. */
  pids(): Record<string, number | undefined>;
  stop(): Promise<void>;
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere or once it is gone. */
export const rssMb = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
};

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

const common = (dataDir: string, pem: string) => ({
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  JWT_PRIVATE_KEY: pem,
  // Every request of the load comes from 127.0.0.1: the per-address limit of the interaction store is off.
  INTERACTION_RATE_LIMIT_PER_MINUTE: '0',
  SEED_ADMIN_EMAIL: LOAD_ADMIN.email,
  SEED_ADMIN_PASSWORD: LOAD_ADMIN.password,
  SEED_ADMIN_PHONE: LOAD_ADMIN.phone,
});

const tokensFor = async (pem: string, dataDir: string) => {
  const tokens = await createTokenService({ privateKeyPem: pem, keys: { keysDir: `${dataDir}-bench-keys` }, ttlSeconds: 3600 });
  return (userId: string) => tokens.issueAccessToken({ userId, roles: ['Customer'] });
};

/** The embedded profile as `npm start` runs it (one process, SQLite); sign-in codes read from the dev outbox. */
export const embeddedTarget = async (): Promise<LoadTarget> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-load-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const app = await startScript('services/src/main.ts', { ...common(dataDir, pem), LOG_LEVEL: 'warn', DEV_OUTBOX: 'true' }, [], '/api/health', 120_000);
  const base = `http://127.0.0.1:${app.port}`;
  const outbox = async () => {
    const r = await fetch(`${base}/api/v1/dev/outbox?to=${encodeURIComponent(LOAD_ADMIN.email)}`);
    return ((await r.json()) as { data: { items: { text: string }[] } }).data.items; // newest first
  };
  return {
    name: 'embedded',
    base,
    issueToken: await tokensFor(pem, dataDir),
    codeChannel: () => {
      const before = outbox().then((items) => items.length);
      return {
        channel: 'email',
        next: async () => {
          const items = await outbox();
          return items.slice(0, items.length - (await before)).map((m) => codeIn(m.text)).find(Boolean);
        },
      };
    },
    pids: () => ({ app: app.child.pid }),
    stop: async () => {
      await app.stop();
      for (const dir of [dataDir, `${dataDir}-bench-keys`]) rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * The distributed profile as three processes (ROLE=api, projector, worker) on librdkafka's mock cluster and a
 * redis-server, sharing one SQLite file; sign-in codes by SMS to a capture, emails to a sink that drops them.
 */
export const threeProcessTarget = async (): Promise<LoadTarget> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-load3-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const [redis, kafka, smtp] = await Promise.all([startRedis(), startKafkaMock(), startSmtpSink()]);
  const sms = await startSmsCapture(randomBytes(16).toString('hex'));
  const run = `load${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const env = {
    ...common(dataDir, pem),
    MODE: 'distributed',
    STORE: 'sqlite',
    KEYS_DIR: `${dataDir}-keys`,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? join(import.meta.dirname, '../web/dist'),
    KAFKA_BROKERS: kafka.address,
    KAFKA_TOPIC_PREFIX: run,
    KAFKA_CLIENT_ID: run,
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    // The mock cluster answers a fetch only when its wait ends (a real broker answers when an event arrives).
    KAFKA_MAX_WAIT_MS: '100',
    REDIS_URL: redis.address,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    SMS_API_URL: sms.url,
    SMS_API_TOKEN: sms.token,
    SMS_FROM: 'ACPG',
    PAYMENTS_GATEWAY: 'test',
  };
  const roles: RoleProcess[] = [];
  const stopAll = async () => {
    await Promise.all(roles.map((r) => r.stop()));
    await Promise.all([redis.stop(), kafka.stop(), smtp.stop(), sms.close()]);
    for (const dir of [dataDir, `${dataDir}-keys`, `${dataDir}-bench-keys`]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The api at warn (no line per request); the others at info, where they say "started".
    const api = startRole('api', { ...env, ROLE: 'api', PORT: String(port), LOG_LEVEL: 'warn' });
    const projector = startRole('projector', { ...env, ROLE: 'projector', LOG_LEVEL: 'info' });
    const worker = startRole('worker', { ...env, ROLE: 'worker', LOG_LEVEL: 'info' });
    roles.push(api, projector, worker);
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
      if (!api.alive() || Date.now() > deadline) throw new Error(`the api did not start:\n${api.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await Promise.all([projector, worker].map((role) => role.waitForLine(/"msg":"started"/, `${role.name} start`, 180_000)));
    return {
      name: 'three-process',
      base,
      issueToken: await tokensFor(pem, dataDir),
      codeChannel: () => {
        const before = sms.messages.length;
        return { channel: 'phone', next: async () => sms.messages.slice(before).filter((m) => m.to === LOAD_ADMIN.phone).map((m) => codeIn(m.text)).find(Boolean) };
      },
      pids: () => ({ api: api.child.pid, projector: projector.child.pid, worker: worker.child.pid }),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
