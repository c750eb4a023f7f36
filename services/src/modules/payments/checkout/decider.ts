import type {
  CheckoutAbandoned as CheckoutAbandonedData,
  CheckoutStarted as CheckoutStartedData,
  LatePaymentRefunded as LatePaymentRefundedData,
  CheckoutStatus,
  PaymentFailed as PaymentFailedData,
  PaymentRefunded as PaymentRefundedData,
  PaymentRequiresAction as PaymentRequiresActionData,
  PaymentSucceeded as PaymentSucceededData,
} from '@acpg/contracts/payments';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { DomainError, conflict, invalid } from '../../../platform/commands/domain-error.ts';
import type { GatewayEvent } from '../gateway/port.ts';

/** One checkout attempt, one stream; its id is the client's checkout_id. */
export const checkoutStream = (checkoutId: string) => `payments-checkout-${checkoutId}`;
/** Sent with every gateway call of the checkout, so a repeated Pay charges once. */
export const idempotencyKeyOf = (checkoutId: string) => `checkout-${checkoutId}`;

export type CheckoutEvent =
  | { type: 'CheckoutStarted'; data: CheckoutStartedData }
  | { type: 'PaymentRequiresAction'; data: PaymentRequiresActionData }
  | { type: 'PaymentSucceeded'; data: PaymentSucceededData }
  | { type: 'PaymentFailed'; data: PaymentFailedData }
  | { type: 'PaymentRefunded'; data: PaymentRefundedData }
  | { type: 'CheckoutAbandoned'; data: CheckoutAbandonedData }
  | { type: 'LatePaymentRefunded'; data: LatePaymentRefundedData };

export type StartCheckout = Command<'StartCheckout', Omit<CheckoutStartedData, 'idempotency_key' | 'started_at'>>;
/** What the gateway reported (a webhook event), as delivered: maybe again, maybe late. */
export type RecordGatewayEvent = Command<'RecordGatewayEvent', GatewayEvent>;
/** A Super Admin's refund, recorded after the gateway refunded it (full refunds only). */
export type RefundPayment = Command<'RefundPayment', Omit<PaymentRefundedData, 'refunded_at'>>;
/**
 * The checkout was not paid in time (`expires_after_ms` after it started): its intent, if any, was cancelled at the
 * gateway first. A checkout that settled meanwhile, or is not yet due, is left alone.
 */
export type AbandonCheckout = Command<'AbandonCheckout', { expires_after_ms: number; payment_intent_id: string | null }>;
/** The gateway confirmed a payment of an abandoned checkout, and it was refunded in full (the gateway's refund first). */
export type RecordLateRefund = Command<'RecordLateRefund', Omit<LatePaymentRefundedData, 'refunded_at'>>;
export type CheckoutCommand = StartCheckout | RecordGatewayEvent | RefundPayment | AbandonCheckout | RecordLateRefund;

export type CheckoutState =
  | { status: 'none' }
  | {
      status: CheckoutStatus;
      started: CheckoutStartedData;
      intentId: string | null;
      message: string | null;
      /** Gateway events already recorded: a repeat is recorded once. */
      seenEventIds: readonly string[];
      /** Set once a succeeded payment was refunded (full refunds only). */
      refund: PaymentRefundedData | null;
      /** Expired before it was paid: it shows as failed (with MESSAGES.expired) and buys nothing, even if paid late. */
      abandoned: boolean;
    };
export const initialCheckoutState = (): CheckoutState => ({ status: 'none' });

export const MESSAGES = {
  requiresAction: 'Your card asks you to confirm this payment.',
  declined: 'Your card was declined, so nothing was charged. Try another card.',
  /** Off-session (a renewal): the bank wants the card holder to confirm, who is not there. */
  authenticationRequired: 'Your bank asked you to confirm this charge, so nothing was charged. Update your card on the Membership page to pay.',
  authenticationRefused: 'The payment was not confirmed, so nothing was charged. Try again or use another card.',
  expired: 'This checkout expired before it was paid, so nothing was charged. Pay again to continue.',
} as const;

export const evolveCheckout = (state: CheckoutState, event: CheckoutEvent): CheckoutState => {
  if (event.type === 'CheckoutStarted') return { status: 'processing', started: event.data, intentId: null, message: null, seenEventIds: [], refund: null, abandoned: false };
  if (state.status === 'none') return state; // an event without its start: nothing to fold it into
  if (event.type === 'PaymentRefunded') return { ...state, refund: event.data };
  if (event.type === 'CheckoutAbandoned') return { ...state, status: 'failed', intentId: event.data.payment_intent_id ?? state.intentId, message: MESSAGES.expired, abandoned: true };
  if (event.type === 'LatePaymentRefunded') return { ...state, seenEventIds: [...state.seenEventIds, event.data.gateway_event_id] };
  const seenEventIds = [...state.seenEventIds, event.data.gateway_event_id];
  switch (event.type) {
    case 'PaymentRequiresAction':
      return { ...state, status: 'requires_action', intentId: event.data.payment_intent_id, message: MESSAGES.requiresAction, seenEventIds };
    case 'PaymentSucceeded':
      return { ...state, status: 'succeeded', intentId: event.data.payment_intent_id, message: null, seenEventIds };
    case 'PaymentFailed':
      return { ...state, status: 'failed', intentId: event.data.payment_intent_id, message: event.data.message, seenEventIds };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown checkout event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const isSettled = (status: CheckoutStatus) => status === 'succeeded' || status === 'failed';

const decideGatewayEvent = (command: RecordGatewayEvent, state: CheckoutState): CheckoutEvent[] => {
  if (state.status === 'none') throw new DomainError('not_found', 'CHECKOUT_NOT_FOUND', 'The gateway reported on a checkout that does not exist.');
  const event = command.data;
  const intent = event.data.object;
  const { started } = state;
  if (intent.metadata.checkout_id !== started.checkout_id || intent.amount !== started.amount_cents || intent.customer !== started.account_id) {
    throw invalid('The gateway event does not match this checkout (checkout, amount or customer).');
  }
  // Delivered again: recorded once. Settled: a late or reordered event (requires_action after succeeded) changes nothing.
  if (state.seenEventIds.includes(event.id) || isSettled(state.status)) return [];
  const ids = { checkout_id: started.checkout_id, account_id: started.account_id, payment_intent_id: intent.id, gateway_event_id: event.id };
  // What the checkout was for travels with its outcome: memberships and promo codes react to it.
  const purpose = {
    ...(started.promo ? { promo: started.promo } : {}),
    ...(started.renewal ? { renewal: started.renewal } : {}),
    ...(started.nhd_order_id ? { nhd_order_id: started.nhd_order_id } : {}),
    ...(started.equity_enrolment_id ? { equity_enrolment_id: started.equity_enrolment_id } : {}),
  };
  const at = new Date(event.created_ms).toISOString();
  switch (event.type) {
    case 'payment_intent.processing':
      return [];
    case 'payment_intent.requires_action':
      return state.status === 'processing' ? [{ type: 'PaymentRequiresAction', data: ids }] : [];
    case 'payment_intent.succeeded':
      return [
        {
          type: 'PaymentSucceeded',
          data: {
            ...ids,
            plan_id: started.plan_id,
            amount_cents: started.amount_cents,
            card_brand: started.card_brand,
            card_last4: started.card_last4,
            payment_method_id: started.payment_method_id,
            paid_at: at,
            ...purpose,
          },
        },
      ];
    case 'payment_intent.payment_failed': {
      const code = intent.last_payment_error?.code;
      const declined = code !== 'payment_intent_authentication_failure' && code !== 'authentication_required';
      return [
        {
          type: 'PaymentFailed',
          data: {
            ...ids,
            plan_id: started.plan_id,
            amount_cents: started.amount_cents,
            reason: declined ? 'card_declined' : 'authentication_refused',
            message: declined ? MESSAGES.declined : code === 'authentication_required' ? MESSAGES.authenticationRequired : MESSAGES.authenticationRefused,
            failed_at: at,
            ...purpose,
          },
        },
      ];
    }
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown gateway event ${String(unexpected)}`);
    }
  }
};

export const decideCheckout = (command: CheckoutCommand, state: CheckoutState): CheckoutEvent[] => {
  switch (command.type) {
    case 'StartCheckout': {
      if (state.status !== 'none') throw conflict('This checkout has started already.');
      const data = command.data;
      return [
        {
          type: 'CheckoutStarted',
          data: { ...data, idempotency_key: idempotencyKeyOf(data.checkout_id), started_at: command.metadata.now.toISOString() },
        },
      ];
    }
    case 'RecordGatewayEvent':
      return decideGatewayEvent(command, state);
    case 'AbandonCheckout': {
      if (state.status !== 'processing' && state.status !== 'requires_action') return []; // settled (or abandoned) meanwhile
      if (state.started.renewal) return []; // a renewal is charged off-session and settled by its own retries
      const startedAt = Date.parse(state.started.started_at);
      if (command.metadata.now.getTime() - startedAt < command.data.expires_after_ms) return [];
      return [
        {
          type: 'CheckoutAbandoned',
          data: {
            checkout_id: state.started.checkout_id,
            account_id: state.started.account_id,
            payment_intent_id: command.data.payment_intent_id ?? state.intentId,
            reason: 'expired',
            abandoned_at: command.metadata.now.toISOString(),
          },
        },
      ];
    }
    case 'RecordLateRefund': {
      if (state.status === 'none') throw new DomainError('not_found', 'CHECKOUT_NOT_FOUND', 'The gateway reported on a checkout that does not exist.');
      if (!state.abandoned || state.seenEventIds.includes(command.data.gateway_event_id)) return [];
      return [{ type: 'LatePaymentRefunded', data: { ...command.data, refunded_at: command.metadata.now.toISOString() } }];
    }
    case 'RefundPayment': {
      if (state.status === 'none') throw new DomainError('not_found', 'CHECKOUT_NOT_FOUND', 'This payment was not found.');
      if (state.refund) return []; // refunded already (a second click): recorded once
      if (state.status !== 'succeeded') throw new DomainError('conflict', 'REFUND_NOT_ALLOWED', 'Only a succeeded payment can be refunded.');
      return [{ type: 'PaymentRefunded', data: { ...command.data, refunded_at: command.metadata.now.toISOString() } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown checkout command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const CHECKOUT_EVENT_TYPES = ['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded', 'CheckoutAbandoned', 'LatePaymentRefunded'] as const;
/** Reads a stored event back (null for other types). */
export const toCheckoutEvent = ownEvents<CheckoutEvent>(CHECKOUT_EVENT_TYPES);

export const checkoutDecider: Decider<CheckoutCommand, CheckoutEvent, CheckoutState> = {
  initialState: initialCheckoutState,
  evolve: evolveCheckout,
  decide: decideCheckout,
  fromStored: toCheckoutEvent,
};

