import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../test/engines.global-setup.ts';
import { NOTIFICATION_CODES_QUEUE } from '@acpg/contracts/notifications';
import { TERMS_OF_SERVICE_VERSION } from '@acpg/contracts/sign-up';
import { notificationsModule } from '../src/modules/notifications/module.ts';
import { createBullmqJobs } from '../src/platform/jobs/bullmq.ts';
import type { Jobs, Worker } from '../src/platform/jobs/port.ts';
import { solveCaptcha } from './captcha.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { outboxOf } from './sign-in.ts';
import { waitFor } from './wait-for.ts';

/**
 * The sign-up's codes delivered the distributed way: the job goes to BullMQ on a real Redis (the codes queue) and the
 * notifications module's code worker takes it from there (the rest of the app embedded). The code reaches the phone and the email, works, and is
 * left neither in an event nor in Redis once delivered.
 */
describe('sign-up codes through BullMQ on Redis', () => {
  let t: TestApp;
  let jobs: Jobs;
  let worker: Worker;
  let enqueued = 0;
  const prefix = `signup-${randomUUID().slice(0, 8)}`;
  const remoteAddress = '10.9.8.7';

  beforeAll(async () => {
    t = await startTestApp({ CAPTCHA_COST: '1' });
    const bullmq = createBullmqJobs({ connection: inject('redisUrl'), prefix });
    // Counted, so the test fails if the codes went anywhere but BullMQ.
    const isCode = (data: unknown) => String((data as { template?: unknown }).template).startsWith('identity.sign-up-code');
    jobs = { ...bullmq, enqueue: (...args) => ((enqueued += args[0] === NOTIFICATION_CODES_QUEUE && isCode(args[2]) ? 1 : 0), bullmq.enqueue(...args)) };
    t.platform.jobs = jobs; // what the distributed profile's composition hands the module
    // Codes travel on their own queue, worked by the notifications module's code worker.
    const delivery = notificationsModule.workers?.find((w) => w.queue === NOTIFICATION_CODES_QUEUE);
    if (!delivery) throw new Error('the notifications module has no worker of the codes queue');
    worker = await jobs.work(NOTIFICATION_CODES_QUEUE, delivery.processor(t.platform));
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await jobs?.close();
    await t?.close();
  });

  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, ...(cookie ? { cookies: { acpg_signup: cookie } } : {}) });
  const codeIn = async (to: string) =>
    waitFor(async () => (await outboxOf(t, to)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean), { timeoutMs: 20_000, what: `a code for ${to} through BullMQ` });

  it('delivers the phone code by SMS and the email code by email; each works once and is kept nowhere', async () => {
    const details = { full_name: 'Redis Applicant', email: 'redis-applicant@example.test', phone: '+14155550199', password: 'a long and uncommon passphrase', role: 'Owner', accept_terms: true, terms_version: TERMS_OF_SERVICE_VERSION };
    const challenge = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sign-up/challenge', remoteAddress });
    const started = await post('/auth/sign-up', { ...details, captcha: await solveCaptcha(challenge.json().data) });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'acpg_signup')?.value ?? '';

    expect((await post('/auth/sign-up/otp', { channel: 'phone' }, cookie)).statusCode).toBe(200);
    const phoneCode = await codeIn(details.phone);
    const sms = (await outboxOf(t, details.phone))[0];
    expect(sms).toMatchObject({ channel: 'sms', text: expect.stringContaining('Your ACPG sign-up code is') });
    expect((await post('/auth/sign-up/verify', { channel: 'phone', code: phoneCode }, cookie)).statusCode).toBe(200);

    expect((await post('/auth/sign-up/otp', { channel: 'email' }, cookie)).statusCode).toBe(200);
    const emailCode = await codeIn(details.email);
    expect((await outboxOf(t, details.email))[0]).toMatchObject({ channel: 'email', subject: 'Your sign-up code' });
    const verified = await post('/auth/sign-up/verify', { channel: 'email', code: emailCode }, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ role: ['Owner'], user: { email: details.email } });

    const events = JSON.stringify(await t.platform.eventStore.readAll({ after: 0, limit: 10_000 }));
    expect(events).not.toContain(`"${phoneCode}"`);
    expect(events).not.toContain(`"${emailCode}"`);
    // BullMQ removes a completed job: no key under the prefix holds either code.
    const redis = new Redis(inject('redisUrl'));
    try {
      const keys = await redis.keys(`${prefix}:*`);
      const values: string[] = [];
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'hash') values.push(JSON.stringify(await redis.hgetall(key)));
        if (type === 'string') values.push((await redis.get(key)) ?? '');
        if (type === 'list') values.push(JSON.stringify(await redis.lrange(key, 0, -1)));
      }
      expect(values.join('\n')).not.toContain(phoneCode);
      expect(values.join('\n')).not.toContain(emailCode);
    } finally {
      redis.disconnect();
    }
    expect(enqueued).toBe(2);
    expect(await jobs.deadLetters(NOTIFICATION_CODES_QUEUE)).toEqual([]);
  }, 60_000);
});
