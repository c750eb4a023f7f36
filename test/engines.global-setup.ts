import type { TestProject } from 'vitest/node';
import { startRedis, startKafkaMock, type RunningEngine } from './engines.ts';
import { dockerEngineAnswers, mongoSkipReason } from './mongo.ts';

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
  if (!process.env.MONGODB_URL && !(await dockerEngineAnswers())) {
    // Said once on the console as well as in each suite's name and the JSON report.
    console.warn(`MongoDB contract suites (event store, documents, projection store): ${mongoSkipReason}`);
  }
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
