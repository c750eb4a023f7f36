import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Counters } from './port.ts';

/** Two views of the same counters, as two api processes have them (one instance twice where there is one process). */
export interface CounterViews {
  one: Counters;
  two: Counters;
  close(): Promise<void>;
}

/** Polls `attempt` until it answers what `done` accepts, or the deadline passes; answers the last attempt. */
const until = async <T>(attempt: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let value = await attempt();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await attempt();
  }
  return value;
};

/** The counters port's behaviour, run against every adapter. */
export const countersContract = (name: string, make: () => CounterViews) => {
  describe(`counters contract: ${name}`, () => {
    const views = make();
    const { one, two } = views;
    // Keys of this run only, so a rerun on a kept engine starts from nothing.
    const key = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
    afterAll(() => views.close());

    it('counts hits of one key from both views in one window, with the time left of it', async () => {
      const k = key('k');
      const first = await one.hit(k, 60_000);
      expect(first.count).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(59_000);
      expect(first.ttlMs).toBeLessThanOrEqual(60_000);
      expect((await two.hit(k, 60_000)).count).toBe(2);
      expect((await one.hit(k, 60_000)).count).toBe(3);
      expect((await two.hit(key('other'), 60_000)).count).toBe(1);
      // Concurrent hits never lose a count.
      const burst = key('burst');
      const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).hit(burst, 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('opens a new window once the last one lapsed', async () => {
      const k = key('short');
      expect((await one.hit(k, 150)).count).toBe(1);
      expect((await two.hit(k, 150)).count).toBe(2);
      expect((await until(() => one.hit(k, 150), (hit) => hit.count === 1)).count).toBe(1);
    });

    it('hands out at most `limit` slots across both views; a freed slot can be taken again', async () => {
      const k = key('slots');
      const held = await one.take(k, 2, 60_000);
      expect(held).toBeTypeOf('function');
      expect(await two.take(k, 2, 60_000)).toBeTypeOf('function');
      expect(await one.take(k, 2, 60_000)).toBeNull();
      expect(await two.take(k, 2, 60_000)).toBeNull();
      await held?.();
      await held?.(); // freeing twice frees once
      expect(await two.take(k, 2, 60_000)).toBeTypeOf('function');
      expect(await one.take(k, 2, 60_000)).toBeNull();
    });

    it('lets a slot never freed (its process died) lapse with its lease', async () => {
      const k = key('lease');
      expect(await one.take(k, 1, 200)).toBeTypeOf('function');
      expect(await two.take(k, 1, 200)).toBeNull();
      expect(await until(() => two.take(k, 1, 200), (slot) => slot !== null)).toBeTypeOf('function');
    });
  });
};
