import type { TestProject } from 'vitest/node';
import { startRedis, startKafkaMock, type RunningEngine } from './engines.ts';

/**
 * Starts the real engines the contract suites need, on free ports, once per run:
 * redis-server and librdkafka's mock cluster (from kcat). Their addresses reach the tests
 * through `inject('redisUrl')` / `inject('kafkaBrokers')`.
 */
export default async function setup(project: TestProject) {
  const engines: RunningEngine[] = [];
  const redis = await startRedis();
  engines.push(redis);
  const kafka = await startKafkaMock();
  engines.push(kafka);
  project.provide('redisUrl', redis.address);
  project.provide('kafkaBrokers', kafka.address);
  return async () => {
    await Promise.all(engines.map((e) => e.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    kafkaBrokers: string;
  }
}
