import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
// The typing of inject('redisUrl') and inject('kafkaBrokers') (the harness's ProvidedContext).
import type {} from '../../test/engines.global-setup.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * The settings of the distributed profile in one test process: SQLite as the store, Kafka (`brokers`, the mock cluster)
 * under a topic prefix and client id of the run's own, BullMQ on `redisUrl` (a database of the suite's own on the shared
 * redis-server, so no other suite's worker takes its jobs), fresh keys. Email and SMS go to a closed port: a send fails
 * and is retried, never reaching anyone (the suites check the jobs that queue them).
 */
export const distributedSettings = (run: string, brokers: string, redisUrl: string): Record<string, string> => ({
  MODE: 'distributed',
  STORE: 'sqlite',
  DEV_OUTBOX: 'false',
  KAFKA_BROKERS: brokers,
  KAFKA_TOPIC_PREFIX: run,
  KAFKA_CLIENT_ID: run,
  KAFKA_SESSION_TIMEOUT_MS: '6000',
  REDIS_URL: redisUrl,
  JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SMTP_URL: 'smtp://127.0.0.1:9',
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_API_TOKEN: 'unused',
  PAYMENTS_GATEWAY: 'test', // the distributed profile must name its gateway; these suites pay with test cards
});

/**
 * The suite's app on the distributed profile, started before its tests and closed after them: run `<name>-<8 hex>`,
 * BullMQ on database `database` of the shared redis-server (a database of the suite's own, so no other suite's worker
 * takes this run's jobs). Call it in the suite's `describe`; `app()` is the started app, `redisUrl()` the suite's Redis.
 */
export const distributedApp = (name: string, database: number) => {
  const run = `${name}-${randomUUID().slice(0, 8)}`;
  const redisUrl = () => `${inject('redisUrl')}/${database}`;
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(distributedSettings(run, inject('kafkaBrokers'), redisUrl()));
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);
  const app = (): TestApp => {
    if (!started) throw new Error(`the distributed app of ${run} has not started`);
    return started;
  };
  return { app, redisUrl };
};
