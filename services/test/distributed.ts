import { generateKeyPairSync, randomBytes } from 'node:crypto';

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
});
