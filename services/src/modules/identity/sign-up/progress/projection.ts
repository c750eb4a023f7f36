import type { PlanName } from '@acpg/contracts/plans';
import type { SignUpIntent } from '@acpg/contracts/sign-up';
import type { Doc } from '../../../../platform/documents/port.ts';
import { defineProjection } from '../../../../platform/projections/define.ts';
import { PROGRESS_EVENT_TYPES, toProgressEvent, type ProgressEvent } from './events.ts';

export const SIGN_UP_PROGRESS_COLLECTION = 'sign_up_progress';

/** One document per account (`_id` = account id). Mailing address and beneficiaries stay encrypted here too. */
export interface ProgressDoc {
  account_id: string;
  /** The account came through the wizard (its email code was verified); false for one that only verified a property. */
  signed_up: boolean;
  /** What the account came to do, first to last (absent on documents before intents: a membership). */
  intents?: SignUpIntent[];
  properties: { property_id: string; address_line: string; city: string; state: string; zip: string }[];
  face_signature_saved_at: string | null;
  mailing_address: { same_as_property: boolean; property_id: string | null; address_encrypted: string; saved_at: string } | null;
  plan: { membership_id: string; plan_id: string; plan_name: PlanName } | null;
  /** The first Equity Protect enrollment or NHD order the account paid for (absent on documents before it was kept). */
  paid_service?: { kind: 'equity_protect' | 'nhd_order'; checkout_id: string } | null;
  /** Every kind of standalone service the account paid for (absent on older documents: read `paid_service`). */
  paid_kinds?: ('equity_protect' | 'nhd_order')[];
  beneficiaries: { count: number; beneficiaries_encrypted: string; saved_at: string } | null;
  pin_set: boolean;
  completed_at: string | null;
}

const accountOf = (event: ProgressEvent) => ('account_id' in event.data ? event.data.account_id : event.data.sign_up_id);

const empty = (accountId: string): ProgressDoc => ({
  account_id: accountId,
  signed_up: false,
  intents: ['membership'],
  properties: [],
  face_signature_saved_at: null,
  mailing_address: null,
  plan: null,
  paid_service: null,
  paid_kinds: [],
  beneficiaries: null,
  pin_set: false,
  completed_at: null,
});

/**
 * The next document. Events come from several streams (the sign-up, properties, memberships), so the runner's
 * per-stream guard cannot tell every redelivery: each case is idempotent by itself (sets, and lists keyed by id).
 */
export const evolveProgress = (doc: ProgressDoc | null, event: ProgressEvent): ProgressDoc => {
  const current = doc ?? empty(accountOf(event));
  switch (event.type) {
    case 'SignUpEmailVerified':
      return { ...current, signed_up: true, intents: event.data.intents ?? ['membership'] };
    case 'SignUpIntentAdded': {
      const intents = current.intents ?? ['membership'];
      return intents.includes(event.data.intent) ? current : { ...current, intents: [...intents, event.data.intent] };
    }
    case 'SignUpFaceSignatureSaved':
      return { ...current, face_signature_saved_at: event.data.saved_at };
    case 'SignUpMailingAddressSaved': {
      const d = event.data;
      return { ...current, mailing_address: { same_as_property: d.same_as_property, property_id: d.property_id, address_encrypted: d.address_encrypted, saved_at: d.saved_at } };
    }
    case 'SignUpBeneficiariesSaved':
      return { ...current, beneficiaries: { count: event.data.count, beneficiaries_encrypted: event.data.beneficiaries_encrypted, saved_at: event.data.saved_at } };
    case 'SignUpCompleted':
      return { ...current, pin_set: true, completed_at: event.data.at };
    // The property step is done once a property is verified or a letter with its code is on the way (a letter takes
    // days; the wizard goes on). `properties` names the step's properties; being verified is the properties module's.
    case 'PropertyVerified':
    case 'PropertyVerificationPending': {
      const { account_id: _account, ...property } = event.data;
      if (current.properties.some((p) => p.property_id === property.property_id)) return current;
      return { ...current, properties: [...current.properties, property] };
    }
    case 'MembershipStarted': {
      if (current.plan) return current; // the sign-up's plan step is the first membership
      const { membership_id, plan_id, plan_name } = event.data;
      return { ...current, plan: { membership_id, plan_id, plan_name } };
    }
    case 'PaymentSucceeded': {
      const kind: 'equity_protect' | 'nhd_order' = event.data.equity_enrolment_id !== undefined ? 'equity_protect' : 'nhd_order';
      const kinds = current.paid_kinds ?? (current.paid_service ? [current.paid_service.kind] : []);
      const paid_kinds = kinds.includes(kind) ? kinds : [...kinds, kind];
      // The first one is kept as `paid_service`.
      return { ...current, paid_service: current.paid_service ?? { kind, checkout_id: event.data.checkout_id }, paid_kinds };
    }
    default: {
      const never: never = event;
      throw new Error(`unhandled progress event ${JSON.stringify(never)}`);
    }
  }
};

/**
 * Read model `sign_up_progress`: where each account stands in the sign-up wizard, so it resumes on any device. The
 * property and plan steps complete from the properties and memberships modules' events, by account_id (the plan step
 * also by paying for Equity Protect or an NHD report: a customer who came for one of those needs no membership).
 */
export const signUpProgressProjection = defineProjection<ProgressEvent>({
  name: 'identity.sign-up-progress',
  collection: SIGN_UP_PROGRESS_COLLECTION,
  handles: PROGRESS_EVENT_TYPES,
  fromStored: toProgressEvent,
  documentId: accountOf,
  evolve: (doc, event) => ({ ...evolveProgress(doc as unknown as ProgressDoc | null, event) }) as unknown as Doc,
});
