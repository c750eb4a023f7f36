import Stripe from 'stripe';
import type { Config } from '../../../../platform/config/schema.ts';

/**
 * The `stripe` library's client for the configured account. `STRIPE_API_URL` (the local stand-in) sets the library's
 * own `protocol`, `host` and `port` options; without it the library talks to https://api.stripe.com.
 */
export const stripeClient = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe => {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is required when PAYMENTS_GATEWAY=stripe');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
};
