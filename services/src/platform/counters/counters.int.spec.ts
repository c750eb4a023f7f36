import { inject } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { countersContract } from './contract.ts';
import { createMemoryCounters } from './memory.ts';
import { createRedisCounters } from './redis.ts';

countersContract('memory', () => {
  const counters = createMemoryCounters();
  return { one: counters, two: counters, close: () => counters.close() };
});

// Two clients of one Redis database (of this suite's own on the shared redis-server): two api processes' views.
countersContract('redis', () => {
  const url = `${inject('redisUrl')}/13`;
  const [one, two] = [createRedisCounters({ url, prefix: 'counters-contract' }), createRedisCounters({ url, prefix: 'counters-contract' })];
  return { one, two, close: async () => void (await Promise.all([one.close(), two.close()])) };
});
