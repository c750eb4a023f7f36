import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Counters } from './port.ts';

export interface RedisCountersOptions {
  /** Redis URL, e.g. redis://localhost:6379 (the distributed profile's REDIS_URL). */
  url: string;
  /** Namespace of every key. */
  prefix: string;
  logger?: Logger;
}

/** INCR, and the window's expiry set by its first hit: answers the count and the ms left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** A sorted set of slot ids scored by their lapse time (the server's clock): lapsed ones dropped, then one taken if free. */
const TAKE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

type Scripts = {
  countersHit(key: string, windowMs: number): Promise<[number, number]>;
  countersTake(key: string, limit: number, leaseMs: number, id: string): Promise<number>;
};

/**
 * The distributed profile's counters on Redis (see port.ts): every api process counts on the same keys, each step one
 * script, so concurrent hits never lose a count and a slot is never taken twice. Commands fail fast while Redis is away
 * (one retry), so a request is answered with an error rather than held.
 */
export const createRedisCounters = (options: RedisCountersOptions): Counters & { readonly client: Redis } => {
  const client = new Redis(options.url, { maxRetriesPerRequest: 1 });
  client.on('error', (err) => options.logger?.error({ err }, 'counters: redis connection error'));
  client.defineCommand('countersHit', { numberOfKeys: 1, lua: HIT });
  client.defineCommand('countersTake', { numberOfKeys: 1, lua: TAKE });
  const scripts = client as unknown as Scripts; // defineCommand adds the methods at run time
  const keyOf = (kind: 'hits' | 'slots', key: string) => `${options.prefix}:${kind}:${key}`;
  return {
    client,
    hit: async (key, windowMs) => {
      const [count, ttlMs] = await scripts.countersHit(keyOf('hits', key), Math.max(1, Math.round(windowMs)));
      return { count, ttlMs };
    },
    take: async (key, limit, leaseMs) => {
      const id = randomUUID();
      const slotKey = keyOf('slots', key);
      const taken = await scripts.countersTake(slotKey, limit, Math.max(1, Math.round(leaseMs)), id);
      if (taken !== 1) return null;
      return async () => {
        await client.zrem(slotKey, id);
      };
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
};
