import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutResult, CreatePaymentMethodBody, PaymentMethod } from '@acpg/contracts/payments';

export interface CheckoutInput {
  planId: string;
  /** Makes a checkout id (a uuid): once per checkout, again only after a checkout ended in `failed`. */
  newId: () => string;
  /** How long to keep asking about a checkout the gateway has not reported on, and how often (ms). */
  pollForMs?: number;
  pollEveryMs?: number;
}

export interface CheckoutContext {
  planId: string;
  newId: () => string;
  /** Sent with every Pay of this checkout, so a double click or a retry after a lost answer charges once. */
  checkoutId: string;
  paymentMethod: PaymentMethod | null;
  checkout: CheckoutResult | null;
  /** Why the last attempt did not go through, in words the payer can act on. */
  error: string | null;
  /** The card was declined or the second step refused (a definitive no), as opposed to an error on the way. */
  declined: boolean;
  pollUntil: number;
  pollForMs: number;
  pollEveryMs: number;
}

export type CheckoutEvent = { type: 'PAY'; card: CreatePaymentMethodBody } | { type: 'APPROVE' } | { type: 'REFUSE' };

export const DECLINED_MESSAGE = 'Your card was declined, and nothing was charged. Try another card.';
export const REFUSED_MESSAGE = 'The payment was not approved, and nothing was charged. Pay again to try once more.';
export const STILL_PROCESSING_MESSAGE = 'Your payment is still being processed. Press Pay to check again: you will not be charged twice.';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

// Done events of invoked actors are not in the machine's event union: the answer is read from the event here.
const answerOf = (event: unknown) => (event as { output: CheckoutResult }).output;
const answered = (status: CheckoutResult['status']) => ({ event }: { event: unknown }) => answerOf(event).status === status;

/**
 * Where a checkout answer leads. A `failed` one ends this checkout with the server's reason (else `failure`), and the
 * next Pay is a new checkout with a new id.
 */
const routeAnswer = (failure: string) => [
  { guard: answered('succeeded'), target: '#checkout.paid', actions: 'keepAnswer' as const },
  { guard: answered('requires_action'), target: '#checkout.awaitingApproval', actions: 'keepAnswer' as const },
  { guard: answered('failed'), target: '#checkout.ready', actions: ['keepAnswer' as const, { type: 'endFailed' as const, params: { failure } }] },
  { target: '#checkout.processing', actions: 'keepAnswer' as const },
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
    startCheckout: fromPromise<CheckoutResult, { checkout_id: string; plan_id: string; payment_method_id: string }>(() =>
      Promise.reject(new Error('startCheckout actor not provided')),
    ),
    confirmCheckout: fromPromise<CheckoutResult, { checkoutId: string; approve: boolean }>(() => Promise.reject(new Error('confirmCheckout actor not provided'))),
    fetchCheckout: fromPromise<CheckoutResult, { checkoutId: string }>(() => Promise.reject(new Error('fetchCheckout actor not provided'))),
  },
  actions: {
    keepAnswer: assign({ checkout: ({ event }) => answerOf(event) }),
    endFailed: assign(({ context, event }, params: { failure: string }) => ({
      declined: true,
      error: answerOf(event).message || params.failure,
      checkoutId: context.newId(),
    })),
  },
  delays: {
    pollEvery: ({ context }) => context.pollEveryMs,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    planId: input.planId,
    newId: input.newId,
    checkoutId: input.newId(),
    paymentMethod: null,
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
      on: { PAY: { target: 'savingCard', actions: assign({ error: null, declined: false }) } },
    },
    // Pay pressed again from here on finds no handler: one charge per press, however many presses.
    savingCard: {
      invoke: {
        src: 'createPaymentMethod',
        input: ({ event }) => (event as Extract<CheckoutEvent, { type: 'PAY' }>).card,
        onDone: { target: 'charging', actions: assign({ paymentMethod: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error, 'Your card could not be saved. Check the details and try again.') }) },
      },
    },
    charging: {
      entry: assign({ pollUntil: ({ context }) => Date.now() + context.pollForMs }),
      invoke: {
        src: 'startCheckout',
        input: ({ context }) => ({ checkout_id: context.checkoutId, plan_id: context.planId, payment_method_id: context.paymentMethod?.payment_method_id ?? '' }),
        onDone: routeAnswer(DECLINED_MESSAGE),
        // The same checkout id goes with the next Pay: if this one did charge, the server answers that instead.
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => `${messageOf(event.error, 'The payment could not be completed.')} You can press Pay again: you will not be charged twice.` }),
        },
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
    processing: {
      always: { guard: ({ context }) => Date.now() > context.pollUntil, target: 'ready', actions: assign({ error: STILL_PROCESSING_MESSAGE }) },
      after: { pollEvery: 'polling' },
    },
    polling: {
      invoke: {
        src: 'fetchCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId }),
        onDone: routeAnswer(DECLINED_MESSAGE),
        // A lost answer while waiting: ask again (the deadline still ends it).
        onError: { target: 'processing' },
      },
    },
    paid: {
      type: 'final',
    },
  },
  output: ({ context }) => context.checkout!,
});

/** Waiting on the network or the gateway: Pay shows its busy state and the fields are locked. */
export const isBusy = (state: { matches: (value: 'savingCard' | 'charging' | 'confirming' | 'refusing' | 'processing' | 'polling') => boolean }) =>
  state.matches('savingCard') || state.matches('charging') || state.matches('confirming') || state.matches('refusing') || state.matches('processing') || state.matches('polling');
