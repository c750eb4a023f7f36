import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { createMemoryCounters } from '../counters/memory.ts';
import type { Counters } from '../counters/port.ts';
import { AppError } from './errors.ts';
import { rateLimitStoreOn } from './rate-limit-store.ts';

const opened: Counters[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

const incr = (store: FastifyRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)), 60_000, 10);
  });

/** The plugin's child call: its merged options with the route as `routeInfo`. */
const childFor = (store: FastifyRateLimitStore, method: string, url: string) =>
  store.child({ routeInfo: { method, url } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);

describe('the rate-limit store on the counters', () => {
  it('counts each route apart, one client on both', async () => {
    const counters = createMemoryCounters();
    opened.push(counters);
    const Store = rateLimitStoreOn(counters);
    const root = new Store({} as FastifyRateLimitOptions);
    const signIn = childFor(root, 'POST', '/api/v1/auth/sign-in');
    const search = childFor(root, 'GET', '/api/v1/properties/search');
    expect(await incr(signIn, '203.0.113.7')).toMatchObject({ current: 1, ttl: 60_000 });
    expect((await incr(signIn, '203.0.113.7')).current).toBe(2);
    expect((await incr(search, '203.0.113.7')).current).toBe(1);
    // A second process's store on the same counters counts with the first.
    const again = childFor(new Store({} as FastifyRateLimitOptions), 'POST', '/api/v1/auth/sign-in');
    expect((await incr(again, '203.0.113.7')).current).toBe(3);
  });

  it('answers 503 when the counters cannot be reached, so a request is never let through unchecked', async () => {
    const down: Counters = {
      hit: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      take: () => Promise.reject(new Error('unused')),
      close: async () => {},
    };
    const store = childFor(new (rateLimitStoreOn(down))({} as FastifyRateLimitOptions), 'POST', '/api/v1/auth/sign-in');
    const refused: unknown = await incr(store, '203.0.113.7').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', cause: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }) });
  });
});
