import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Counters } from '../counters/port.ts';
import { AppError } from './errors.ts';

/**
 * @fastify/rate-limit's store on the platform's counters: in memory on the embedded profile, on Redis on the distributed
 * one, so every api process counts a client's requests together. Each route counts apart (its method and URL in the key,
 * as the plugin's own stores do). `continueExceeding` and `exponentialBackoff` are not supported (no route uses them).
 */
export const rateLimitStoreOn = (counters: Counters): FastifyRateLimitStoreCtor => {
  const storeFor = (scope: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counters.hit(`${scope}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        // Fails closed (the limit cannot be checked): a 503 the caller can act on, the engine's error logged as its cause.
        (error: unknown) => callback(Object.assign(new AppError(503, 'SERVICE_UNAVAILABLE', 'We cannot take this request right now. Try again in a moment.'), { cause: error })),
      );
    },
    // The plugin hands its merged options with the route as `routeInfo` (its own stores read the same).
    child: (options) => {
      const route = (options as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return storeFor(`rate:${String(route?.method ?? '')}:${String(route?.url ?? '')}:`);
    },
  });
  return class {
    constructor() {
      return storeFor('rate:global:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
};
