import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutResult, CreatePaymentMethodBody, PaymentMethod } from '@acpg/contracts/payments';
import { waitForOutcome } from '../../../lib/wait-for-outcome.ts';

/** What a checkout pays for: a plan (a membership) or a placed NHD order. */
export type Purchase = { plan_id: string } | { nhd_order_id: string } | { equity_enrollment_id: string };

export interface CheckoutInput {
  /** A plan id (a membership), or the purchase itself. */
  planId?: string;
  purchase?: Purchase;
  /** Makes a checkout id (a uuid): once per checkout, again only after a checkout ended in `failed`. */
  newId: () => string;
  /** How long to keep asking about a checkout the gateway has not reported on, and how often (ms). */
  pollForMs?: number;
  pollEveryMs?: number;
}

export interface CheckoutContext {
  purchase: Purchase;
  newId: () => string;
  /** Sent with every Pay of this checkout, so a double click or a retry after a lost answer charges once. */
  checkoutId: string;
  paymentMethod: PaymentMethod | null;
  /** The promo code applied to this Pay (null: none); part of the checkout, like the card. */
  promoCode: string | null;
  /** The payer agreed to the Terms of Service with this Pay (sent as `accept_terms`; the server refuses a Pay without it). */
  consent: boolean;
  /**
   * Fingerprint of the card the current checkout id was sent with (null: not sent yet). Pay again with the same card
   * sends the same checkout (same id and payment method: the server answers what it did); another card first asks
   * the server whether the sent checkout exists.
   */
  sentWith: string | null;
  /** The card of the Pay being handled, in memory until the gateway has it. */
  pendingCard: CreatePaymentMethodBody | null;
  checkout: CheckoutResult | null;
  /** Why the last attempt did not go through, in words the payer can act on. */
  error: string | null;
  /** The card was declined or the second step refused (a definitive no), as opposed to an error on the way. */
  declined: boolean;
  pollUntil: number;
  pollForMs: number;
  pollEveryMs: number;
}

/**
 * Pay: the card (or the marker of a saved card, see PaymentForm), the promo code, and the payer's consent to the Terms
 * of Service (and to automatic renewal for a plan), which the form asks for first and the server records.
 */
export type CheckoutEvent =
  | { type: 'PAY'; card: CreatePaymentMethodBody; promoCode?: string | null; consent: true }
  | { type: 'APPROVE' }
  | { type: 'REFUSE' }
  /** A page reloaded mid-payment: the server's live checkout of this purchase (GET /payments/checkouts/live), continued. */
  | { type: 'RESUME'; checkout: CheckoutResult };

/** `sentWith` of a resumed checkout: no card of this page sent it, so any Pay first asks the server about it. */
export const RESUMED = 'resumed';

export const DECLINED_MESSAGE = 'Your card was declined, and nothing was charged. Try another card.';
export const REFUSED_MESSAGE = 'The payment was not approved, and nothing was charged. Pay again to try once more.';
export const STILL_PROCESSING_MESSAGE = 'Your payment is still being processed. Press Pay to check again: you will not be charged twice.';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const statusOf = (error: unknown) => (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 0);
/** The server refused the request itself (4xx): nothing was started by it. A lost answer or a 5xx may have been. */
const refused = ({ event }: { event: unknown }) => {
  const status = statusOf((event as { error?: unknown }).error);
  return status >= 400 && status < 500;
};
const notFound = ({ event }: { event: unknown }) => statusOf((event as { error?: unknown }).error) === 404;

/** A short FNV-1a fingerprint of the card fields: tells "the same card again" without keeping the number. */
export function cardFingerprint(card: CreatePaymentMethodBody, promoCode: string | null = null): string {
  let hash = 0x811c9dc5;
  for (const ch of `${card.number}|${card.exp_month}|${card.exp_year}|${card.cvc}|${card.name}|${promoCode ?? ''}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** What the wait for a checkout's outcome is given: the checkout, how often to ask and for how long (ms). */
export interface OutcomeInput {
  checkoutId: string;
  everyMs: number;
  forMs: number;
}

/** The wait for a checkout the gateway has not reported on, over a fetch of the checkout (lib/wait-for-outcome.ts). */
export const awaitOutcomeWith = (fetchCheckout: (checkoutId: string, signal: AbortSignal) => Promise<CheckoutResult>) =>
  fromPromise<CheckoutResult | null, OutcomeInput>(({ input, signal }) =>
    waitForOutcome((s) => fetchCheckout(input.checkoutId, s), (c) => c.status !== 'processing', { everyMs: input.everyMs, forMs: input.forMs }, signal),
  );

// Done events of invoked actors are not in the machine's event union: the answer is read from the event here.
const answerOf = (event: unknown) => (event as { output: CheckoutResult }).output;
const stillProcessing = (answer: CheckoutResult | null) => answer === null || answer.status === 'processing';
const answered = (status: CheckoutResult['status']) => ({ event }: { event: unknown }) => answerOf(event).status === status;

/**
 * Where a checkout answer leads. A `failed` one ends this checkout with the server's reason (else `failure`), and the
 * next Pay is a new checkout with a new id.
 */
const routeAnswer = (failure: string, also: readonly 'dropPendingCard'[] = []) => [
  { guard: answered('succeeded'), target: '#checkout.paid', actions: ['keepAnswer' as const, ...also] },
  { guard: answered('requires_action'), target: '#checkout.awaitingApproval', actions: ['keepAnswer' as const, ...also] },
  { guard: answered('failed'), target: '#checkout.ready', actions: ['keepAnswer' as const, { type: 'endFailed' as const, params: { failure } }, ...also] },
  { target: '#checkout.processing', actions: ['keepAnswer' as const, ...also] },
];

/** Card → payment method → checkout → (second step) → paid; one checkout id per checkout. */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as CheckoutResult,
  },
  actors: {
    createPaymentMethod: fromPromise<PaymentMethod, CreatePaymentMethodBody>(() => Promise.reject(new Error('createPaymentMethod actor not provided'))),
    startCheckout: fromPromise<CheckoutResult, Purchase & { checkout_id: string; payment_method_id: string; promo_code?: string; accept_terms: boolean }>(() =>
      Promise.reject(new Error('startCheckout actor not provided')),
    ),
    confirmCheckout: fromPromise<CheckoutResult, { checkoutId: string; approve: boolean }>(() => Promise.reject(new Error('confirmCheckout actor not provided'))),
    fetchCheckout: fromPromise<CheckoutResult, { checkoutId: string }>(() => Promise.reject(new Error('fetchCheckout actor not provided'))),
    awaitOutcome: fromPromise<CheckoutResult | null, OutcomeInput>(() => Promise.reject(new Error('awaitOutcome actor not provided'))),
  },
  actions: {
    keepAnswer: assign({ checkout: ({ event }) => answerOf(event) }),
    dropPendingCard: assign({ pendingCard: null }),
    endFailed: assign(({ context, event }, params: { failure: string }) => ({
      declined: true,
      error: answerOf(event).message || params.failure,
      checkoutId: context.newId(),
      sentWith: null,
    })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    purchase: input.purchase ?? { plan_id: input.planId ?? '' },
    newId: input.newId,
    checkoutId: input.newId(),
    paymentMethod: null,
    promoCode: null,
    consent: false,
    sentWith: null,
    pendingCard: null,
    checkout: null,
    error: null,
    declined: false,
    pollUntil: 0,
    pollForMs: input.pollForMs ?? 60_000,
    pollEveryMs: input.pollEveryMs ?? 1000,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        // Only before this page sent anything: the live checkout the server holds becomes this page's checkout.
        RESUME: [
          {
            guard: ({ context, event }) => context.sentWith === null && context.checkout === null && event.checkout.status === 'requires_action',
            target: 'awaitingApproval',
            actions: assign({ checkoutId: ({ event }) => event.checkout.checkout_id, checkout: ({ event }) => event.checkout, sentWith: RESUMED }),
          },
          {
            guard: ({ context, event }) => context.sentWith === null && context.checkout === null && event.checkout.status === 'processing',
            target: 'processing',
            actions: assign({
              checkoutId: ({ event }) => event.checkout.checkout_id,
              checkout: ({ event }) => event.checkout,
              sentWith: RESUMED,
              pollUntil: ({ context }) => Date.now() + context.pollForMs,
            }),
          },
        ],
        PAY: [
          {
            guard: ({ context, event }) => context.sentWith === cardFingerprint(event.card, event.promoCode ?? null),
            target: 'charging',
            actions: assign({ error: null, declined: false, consent: ({ event }) => event.consent }),
          },
          {
            guard: ({ context }) => context.sentWith != null,
            target: 'recovering',
            actions: assign({ error: null, declined: false, pendingCard: ({ event }) => event.card, promoCode: ({ event }) => event.promoCode ?? null, consent: ({ event }) => event.consent }),
          },
          {
            target: 'savingCard',
            actions: assign({ error: null, declined: false, pendingCard: ({ event }) => event.card, promoCode: ({ event }) => event.promoCode ?? null, consent: ({ event }) => event.consent }),
          },
        ],
      },
    },
    // Pay pressed again from here on finds no handler: one charge per press, however many presses.
    savingCard: {
      invoke: {
        src: 'createPaymentMethod',
        input: ({ context }) => context.pendingCard!,
        onDone: {
          target: 'charging',
          actions: assign({ paymentMethod: ({ event }) => event.output, sentWith: ({ context }) => cardFingerprint(context.pendingCard!, context.promoCode), pendingCard: null }),
        },
        onError: {
          target: 'ready',
          actions: assign({ pendingCard: null, error: ({ event }) => messageOf(event.error, 'Your card could not be saved. Check the details and try again.') }),
        },
      },
    },
    // Another card after a checkout was sent: the sent one may have charged. Follow it if the server has it; if it
    // never arrived, start a new checkout with the new card.
    recovering: {
      invoke: {
        src: 'fetchCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId }),
        onDone: routeAnswer(DECLINED_MESSAGE, ['dropPendingCard']),
        onError: [
          { guard: notFound, target: 'savingCard', actions: assign({ checkoutId: ({ context }) => context.newId(), sentWith: null }) },
          {
            target: 'ready',
            actions: assign({
              pendingCard: null,
              error: ({ event }) => `${messageOf(event.error, 'Your earlier payment could not be checked.')} Press Pay again: you will not be charged twice.`,
            }),
          },
        ],
      },
    },
    charging: {
      entry: assign({ pollUntil: ({ context }) => Date.now() + context.pollForMs }),
      invoke: {
        src: 'startCheckout',
        input: ({ context }) => ({
          checkout_id: context.checkoutId,
          ...context.purchase,
          payment_method_id: context.paymentMethod?.payment_method_id ?? '',
          ...(context.promoCode ? { promo_code: context.promoCode } : {}),
          accept_terms: context.consent,
        }),
        onDone: routeAnswer(DECLINED_MESSAGE),
        onError: [
          // Refused as a request (4xx): nothing started, the next Pay is a new checkout.
          {
            guard: refused,
            target: 'ready',
            actions: assign({ checkoutId: ({ context }) => context.newId(), sentWith: null, error: ({ event }) => messageOf(event.error, 'The payment could not be started.') }),
          },
          // Unknown outcome: the same checkout goes with the next Pay; if this one did charge, the server answers that.
          {
            target: 'ready',
            actions: assign({ error: ({ event }) => `${messageOf(event.error, 'The payment could not be completed.')} You can press Pay again: you will not be charged twice.` }),
          },
        ],
      },
    },
    awaitingApproval: {
      on: { APPROVE: { target: 'confirming', actions: assign({ error: null }) }, REFUSE: { target: 'refusing', actions: assign({ error: null }) } },
    },
    confirming: {
      invoke: {
        src: 'confirmCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId, approve: true }),
        onDone: routeAnswer(DECLINED_MESSAGE),
        onError: { target: 'awaitingApproval', actions: assign({ error: ({ event }) => messageOf(event.error, 'The confirmation could not be sent. Try again.') }) },
      },
    },
    refusing: {
      invoke: {
        src: 'confirmCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId, approve: false }),
        onDone: routeAnswer(REFUSED_MESSAGE),
        onError: { target: 'awaitingApproval', actions: assign({ error: ({ event }) => messageOf(event.error, 'The answer could not be sent. Try again.') }) },
      },
    },
    // The gateway has not reported yet: ask until it has (a lost answer is asked again) or the deadline passes.
    processing: {
      invoke: {
        src: 'awaitOutcome',
        input: ({ context }) => ({ checkoutId: context.checkoutId, everyMs: context.pollEveryMs, forMs: context.pollUntil - Date.now() }),
        onDone: [{ guard: ({ event }) => stillProcessing(event.output), target: 'ready', actions: assign({ error: STILL_PROCESSING_MESSAGE }) }, ...routeAnswer(DECLINED_MESSAGE)],
        onError: { target: 'ready', actions: assign({ error: STILL_PROCESSING_MESSAGE }) },
      },
    },
    paid: {
      type: 'final',
    },
  },
  output: ({ context }) => context.checkout!,
});

/** Waiting on the network or the gateway: Pay shows its busy state and the fields are locked. */
export const isBusy = (state: { matches: (value: 'savingCard' | 'recovering' | 'charging' | 'confirming' | 'refusing' | 'processing') => boolean }) =>
  state.matches('savingCard') || state.matches('recovering') || state.matches('charging') || state.matches('confirming') || state.matches('refusing') || state.matches('processing');
