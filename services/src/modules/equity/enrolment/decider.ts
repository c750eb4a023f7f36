import {
  ENROLMENT_EVENT_TYPES,
  equityEnrolmentStream,
  type EnrolmentStatus,
  type EquityEnrolmentPaid,
  type EquityEnrolmentPaymentFailed,
  type EquityEnrolmentRequested,
  type EquityProtectionCancelled,
  type EquityProtectionEndingSoon,
  type EquityProtectionStarted,
  PROTECTION_ENDING_NOTICE_DAYS,
} from '@acpg/contracts/equity';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

export const enrolmentStream = equityEnrolmentStream;

export type EnrolmentEvent =
  | { type: 'EquityEnrolmentRequested'; data: EquityEnrolmentRequested }
  | { type: 'EquityEnrolmentPaid'; data: EquityEnrolmentPaid }
  | { type: 'EquityEnrolmentPaymentFailed'; data: EquityEnrolmentPaymentFailed }
  | { type: 'EquityProtectionStarted'; data: EquityProtectionStarted }
  | { type: 'EquityProtectionCancelled'; data: EquityProtectionCancelled }
  | { type: 'EquityProtectionEndingSoon'; data: EquityProtectionEndingSoon };

type Step<T> = Omit<T, 'enrolment_id' | 'by' | 'at'>;

export type RequestEnrolment = Command<'RequestEnrolment', Step<EquityEnrolmentRequested> & { enrolment_id: string }>;
/** The payments module reported the enrolment's checkout succeeded (maybe delivered again). */
export type RecordPayment = Command<'RecordPayment', Step<EquityEnrolmentPaid>>;
export type RecordPaymentFailure = Command<'RecordPaymentFailure', Step<EquityEnrolmentPaymentFailed>>;
export type CancelProtection = Command<'CancelProtection', { reason: string }>;
/** A Super Admin refunded the enrolment's payment: the protection it paid for ends when they chose so (`end`). */
export type RecordRefund = Command<'RecordRefund', { checkout_id: string; end: boolean }>;
/** The clock's look at protections ending soon (`enrolment/ending.ts`): tells the member once per year. */
export type NoticeEnding = Command<'NoticeEnding', Record<string, never>>;
export type EnrolmentCommand = RequestEnrolment | RecordPayment | RecordPaymentFailure | CancelProtection | RecordRefund | NoticeEnding;

export type Enrolment = {
  status: EnrolmentStatus;
  requested: EquityEnrolmentRequested;
  checkoutId: string | null;
  paidCheckouts: readonly string[];
  protectedUntil: string | null;
  /** The end of protection the member was told of (NoticeEnding), so they are told once per year. */
  endingNoticedFor: string | null;
  /** A protection the member stopped (not refunded): enrolling again before this time resumes it, nothing to pay. */
  resumableUntil: string | null;
};
export type EnrolmentState = { status: 'none' } | Enrolment;

/** Protection runs a year from the day it starts. */
export const PROTECTION_DAYS = 365;
const yearAfter = (at: Date) => new Date(at.getTime() + PROTECTION_DAYS * 86_400_000).toISOString();

export const evolveEnrolment = (state: EnrolmentState, event: EnrolmentEvent): EnrolmentState => {
  if (event.type === 'EquityEnrolmentRequested') {
    return { status: 'awaiting_payment', requested: event.data, checkoutId: null, paidCheckouts: state.status === 'none' ? [] : state.paidCheckouts, protectedUntil: null, endingNoticedFor: null, resumableUntil: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EquityEnrolmentPaid':
      return { ...state, checkoutId: event.data.checkout_id, paidCheckouts: [...state.paidCheckouts, event.data.checkout_id] };
    case 'EquityEnrolmentPaymentFailed':
      return { ...state, checkoutId: event.data.checkout_id };
    case 'EquityProtectionStarted':
      return { ...state, status: 'active', protectedUntil: event.data.protected_until, resumableUntil: null };
    case 'EquityProtectionCancelled':
      return { ...state, status: 'cancelled', resumableUntil: event.data.refunded || state.status !== 'active' ? null : state.protectedUntil };
    case 'EquityProtectionEndingSoon':
      return { ...state, endingNoticedFor: event.data.protected_until };
    default: {
      const never: never = event;
      return never;
    }
  }
};

const refuse = (message: string) => new DomainError('conflict', 'ENROLLMENT_TRANSITION_REFUSED', message);

/** Whether the enrolment protects its property at `now`: started, not cancelled, and its year not yet run out. */
export const protectsNow = (state: EnrolmentState, now: Date): boolean =>
  state.status === 'active' && (state.protectedUntil === null || state.protectedUntil > now.toISOString());

export const decideEnrolment = (command: EnrolmentCommand, state: EnrolmentState): EnrolmentEvent[] => {
  const { by, at } = signedBy(command.metadata);
  switch (command.type) {
    case 'RequestEnrolment': {
      // A year's protection that ran out is protected again as a new request, paid again at today's price.
      if (protectsNow(state, command.metadata.now)) throw refuse('This property is protected already.');
      if (state.status === 'awaiting_payment') throw refuse('This property’s protection is waiting for its payment.');
      const requested = { ...command.data, by, at };
      const enrolment_id = command.data.enrolment_id;
      // Stopped by the member within a paid year: protected again until that year ends, nothing more to pay.
      if (state.status === 'cancelled' && state.resumableUntil !== null && state.resumableUntil > at) {
        return [{ type: 'EquityProtectionStarted', data: { enrolment_id, by, at, protected_until: state.resumableUntil } }];
      }
      // Included in the member's plan (or free): protected at once, nothing to pay.
      return requested.included
        ? [{ type: 'EquityEnrolmentRequested', data: requested }, { type: 'EquityProtectionStarted', data: { enrolment_id, by, at, protected_until: yearAfter(command.metadata.now) } }]
        : [{ type: 'EquityEnrolmentRequested', data: requested }];
    }
    case 'RecordPayment': {
      if (state.status === 'none') throw new DomainError('not_found', 'ENROLLMENT_NOT_FOUND', 'This enrollment was not found.');
      if (state.paidCheckouts.includes(command.data.checkout_id)) return []; // delivered again
      const enrolment_id = state.requested.enrolment_id;
      const paid: EnrolmentEvent = { type: 'EquityEnrolmentPaid', data: { ...command.data, enrolment_id, by, at } };
      // A payment landing on an active enrolment (never expected: one checkout at a time) is recorded, nothing restarts.
      if (state.status === 'active') return [paid];
      return [paid, { type: 'EquityProtectionStarted', data: { enrolment_id, by, at, protected_until: yearAfter(command.metadata.now) } }];
    }
    case 'RecordPaymentFailure':
      if (state.status !== 'awaiting_payment' || state.checkoutId === command.data.checkout_id) return [];
      return [{ type: 'EquityEnrolmentPaymentFailed', data: { ...command.data, enrolment_id: state.requested.enrolment_id, by, at } }];
    case 'CancelProtection':
      if (state.status === 'none') throw new DomainError('not_found', 'ENROLLMENT_NOT_FOUND', 'This enrollment was not found.');
      if (state.status === 'cancelled') throw refuse('This property’s protection was canceled already.');
      return [{ type: 'EquityProtectionCancelled', data: { enrolment_id: state.requested.enrolment_id, reason: command.data.reason, by, at } }];
    case 'RecordRefund':
      if (state.status === 'none') throw new DomainError('not_found', 'ENROLLMENT_NOT_FOUND', 'This enrollment was not found.');
      // A refund of a payment this enrolment did not take, or of one whose protection has ended already, ends nothing;
      // a protection the member stopped can no longer be resumed free once its payment is refunded.
      if (state.checkoutId !== command.data.checkout_id || !state.paidCheckouts.includes(command.data.checkout_id)) return [];
      if (state.status === 'cancelled' && state.resumableUntil === null) return [];
      // Refunded and kept (a goodwill refund): the protection runs on, nothing ends.
      if (!command.data.end) return [];
      return [{ type: 'EquityProtectionCancelled', data: { enrolment_id: state.requested.enrolment_id, reason: 'The payment was refunded', refunded: true, by, at } }];
    case 'NoticeEnding': {
      // Only a running protection that ends within the notice window, and only once for that end.
      if (state.status !== 'active' || state.protectedUntil === null || !protectsNow(state, command.metadata.now)) return [];
      if (state.endingNoticedFor === state.protectedUntil) return [];
      const noticeFrom = Date.parse(state.protectedUntil) - PROTECTION_ENDING_NOTICE_DAYS * 86_400_000;
      if (command.metadata.now.getTime() < noticeFrom) return [];
      return [{ type: 'EquityProtectionEndingSoon', data: { enrolment_id: state.requested.enrolment_id, protected_until: state.protectedUntil, by, at } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
};

/** Reads a stored event back (null for other types). */
export const toEnrolmentEvent = ownEvents<EnrolmentEvent>(ENROLMENT_EVENT_TYPES);

export const enrolmentDecider: Decider<EnrolmentCommand, EnrolmentEvent, EnrolmentState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveEnrolment,
  decide: decideEnrolment,
  fromStored: toEnrolmentEvent,
};
