import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, inject, it } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { randomUUID } from 'node:crypto';
import { createBullmqJobs } from '../../platform/jobs/bullmq.ts';
import { createSmtpMailer } from '../../platform/mail/smtp.ts';
import { startSilentServer } from '../../../test/silent-smtp.ts';
import { NOTIFICATION_CODES_QUEUE, NOTIFICATIONS_QUEUE, OutboxMessage, type NotificationJob } from '@acpg/contracts/notifications';
import { codeNotificationJob, notificationJob } from '../../platform/jobs/notifications.ts';
import { ConfigSchema, type Config } from '../../platform/config/schema.ts';
import { errorHandler } from '../../platform/http/error-handler.ts';
import { eventually } from '../../platform/jobs/contract.ts';
import type { Jobs } from '../../platform/jobs/port.ts';
import { createSqliteJobs } from '../../platform/jobs/sqlite.ts';
import { createDevOutbox, devOutboxMailer, devOutboxSms, type DevOutbox } from '../../platform/mail/dev-outbox.ts';
import type { Mailer } from '../../platform/mail/port.ts';
import type { Platform } from '../../platform/module.ts';
import type { SmsSender } from '../../platform/sms/port.ts';
import { openSqlite } from '../../platform/sqlite/open.ts';
import { z } from 'zod';
import { createTemplateRegistry } from '../../platform/templates/registry.ts';
import type { TemplateOverride } from '../../platform/templates/template.ts';
import { defineEmailTemplate, defineSmsTemplate } from '../../platform/templates/template.ts';
import { notificationsModule } from './module.ts';

interface World {
  db: DatabaseSync;
  outbox: DevOutbox;
  jobs: Jobs;
  platform: Platform;
}

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

const welcome = defineEmailTemplate({
  key: 'test.welcome',
  description: 'A welcome',
  subject: 'Welcome, {{ name }}',
  html: '<p>Hello {{ name }}</p>',
  text: 'Hello {{ name }}',
  variables: z.object({ name: z.string().min(1) }),
  sample: { name: 'Jane' },
});
const code = defineSmsTemplate({
  key: 'test.code',
  description: 'A code',
  text: 'Your code is {{ code }}',
  variables: z.object({ code: z.string().regex(/^\d{6}$/) }),
  sample: { code: '123456' },
});
/** Edits an admin stored, by template key. */
const edits = new Map<string, TemplateOverride>();
afterEach(() => edits.clear());

const world = (env: Record<string, string> = {}, senders: { mailer?: Mailer; sms?: SmsSender } = {}): World => {
  const db = openSqlite(':memory:');
  const outbox = createDevOutbox(db);
  const jobs = createSqliteJobs(db, { pollMs: 50 });
  const config: Config = ConfigSchema.parse({ LOG_LEVEL: 'silent', ...env });
  // Only what the notifications module touches; the rest of the platform is not needed here.
  const platform = {
    config,
    log: pino({ level: 'silent' }),
    jobs,
    mailer: senders.mailer ?? devOutboxMailer(outbox),
    sms: senders.sms ?? devOutboxSms(outbox),
    // As the composition root decides it: the outbox is the platform's only on the embedded profile with DEV_OUTBOX.
    devOutbox: config.DEV_OUTBOX && config.MODE === 'embedded' ? outbox : null,
    templates: createTemplateRegistry([welcome, code], { overrides: { find: async (key) => edits.get(key) ?? null } }),
    clock: () => new Date(),
    newId: () => crypto.randomUUID(),
  } as unknown as Platform;
  opened.push({ close: () => db.close() }, { close: () => jobs.close() });
  return { db, outbox, jobs, platform };
};

const startWorker = async ({ platform, jobs }: World) => {
  const worker = notificationsModule.workers?.find((w) => w.queue === NOTIFICATIONS_QUEUE);
  if (!worker) throw new Error('the notifications module has no worker');
  await jobs.work(worker.queue, worker.processor(platform), { concurrency: worker.concurrency ?? 1 });
};

const enqueue = (jobs: Jobs, id: string, data: NotificationJob | Record<string, unknown>) =>
  jobs.enqueue(NOTIFICATIONS_QUEUE, 'deliver', data, { id, attempts: 3, backoffMs: 10 });

describe('notifications worker', () => {
  it('renders the templates and sends an email and an SMS through the platform senders', async () => {
    const w = world();
    let html: string | undefined;
    // The dev outbox keeps the text part only: the HTML part is read on its way to it.
    const keepingHtml: Mailer = {
      send: async (message) => {
        html = message.html;
        await w.platform.mailer.send(message);
      },
    };
    const platform = { ...w.platform, mailer: keepingHtml };
    await startWorker({ ...w, platform });
    await enqueue(w.jobs, 'evt-1:email', { channel: 'email', to: 'jane@example.com', template: 'test.welcome', variables: { name: '<Jane>' } });
    await enqueue(w.jobs, 'evt-1:sms', { channel: 'sms', to: '+15551234567', template: 'test.code', variables: { code: '424242' } });
    const [mail] = await eventually('the email', () => (w.outbox.list('jane@example.com').length ? w.outbox.list('jane@example.com') : undefined));
    expect(mail).toMatchObject({ channel: 'email', to: 'jane@example.com', subject: 'Welcome, <Jane>', text: 'Hello <Jane>' });
    expect(html).toBe('<p>Hello &lt;Jane&gt;</p>');
    const [sms] = await eventually('the SMS', () => (w.outbox.list('+15551234567').length ? w.outbox.list('+15551234567') : undefined));
    expect(sms).toMatchObject({ channel: 'sms', subject: null, text: 'Your code is 424242' });
  });

  it('sends an admin\'s edit of a template, looked up when the message is rendered', async () => {
    const w = world();
    await startWorker(w);
    edits.set('test.welcome', { subject: 'Hi {{ name }}, welcome aboard' });
    await enqueue(w.jobs, 'edited', { channel: 'email', to: 'jane@example.com', template: 'test.welcome', variables: { name: 'Jane' } });
    const [mail] = await eventually('the email', () => (w.outbox.list('jane@example.com').length ? w.outbox.list('jane@example.com') : undefined));
    expect(mail).toMatchObject({ subject: 'Hi Jane, welcome aboard', text: 'Hello Jane' });
  });

  it('dead-letters at once a message whose template is unknown, of the other channel, or whose variables do not fit', async () => {
    const w = world();
    await startWorker(w);
    await enqueue(w.jobs, 'unknown', { channel: 'email', to: 'jane@example.com', template: 'test.nope', variables: {} });
    await enqueue(w.jobs, 'channel', { channel: 'email', to: 'jane@example.com', template: 'test.code', variables: { code: '424242' } });
    await enqueue(w.jobs, 'misfit', { channel: 'sms', to: '+15551234567', template: 'test.code', variables: { code: 'abc' } });
    const dead = await eventually('the dead letters', async () => {
      const letters = await w.jobs.deadLetters(NOTIFICATIONS_QUEUE);
      return letters.length === 3 ? letters : undefined;
    });
    const errors = Object.fromEntries(dead.map((d) => [d.id, d]));
    expect(errors.unknown).toMatchObject({ attemptsMade: 1, error: 'No message template is registered as test.nope.' });
    expect(errors.channel).toMatchObject({ attemptsMade: 1, error: 'Template test.code is an sms template, not an email one.' });
    expect(errors.misfit).toMatchObject({ attemptsMade: 1, error: expect.stringContaining('test.code: the variables do not fit') });
    expect(w.outbox.list('jane@example.com')).toEqual([]);
  });

  it('dead-letters an invalid job at once, naming the problem, and sends nothing', async () => {
    const w = world();
    let sends = 0;
    const counting: Mailer = { send: async () => void (sends += 1) };
    const platform = { ...w.platform, mailer: counting };
    await startWorker({ ...w, platform });
    await enqueue(w.jobs, 'bad-1', { channel: 'email', to: 'not-an-email', template: 'test.welcome', variables: { name: 'Jane' } });
    const [dead] = await eventually('the dead letter', async () => {
      const letters = await w.jobs.deadLetters(NOTIFICATIONS_QUEUE);
      return letters.length ? letters : undefined;
    });
    expect(dead).toMatchObject({ id: 'bad-1', attemptsMade: 1 });
    expect(dead?.error).toMatch(/^invalid notification job: .*to/s);
    expect(sends).toBe(0);
  });

  /** Sends SMS job `id` through a sender that always throws `failure()`: answers how often it was called and the job's dead letter. */
  const deadLetterOf = async (id: string, failure: () => Error) => {
    let calls = 0;
    const failing: SmsSender = {
      send: async () => {
        calls += 1;
        throw failure();
      },
    };
    const w = world({}, { sms: failing });
    await startWorker(w);
    await enqueue(w.jobs, id, { channel: 'sms', to: '+15551234567', template: 'test.code', variables: { code: '123456' } });
    const [dead] = await eventually('the dead letter', async () => {
      const letters = await w.jobs.deadLetters(NOTIFICATIONS_QUEUE);
      return letters.length ? letters : undefined;
    });
    return { calls, dead };
  };

  it('retries a sender failure, then dead-letters it with the error once attempts are spent', async () => {
    const { calls, dead } = await deadLetterOf('sms-down', () => new Error('provider unreachable'));
    expect(calls).toBe(3);
    expect(dead).toMatchObject({ id: 'sms-down', attemptsMade: 3, error: 'provider unreachable' });
  });

  it('does not retry a refusal no retry can change (SMS provider 4xx)', async () => {
    const { calls, dead } = await deadLetterOf('sms-refused', () => Object.assign(new Error('SMS provider answered 400: invalid number'), { status: 400 }));
    expect(calls).toBe(1);
    expect(dead?.error).toBe('sms refused: SMS provider answered 400: invalid number');
  });
});

describe('codes on their own queue', () => {
  const adapters: { name: string; jobs: (w: World) => Jobs }[] = [
    { name: 'embedded (SQLite) jobs', jobs: (w) => w.jobs },
    {
      name: 'BullMQ on Redis',
      jobs: () => {
        const jobs = createBullmqJobs({ connection: inject('redisUrl'), prefix: `codes-${randomUUID().slice(0, 8)}` });
        opened.push({ close: () => jobs.close() });
        return jobs;
      },
    },
  ];
  for (const adapter of adapters) {
    it(`sends a code at once while a backlog of other mail is stuck on a slow mail server (${adapter.name})`, async () => {
      let release = () => {};
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const w = world();
      const jobs = adapter.jobs(w);
      // The mail server answers nothing for the backlog's emails until released; the code goes by SMS to the outbox.
      const slowMailer: Mailer = { send: () => stuck };
      const platform = { ...w.platform, jobs, mailer: slowMailer };
      const workers = notificationsModule.workers ?? [];
      expect(workers.map((worker) => worker.queue).sort()).toEqual([NOTIFICATION_CODES_QUEUE, NOTIFICATIONS_QUEUE].sort());
      try {
        for (const worker of workers) await jobs.work(worker.queue, worker.processor(platform), { concurrency: worker.concurrency ?? 1 });
        for (let i = 0; i < 30; i++) {
          await notificationJob.enqueue(platform, { channel: 'email', to: `bulk-${i}@example.com`, template: 'test.welcome', variables: { name: `Reader ${i}` } }, { id: `bulk-${i}` });
        }
        await eventually('the backlog taken as far as it goes', async () => ((await jobs.counts(NOTIFICATIONS_QUEUE)).active > 0 ? true : undefined));
        await codeNotificationJob.enqueue(platform, { channel: 'sms', to: '+15557654321', template: 'test.code', variables: { code: '135790' } }, { id: 'a-code' });
        const [sms] = await eventually('the code', () => (w.outbox.list('+15557654321').length ? w.outbox.list('+15557654321') : undefined));
        expect(sms).toMatchObject({ text: 'Your code is 135790' });
        // Sent while every email of the backlog was still waiting or stuck.
        const backlog = await jobs.counts(NOTIFICATIONS_QUEUE);
        expect(backlog.waiting + backlog.active).toBe(30);
      } finally {
        release();
      }
    });
  }
});

describe('a hung SMTP server', () => {
  it('fails the send within its timeout, so the job is retried and then dead-lettered instead of holding the worker', async () => {
    const server = await startSilentServer();
    opened.push({ close: server.close });
    const w = world();
    const mailer = createSmtpMailer({ url: server.url, from: 'no-reply@acpg.test', timeouts: { connectionMs: 500, greetingMs: 200, socketMs: 1000 } });
    opened.push({ close: () => mailer.close() });
    await startWorker({ ...w, platform: { ...w.platform, mailer } });
    const started = Date.now();
    await enqueue(w.jobs, 'hung', { channel: 'email', to: 'jane@example.com', template: 'test.welcome', variables: { name: 'Jane' } });
    const letters = await eventually('the dead letter', async () => {
      const found = await w.jobs.deadLetters(NOTIFICATIONS_QUEUE);
      return found.length ? found : undefined;
    });
    expect(letters).toEqual([expect.objectContaining({ id: 'hung', attemptsMade: 3, error: expect.stringMatching(/greeting/i) })]);
    expect(Date.now() - started).toBeLessThan(5000);
    // The worker is free again: the next message is taken (and, the server still hung, fails the same way).
    expect((await w.jobs.counts(NOTIFICATIONS_QUEUE)).active).toBe(0);
  });
});

describe('GET /api/v1/dev/outbox', () => {
  const buildApp = async (platform: Platform, module = notificationsModule): Promise<FastifyInstance> => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    const routeAuth: unknown[] = [];
    app.addHook('onRoute', (route) => void routeAuth.push(route.config?.auth));
    if (!module.routes) throw new Error('the notifications module has no routes');
    await app.register(module.routes(platform), { prefix: '/api/v1' });
    await app.ready();
    opened.push({ close: () => app.close() });
    // Every route declares its access (the auth guard refuses routes that do not).
    expect(routeAuth.every((auth) => auth !== undefined)).toBe(true);
    return app;
  };

  it('lists the messages for an address, newest first, in the envelope', async () => {
    const w = world({ DEV_OUTBOX: 'true' });
    for (const text of ['first', 'second']) await w.platform.mailer.send({ to: 'jane@example.com', subject: 's', text });
    await w.platform.sms.send({ to: '+15551234567', text: 'other' });
    const app = await buildApp(w.platform);
    const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=jane@example.com' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: true; data: { items: OutboxMessage[] } };
    expect(body.success).toBe(true);
    expect(body.data.items.map((m) => m.text)).toEqual(['second', 'first']);
    for (const item of body.data.items) expect(OutboxMessage.parse(item)).toEqual(item);
  });

  it('answers 400 VALIDATION_FAILED naming to without ?to', async () => {
    const app = await buildApp(world({ DEV_OUTBOX: 'true' }).platform);
    for (const url of ['/api/v1/dev/outbox', '/api/v1/dev/outbox?to=', '/api/v1/dev/outbox?to=%20']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringContaining('to='), errors: [{ path: 'to' }] });
    }
  });

  it('reads the platform\'s dev outbox, whatever the senders are', async () => {
    const w = world({ DEV_OUTBOX: 'true' }, { mailer: { send: async () => undefined }, sms: { send: async () => undefined } });
    w.outbox.record({ channel: 'sms', to: '+15550001111', subject: null, text: 'given' });
    const app = await buildApp(w.platform);
    const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=%2B15550001111' });
    expect((response.json() as { data: { items: OutboxMessage[] } }).data.items.map((m) => m.text)).toEqual(['given']);
  });

  it('reads a phone number whose "+" came unencoded (decoded as a space)', async () => {
    const w = world({ DEV_OUTBOX: 'true' });
    w.outbox.record({ channel: 'sms', to: '+14155550100', subject: null, text: 'plus kept' });
    const app = await buildApp(w.platform);
    for (const url of ['/api/v1/dev/outbox?to=+14155550100', '/api/v1/dev/outbox?to=%2014155550100', '/api/v1/dev/outbox?to=%2B14155550100']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect((response.json() as { data: { items: OutboxMessage[] } }).data.items.map((m) => m.text), url).toEqual(['plus kept']);
    }
  });

  it('is not served when the platform has no dev outbox (DEV_OUTBOX off)', async () => {
    const app = await buildApp(world().platform);
    const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=jane@example.com' });
    expect(response.statusCode).toBe(404);
  });
});
