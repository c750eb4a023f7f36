import type { OtpChannel } from '@acpg/contracts/identity';
import type { SignUpIntent, SignUpRole } from '@acpg/contracts/sign-up';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * Events of a sign-up stream (`identity-signup-<sign_up_id>`). The password hash, the code digests and the PIN hash
 * travel in events of their own, listed in SENSITIVE_EVENT_TYPES; the phone, the mailing address and the beneficiaries
 * are encrypted (AES-256-GCM, bound to the stream); face and signature are files, encrypted at rest, named here.
 */
/** Who signs up, as the first step gives it (the phone already encrypted). */
export type SignUpDetails = {
  sign_up_id: string;
  full_name: string;
  email: string;
  phone_encrypted: string;
  phone_masked: string;
  role: SignUpRole;
  /** What the applicant came to do (absent on sign-ups started before intents: a membership). */
  intent?: SignUpIntent;
  /** An Agent's or a Broker's brokerage (absent for other roles and on older sign-ups). */
  brokerage_name?: string | null;
  /** The Terms of Service version accepted (absent on sign-ups started before consent was asked). */
  terms_version?: string;
};

export type SignUpEvent =
  /** `terms_accepted_at` is when the Terms of Service (`terms_version`) were accepted: the moment the sign-up started. */
  | DomainEvent<'SignUpStarted', SignUpDetails & { started_at: string; expires_at: string; terms_accepted_at?: string }>
  | DomainEvent<'SignUpPasswordSet', { sign_up_id: string; password_hash: string }>
  | DomainEvent<'SignUpCodeSent', { sign_up_id: string; channel: OtpChannel; code_hash: string; sent_at: string; expires_at: string }>
  | DomainEvent<'SignUpCodeRejected', { sign_up_id: string; channel: OtpChannel; failures: number; tries_left: number; at: string }>
  | DomainEvent<'SignUpLocked', { sign_up_id: string; at: string }>
  | DomainEvent<'SignUpPhoneVerified', { sign_up_id: string; at: string }>
  /** The right email code, used up by the request `claim_id`, which now registers the account (`code-claim.ts`). */
  | DomainEvent<'SignUpEmailCodeAccepted', { sign_up_id: string; claim_id: string; at: string }>
  /** Registering the account failed on the way (the email or phone taken meanwhile): the code works again. */
  | DomainEvent<'SignUpEmailCodeReleased', { sign_up_id: string; claim_id: string; at: string }>
  /** The email code was right: the account `account_id` was registered with the reserved email and phone. */
  | DomainEvent<'SignUpEmailVerified', { sign_up_id: string; account_id: string; at: string; intents?: SignUpIntent[] }>
  /** The account is about to do something else too: the steps that intent needs are asked now. */
  | DomainEvent<'SignUpIntentAdded', { sign_up_id: string; account_id: string; intent: SignUpIntent; at: string }>
  | DomainEvent<'SignUpFaceSignatureSaved', { sign_up_id: string; face_file: string; signature_file: string; saved_at: string }>
  | DomainEvent<
      'SignUpMailingAddressSaved',
      { sign_up_id: string; same_as_property: boolean; property_id: string | null; address_encrypted: string; saved_at: string }
    >
  | DomainEvent<'SignUpBeneficiariesSaved', { sign_up_id: string; count: number; beneficiaries_encrypted: string; saved_at: string }>
  | DomainEvent<'SignUpPinSet', { sign_up_id: string; pin_hash: string; at: string }>
  | DomainEvent<'SignUpCompleted', { sign_up_id: string; account_id: string; at: string }>;

export const SIGN_UP_EVENT_TYPES = [
  'SignUpStarted',
  'SignUpPasswordSet',
  'SignUpCodeSent',
  'SignUpCodeRejected',
  'SignUpLocked',
  'SignUpPhoneVerified',
  'SignUpEmailCodeAccepted',
  'SignUpEmailCodeReleased',
  'SignUpEmailVerified',
  'SignUpFaceSignatureSaved',
  'SignUpMailingAddressSaved',
  'SignUpBeneficiariesSaved',
  'SignUpPinSet',
  'SignUpCompleted',
  'SignUpIntentAdded',
] as const satisfies readonly SignUpEvent['type'][];

/** Hold secrets (a password hash, code digests, a PIN hash): raw-event tools leave their data out. */
export const SIGN_UP_SENSITIVE_EVENT_TYPES = ['SignUpPasswordSet', 'SignUpCodeSent', 'SignUpPinSet'] as const;

/** Encryption contexts (associated data): a ciphertext copied into another sign-up or field does not decrypt. */
export const signUpField = (signUpId: string, field: 'phone' | 'mailing-address' | 'beneficiaries') => `identity-signup-${signUpId}:${field}`;
