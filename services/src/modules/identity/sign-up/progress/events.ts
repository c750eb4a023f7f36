import type { z } from 'zod';
import { MembershipStarted } from '@acpg/contracts/memberships';
import { PaymentSucceeded } from '@acpg/contracts/payments';
import { PropertyVerificationPendingData, PropertyVerifiedData } from '@acpg/contracts/properties';
import type { DomainEvent } from '../../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../../platform/event-store/port.ts';
import type { SignUpEvent } from '../events.ts';

/** What the progress read model reads of other modules' events (their contracts' schemas), by account_id. */
export const PropertyVerifiedRead = PropertyVerifiedData.pick({ account_id: true, property_id: true, address_line: true, city: true, state: true, zip: true });
/** A letter with a code is on its way: the wizard's property step is done (the property is verified only by PropertyVerified). */
export const PropertyPendingRead = PropertyVerificationPendingData.pick({ account_id: true, property_id: true, address_line: true, city: true, state: true, zip: true });
export const MembershipStartedRead = MembershipStarted.pick({ membership_id: true, account_id: true, plan_id: true, plan_name: true });
/** A paid Equity Protect enrollment or NHD order: a customer who came for one of those has paid at the plan step too. */
export const ServicePaidRead = PaymentSucceeded.pick({ checkout_id: true, account_id: true, nhd_order_id: true, equity_enrolment_id: true });

type OwnEvent = Extract<
  SignUpEvent,
  { type: 'SignUpEmailVerified' | 'SignUpFaceSignatureSaved' | 'SignUpMailingAddressSaved' | 'SignUpBeneficiariesSaved' | 'SignUpCompleted' | 'SignUpIntentAdded' }
>;
export type ProgressEvent =
  | OwnEvent
  | DomainEvent<'PropertyVerified', z.infer<typeof PropertyVerifiedRead>>
  | DomainEvent<'PropertyVerificationPending', z.infer<typeof PropertyPendingRead>>
  | DomainEvent<'MembershipStarted', z.infer<typeof MembershipStartedRead>>
  | DomainEvent<'PaymentSucceeded', z.infer<typeof ServicePaidRead>>;

export const PROGRESS_EVENT_TYPES = [
  'SignUpEmailVerified',
  'SignUpFaceSignatureSaved',
  'SignUpMailingAddressSaved',
  'SignUpBeneficiariesSaved',
  'SignUpCompleted',
  'SignUpIntentAdded',
  'PropertyVerified',
  'PropertyVerificationPending',
  'MembershipStarted',
  'PaymentSucceeded',
] as const satisfies readonly ProgressEvent['type'][];

/** Reads a stored event as a progress event; another module's event of a shape we cannot read is skipped. */
export const toProgressEvent = (stored: StoredEvent): ProgressEvent | null => {
  switch (stored.type) {
    case 'PropertyVerified': {
      const parsed = PropertyVerifiedRead.safeParse(stored.data);
      return parsed.success ? { type: 'PropertyVerified', data: parsed.data } : null;
    }
    case 'PropertyVerificationPending': {
      const parsed = PropertyPendingRead.safeParse(stored.data);
      return parsed.success ? { type: 'PropertyVerificationPending', data: parsed.data } : null;
    }
    case 'MembershipStarted': {
      const parsed = MembershipStartedRead.safeParse(stored.data);
      return parsed.success ? { type: 'MembershipStarted', data: parsed.data } : null;
    }
    case 'PaymentSucceeded': {
      // Only a standalone service's payment (a membership's own payment starts the membership; renewals carry neither id).
      const parsed = ServicePaidRead.safeParse(stored.data);
      return parsed.success && (parsed.data.nhd_order_id !== undefined || parsed.data.equity_enrolment_id !== undefined) ? { type: 'PaymentSucceeded', data: parsed.data } : null;
    }
    case 'SignUpEmailVerified':
    case 'SignUpFaceSignatureSaved':
    case 'SignUpMailingAddressSaved':
    case 'SignUpBeneficiariesSaved':
    case 'SignUpCompleted':
    case 'SignUpIntentAdded':
      return { type: stored.type, data: stored.data } as OwnEvent; // written by this module's decider
    default:
      return null;
  }
};
