import type { Locator } from 'playwright-core';
import { startStripeStandIn, type StandIn } from '../../../services/src/modules/payments/gateway/stripe-stand-in/server.ts';
import { closeE2e, openE2e, type E2eRun } from './app.ts';

const KEYS = { secretKey: 'sk_test_e2e_stand_in', publishableKey: 'pk_test_e2e_stand_in', webhookSecret: 'whsec_e2e_stand_in' };

/**
 * The app with PAYMENTS_GATEWAY=stripe on the local Stripe stand-in (its signed webhooks go to the app, its Stripe.js
 * is the browser's), Chromium and one page: any browser test of a payment runs on Stripe this way.
 */
export const openE2eOnStripe = async (): Promise<E2eRun & { standIn: StandIn }> => {
  const standIn = await startStripeStandIn(KEYS);
  const run = await openE2e({
    PAYMENTS_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_URL: standIn.url,
    STRIPE_JS_URL: `${standIn.url}/v3/`,
  });
  standIn.setWebhookUrl(`${run.app.url}/api/v1/payments/stripe/webhook`);
  return { ...run, standIn };
};

export const closeE2eOnStripe = async (run: Partial<E2eRun & { standIn: StandIn }>): Promise<void> => {
  await closeE2e(run);
  await run.standIn?.close();
};

/** Types a test card into the Stripe card element of a payment form (and the name on the card), as a payer would. */
export const fillStripeCard = async (form: Locator, number: string, name = 'Casey Customer'): Promise<void> => {
  const card = form.getByRole('group', { name: 'Card' });
  await card.getByLabel('Card number').waitFor({ timeout: 20_000 });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(name);
};
