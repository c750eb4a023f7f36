import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import mongoose from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INTERACTION_RECORDED_MESSAGE, Interaction } from '@acpg/contracts/insights';
import { MODULE_NAMES } from '../src/composition/modules.ts';
import { topicForStream } from '../src/platform/event-bus/port.ts';
import { freePort } from '../../test/engines.ts';
import { mongoUrlForTests } from '../../test/mongo.ts';
import { startRole, tail, type RoleProcess } from './role-process.ts';
import { startSmsCapture, type SmsCapture } from './sms-capture.ts';
import { waitFor } from './wait-for.ts';

/**
 * The distributed profile as three OS processes (ROLE=api, projector, worker) on librdkafka's mock cluster and a real
 * Redis: events reach Kafka through the projector's outbox relay, projections run in the projector and push through
 * the socket.io Redis adapter to the api's sockets, the worker sends the sign-in code through BullMQ.
 */
const mongo = await mongoUrlForTests();
const stores = mongo ? 'events and read models on MongoDB' : 'SQLite stores shared: no MONGODB_URL and no Docker engine';

const ADMIN = { email: 'admin@three-process.test', password: 'three processes, one admin 7', phone: '+14155550177' } as const;
// Three processes start at once on a shared 2-core machine (about 15 s here when alone); the bound is for a loaded run.
const START_MS = 60_000;

/** MONGODB_URL with a database of this run's own (the URL may list several hosts, so no URL parser). */
const ownDatabase = (url: string, name: string): string => {
  const [base = '', query] = url.split('?');
  const path = base.indexOf('/', base.indexOf('://') + 3);
  return `${path === -1 ? base : base.slice(0, path)}/${name}${query ? `?${query}` : ''}`;
};

describe(`three processes (api, projector, worker) on the Kafka mock cluster and Redis (${stores})`, () => {
  const run = `three${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-three-'));
  const processes: RoleProcess[] = [];
  let sms: SmsCapture;
  let env: Record<string, string>;
  let api: RoleProcess;
  let projector: RoleProcess;
  let base: string;
  let token = '';
  let socket: Socket | undefined;
  const pushes: Interaction[] = [];

  const start = (role: 'api' | 'projector' | 'worker', extra: Record<string, string> = {}) => {
    const child = startRole(role, { ...env, ROLE: role, ...extra });
    processes.push(child);
    return child;
  };
  /** Every process's last lines, for a failure message. */
  const outputs = () => processes.map((p) => `--- ${p.name}${p.alive() ? '' : ' (exited)'}\n${tail(p.output(), 25)}`).join('\n');
  const started = (role: RoleProcess) => role.waitForLine(/"msg":"(started|listening on [^"]+)"/, 'start', START_MS);

  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; data?: Record<string, unknown> } };
  };
  const storeInteraction = (page_name: string, button_name: string) => call('POST', '/user-interaction/store', { page_name, button_name });

  /** Every listed interaction of one page, all pages of the list read. */
  const listed = async (pageName: string): Promise<{ total: number; items: Interaction[] }> => {
    const items: Interaction[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await call('GET', `/admin/user-interactions?page_name=${encodeURIComponent(pageName)}&page_size=100&page=${page}`);
      if (status !== 200) throw new Error(`the list answered ${status}: ${JSON.stringify(body)}`);
      const data = body.data as { items: unknown[]; total: number };
      items.push(...data.items.map((item) => Interaction.parse(item)));
      if (data.items.length < 100) return { total: data.total, items };
    }
  };

  beforeAll(async () => {
    sms = await startSmsCapture(randomBytes(16).toString('hex'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      MODE: 'distributed',
      STORE: mongo ? 'mongodb' : 'sqlite',
      ...(mongo ? { MONGODB_URL: ownDatabase(mongo.url, run) } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      KAFKA_BROKERS: inject('kafkaBrokers'),
      KAFKA_TOPIC_PREFIX: run,
      KAFKA_CLIENT_ID: run,
      // A killed projector's consumers leave their groups after this; the mock cluster holds the next join until then.
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      // A database of its own on the shared redis-server, so no other suite's worker takes this run's jobs.
      REDIS_URL: `${inject('redisUrl')}/3`,
      JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Nothing in this walk sends email; a send would fail here and be retried, never reach anyone.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMS_API_URL: sms.url,
      SMS_API_TOKEN: sms.token,
      SMS_FROM: 'ACPG',
      INTERACTION_RATE_LIMIT_PER_MINUTE: '0',
      PAYMENTS_GATEWAY: 'test', // the distributed profile must name its gateway; this walk pays with test cards
    };
    api = start('api', {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SEED_ADMIN_PHONE: ADMIN.phone,
    });
    projector = start('projector');
    const worker = start('worker');
    await Promise.all([started(api), started(projector), started(worker)]);
  }, START_MS + 10_000);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all(processes.map((p) => p.stop()));
    await sms?.close();
    if (mongo) {
      const connection = await mongoose.createConnection(ownDatabase(mongo.url, run)).asPromise();
      await connection.dropDatabase();
      await connection.close();
      await mongo.stop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** Runs `use` with a Kafka admin client on the mock cluster. */
  const withKafkaAdmin = async <T>(use: (admin: Admin) => Promise<T>): Promise<T> => {
    const admin = new Kafka({ clientId: `${run}-check`, brokers: inject('kafkaBrokers').split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      return await use(admin);
    } finally {
      await admin.disconnect();
    }
  };

  it('every module has its topic on the cluster', async () => {
    const topics = await withKafkaAdmin((admin) => admin.listTopics());
    for (const module of MODULE_NAMES) expect(topics, module).toContain(topicForStream(`${module}-x`, run));
  });

  it('the seeded Super Admin signs in with the code the worker process sent by SMS', async () => {
    const signIn = await call('POST', '/auth/sign-in', { email: ADMIN.email, password: ADMIN.password });
    expect(signIn.status, outputs()).toBe(200);
    const challenge_id = String(signIn.body.data?.challenge_id);
    const sent = await call('POST', '/auth/sign-in/otp', { challenge_id, channel: 'phone' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const message = await waitFor(() => sms.messages.find((m) => m.to === ADMIN.phone), { timeoutMs: 20_000, what: 'the SMS with the code' }).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${outputs()}`);
      },
    );
    expect(message.from).toBe('ACPG');
    const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
    const verified = await call('POST', '/auth/sign-in/verify', { challenge_id, code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toMatchObject({ role: ['Super Admin'], user: { email: ADMIN.email } });
    token = String(verified.body.data?.AccessToken);
  }, 30_000);

  it("a Super Admin's template edit, saved on the api, is what the worker process renders next, without a restart", async () => {
    const saved = await call('PUT', '/admin/email-templates/identity.sign-in-code-sms', { text: 'Three processes edited this: {{ code }}', expected_version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sent = await call('POST', '/admin/email-templates/identity.sign-in-code-sms/test');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = await waitFor(() => sms.messages.find((m) => m.text.startsWith('[Test] Three processes edited this: ')), { timeoutMs: 20_000, what: 'the test text message' }).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${outputs()}`);
      },
    );
    expect(message).toMatchObject({ to: ADMIN.phone, text: '[Test] Three processes edited this: 123456' });
  }, 30_000);

  it('an interaction stored through the api is projected by the projector and pushed live to a socket on the api', async () => {
    expect(token, 'signed in by the test before').not.toBe('');
    socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: true });
    socket.on(INTERACTION_RECORDED_MESSAGE, (payload: unknown) => pushes.push(Interaction.parse(payload)));
    await waitFor(() => socket?.connected, { timeoutMs: 10_000, what: 'the socket to connect' });

    const button = `live-${randomUUID().slice(0, 8)}`;
    expect((await storeInteraction('three-process live', button)).status).toBe(200);
    const pushed = await waitFor(() => pushes.find((p) => p.button_name === button), { timeoutMs: 15_000, what: 'the push' }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${outputs()}`);
    });
    expect(pushed).toMatchObject({ page_name: 'three-process live', version: 1 });
    expect(pushed.position).toBeGreaterThan(0);
    const { items } = await listed('three-process live');
    expect(items.map((i) => i.id)).toEqual([pushed.id]);
  }, 30_000);

  it('a projector killed with SIGKILL mid-stream and restarted leaves the read model complete, without a duplicate', async () => {
    const page = 'three-process kill';
    const acked: string[] = [];
    const refused: number[] = [];
    let projectedAtKill: number | undefined;
    let storing = true;
    // One writer, paced: interactions keep arriving before, during and after the kill.
    const load = (async () => {
      for (let i = 0; storing; i++) {
        const button = `kill-${String(i).padStart(4, '0')}`;
        const { status } = await storeInteraction(page, button);
        if (status === 200) acked.push(button);
        else refused.push(status);
        await new Promise((paced) => setTimeout(paced, 30));
      }
    })();
    try {
      // Mid-stream: the projector has projected some of them, more are coming.
      projectedAtKill = await waitFor(
        async () => {
          const { total } = await listed(page);
          return total >= 10 ? total : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 200, what: 'the first interactions to be projected' },
      );
      projector.child.kill('SIGKILL');
      await projector.exited;
      const ackedAtKill = acked.length;
      await waitFor(() => acked.length >= ackedAtKill + 10, { timeoutMs: 10_000, what: 'interactions stored while the projector is down' });
      projector = start('projector');
      await started(projector);
      await waitFor(() => acked.length >= ackedAtKill + 20, { timeoutMs: 10_000, what: 'interactions stored after the restart' });
    } finally {
      storing = false;
      await load;
    }
    expect(refused).toEqual([]);

    // Wait on the count, then read the pages: pages read while the projector still catches up shift under the reader
    // (a late row sorts in among the earlier ones), so one copy can show on two pages and the wait would end early.
    await waitFor(
      async () => {
        const { status, body } = await call('GET', `/admin/user-interactions?page_name=${encodeURIComponent(page)}&page_size=1`);
        return status === 200 && (body.data as { total: number }).total >= acked.length;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: `all ${acked.length} acknowledged interactions to be listed` },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${outputs()}`);
    });
    const final = await listed(page);
    expect(final.total).toBe(acked.length);
    expect(new Set(final.items.map((i) => i.id)).size).toBe(acked.length);
    expect(final.items.map((i) => i.button_name).sort()).toEqual([...acked].sort());
    const summary = await call('GET', `/admin/user-interactions/summary?page_name=${encodeURIComponent(page)}`);
    expect(summary.body.data?.total, 'counted in the summary').toBe(acked.length);

    // The restarted projector pushes live too.
    const button = `after-restart-${randomUUID().slice(0, 8)}`;
    expect((await storeInteraction('three-process live', button)).status).toBe(200);
    await waitFor(() => pushes.some((p) => p.button_name === button), { timeoutMs: 15_000, what: 'a push from the restarted projector' });

    // The relay's cursor outlived the kill: the insights topic holds every interaction once, plus at most the batch
    // that was in flight at the kill. A relay that lost its cursor would publish again everything before the kill,
    // at least the live interaction and the ones projected by then.
    const onTopic = await withKafkaAdmin(async (admin) =>
      (await admin.fetchTopicOffsets(topicForStream('insights-x', run))).reduce((sum, partition) => sum + Number(partition.high), 0),
    );
    const stored = acked.length + 2; // and the live one of the test before, and the one after the restart
    expect(onTopic).toBeGreaterThanOrEqual(stored);
    expect(onTopic - stored, 'interactions published twice').toBeLessThan(1 + (projectedAtKill ?? 0));
  }, 150_000);
});
