import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { createRedisCounters } from './redis.ts';

/** Two clients of one Redis database: two api processes' views of the same counters. */
describe('Redis counters', () => {
  const url = `${inject('redisUrl')}/13`;
  const prefix = `counters-spec-${randomUUID().slice(0, 8)}`;
  const [one, two] = [createRedisCounters({ url, prefix }), createRedisCounters({ url, prefix })];
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('counts hits of one key from both clients in one window, with the time left of it', async () => {
    const first = await one.hit('k', 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(59_000);
    expect((await two.hit('k', 60_000)).count).toBe(2);
    expect((await one.hit('k', 60_000)).count).toBe(3);
    expect((await two.hit('other', 60_000)).count).toBe(1);
    // Concurrent hits never lose a count.
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).hit('burst', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('opens a new window once the last one lapsed', async () => {
    expect((await one.hit('short', 150)).count).toBe(1);
    expect((await two.hit('short', 150)).count).toBe(2);
    const deadline = Date.now() + 5_000;
    let next = await one.hit('short', 150);
    while (next.count !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      next = await one.hit('short', 150);
    }
    expect(next.count).toBe(1);
  });

  it('hands out at most `limit` slots across both clients; a freed slot, or one past its lease, can be taken again', async () => {
    const held = await one.take('u', 2, 60_000);
    expect(held).toBeTypeOf('function');
    expect(await two.take('u', 2, 60_000)).toBeTypeOf('function');
    expect(await one.take('u', 2, 60_000)).toBeNull();
    expect(await two.take('u', 2, 60_000)).toBeNull();
    await held?.();
    expect(await two.take('u', 2, 60_000)).toBeTypeOf('function');
    // Slots whose process died: they lapse with their lease.
    expect(await one.take('lease', 1, 200)).toBeTypeOf('function');
    expect(await two.take('lease', 1, 200)).toBeNull();
    const deadline = Date.now() + 5_000;
    let again = await two.take('lease', 1, 200);
    while (!again && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await two.take('lease', 1, 200);
    }
    expect(again).toBeTypeOf('function');
  });
});
