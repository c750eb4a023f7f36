/**
 * Stripe.js, loaded from the configured address only when a card form is shown (never at app start), once per page.
 * Only the calls the card form makes are typed here: `elements().create('card')`, `createPaymentMethod` and
 * `handleNextAction`. The local stand-in serves a script with the same calls at its `/v3/`.
 */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (e: { complete: boolean; empty: boolean; error?: { message: string } }) => void): void;
  focus(): void;
  destroy(): void;
}
export interface StripeError {
  message?: string;
  code?: string;
}
export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(params: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<{ paymentMethod: { id: string }; error?: undefined } | { paymentMethod?: undefined; error: StripeError }>;
  handleNextAction(params: { clientSecret: string }): Promise<{ paymentIntent?: { status: string }; error?: StripeError }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

const loads = new Map<string, Promise<StripeFactory>>();

export const STRIPE_LOAD_FAILED = 'The card form could not be loaded. Check your connection and try again.';

/** Injects the script (once per address) and answers `window.Stripe`; a failed load may be tried again. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<StripeFactory>((resolve, reject) => {
    const factory = () => (window as unknown as { Stripe?: StripeFactory }).Stripe;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const Stripe = factory();
      if (Stripe) resolve(Stripe);
      else reject(new Error(STRIPE_LOAD_FAILED));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(STRIPE_LOAD_FAILED));
    });
    document.head.appendChild(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
}
