import { startStripeStandIn } from './server.ts';

/**
 * `npm run stripe:stand-in`: the local Stripe stand-in on STAND_IN_PORT (default 12111), sending signed webhooks to
 * STAND_IN_WEBHOOK_URL. Start the app with PAYMENTS_GATEWAY=stripe, STRIPE_API_URL=http://127.0.0.1:12111,
 * STRIPE_JS_URL=http://127.0.0.1:12111/v3/ and the same three keys.
 */
const env = process.env;
const standIn = await startStripeStandIn({
  secretKey: env.STRIPE_SECRET_KEY ?? 'sk_test_stand_in',
  publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_stand_in',
  webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stand_in',
  webhookUrl: env.STAND_IN_WEBHOOK_URL ?? `http://127.0.0.1:${env.PORT ?? '8080'}/api/v1/payments/stripe/webhook`,
  port: Number(env.STAND_IN_PORT ?? 12111),
  host: env.STAND_IN_HOST ?? '127.0.0.1',
});
console.log(`Stripe stand-in on ${standIn.url} (Stripe.js at ${standIn.url}/v3/)`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
