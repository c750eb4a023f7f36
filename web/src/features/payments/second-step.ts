import type { CheckoutResult } from '@acpg/contracts/payments';
import { HttpError } from '../../lib/http.ts';
import { confirmCheckout, fetchNextAction, fetchPaymentsConfig } from './api/payments.ts';
import { loadStripeJs, type StripeJs } from './stripe-js.ts';

/** Stripe.js for the configured gateway, or null with the test gateway. */
async function stripeJsOfConfig(): Promise<StripeJs | null> {
  const config = await fetchPaymentsConfig();
  if (!config.success || config.data.gateway !== 'stripe' || !config.data.publishable_key || !config.data.js_url) return null;
  const Stripe = await loadStripeJs(config.data.js_url);
  return Stripe(config.data.publishable_key);
}

/**
 * The card's second step, on any page: with Stripe, approving first opens the bank's step through Stripe.js
 * (`handleNextAction`; loaded now if the page has not), then the server answers the checkout (the webhook settles it);
 * with the test gateway the server takes the answer itself. Refusing cancels the payment on the server.
 * `onBankStep` runs just before the bank's window opens: the page closes its own modal dialog then, which would
 * otherwise hide the bank's window from screen readers (a modal hides what opens outside it) and sit under it.
 */
export async function confirmSecondStep(checkoutId: string, approve: boolean, stripe: StripeJs | null = null, onBankStep?: () => void): Promise<CheckoutResult> {
  if (approve) {
    const js = stripe ?? (await stripeJsOfConfig());
    if (js) {
      const next = await fetchNextAction(checkoutId).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 409) return null; // settled meanwhile: the answer below says how
        throw error;
      });
      if (next) {
        onBankStep?.();
        await js.handleNextAction({ clientSecret: next.client_secret }); // a refusal at the bank fails the payment
      }
    }
  }
  return confirmCheckout(checkoutId, approve);
}
