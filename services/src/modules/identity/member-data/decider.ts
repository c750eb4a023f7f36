import { PIN_RULES } from '@acpg/contracts/member-data';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError, RetryLater } from '../../../platform/commands/domain-error.ts';
import { addSeconds, reached, secondsBetween, unknownCommand } from '../decider.ts';

/**
 * What a member changes on My Account after sign-up (`identity-memberdata-<account id>`): beneficiaries (PIN asked),
 * mailing address, face photo and signature (files, encrypted at rest, named here), and the security PIN (hashed).
 * What the sign-up stored stays on the sign-up stream; the newer of the two is current (`view.ts`).
 * The PIN is compared outside (scrypt), and the command says how it went; the decider counts wrong tries and locks.
 */
export const memberDataStream = (accountId: string) => `identity-memberdata-${accountId}`;

/** Encryption contexts (associated data): a ciphertext copied into another account or field does not decrypt. */
export const memberDataField = (accountId: string, field: 'mailing-address' | 'beneficiaries') => `identity-memberdata-${accountId}:${field}`;

/** How the PIN typed compared with the current one; `not_set` when the account has none. */
export type PinCheck = 'correct' | 'wrong' | 'not_set';

export type MemberDataCommand =
  | Command<'ChangeBeneficiaries', { account_id: string; count: number; beneficiaries_encrypted: string; pin: PinCheck }>
  | Command<'ChangeMailingAddress', { account_id: string; address_encrypted: string }>
  | Command<'ChangeFaceSignature', { account_id: string; face_file: string | null; signature_file: string | null }>
  | Command<'ChangePin', { account_id: string; pin_hash: string; pin: PinCheck }>;

export type MemberDataEvent =
  | DomainEvent<'MemberBeneficiariesChanged', { account_id: string; count: number; beneficiaries_encrypted: string; at: string }>
  | DomainEvent<'MemberMailingAddressChanged', { account_id: string; address_encrypted: string; at: string }>
  | DomainEvent<'MemberFaceSignatureChanged', { account_id: string; face_file: string | null; signature_file: string | null; at: string }>
  | DomainEvent<'MemberPinChanged', { account_id: string; pin_hash: string; at: string }>
  | DomainEvent<'MemberPinRejected', { account_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'MemberPinLocked', { account_id: string; until: string; at: string }>;

export const MEMBER_DATA_EVENT_TYPES = [
  'MemberBeneficiariesChanged',
  'MemberMailingAddressChanged',
  'MemberFaceSignatureChanged',
  'MemberPinChanged',
  'MemberPinRejected',
  'MemberPinLocked',
] as const satisfies readonly MemberDataEvent['type'][];

/** Holds a PIN hash: raw-event tools leave its data out. */
export const MEMBER_DATA_SENSITIVE_EVENT_TYPES = ['MemberPinChanged'] as const;

export interface MemberDataState {
  beneficiaries: { encrypted: string; at: string } | null;
  mailingAddress: { encrypted: string; at: string } | null;
  face: { file: string; at: string } | null;
  signature: { file: string; at: string } | null;
  pin: { hash: string; at: string } | null;
  /** Wrong PINs in a row since the last right one or the last lock. */
  pinFailures: number;
  lockedUntil: string | null;
}

export const initialState = (): MemberDataState => ({
  beneficiaries: null,
  mailingAddress: null,
  face: null,
  signature: null,
  pin: null,
  pinFailures: 0,
  lockedUntil: null,
});

export const evolve = (state: MemberDataState, event: MemberDataEvent): MemberDataState => {
  switch (event.type) {
    case 'MemberBeneficiariesChanged':
      return { ...state, beneficiaries: { encrypted: event.data.beneficiaries_encrypted, at: event.data.at }, pinFailures: 0 };
    case 'MemberMailingAddressChanged':
      return { ...state, mailingAddress: { encrypted: event.data.address_encrypted, at: event.data.at } };
    case 'MemberFaceSignatureChanged': {
      const { face_file, signature_file, at } = event.data;
      return { ...state, face: face_file ? { file: face_file, at } : state.face, signature: signature_file ? { file: signature_file, at } : state.signature };
    }
    case 'MemberPinChanged':
      return { ...state, pin: { hash: event.data.pin_hash, at: event.data.at }, pinFailures: 0, lockedUntil: null };
    case 'MemberPinRejected':
      return { ...state, pinFailures: event.data.failures };
    case 'MemberPinLocked':
      return { ...state, pinFailures: 0, lockedUntil: event.data.until };
    default:
      return unknownCommand(event);
  }
};

/** Refused while wrong tries keep the PIN locked, before anything is compared. */
export const assertPinNotLocked = (state: MemberDataState, now: string) => {
  if (state.lockedUntil && !reached(now, state.lockedUntil)) {
    const minutes = Math.ceil(secondsBetween(now, state.lockedUntil) / 60);
    throw new RetryLater('PIN_LOCKED', `Too many wrong PINs. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, secondsBetween(now, state.lockedUntil));
  }
};

/** A wrong PIN: counted, and the last allowed try locks the PIN for a while. The change itself is not made. */
const rejectPin = (state: MemberDataState, accountId: string, now: string): MemberDataEvent[] => {
  const failures = state.pinFailures + 1;
  const tries_left = Math.max(0, PIN_RULES.maxWrongTries - failures);
  const rejected: MemberDataEvent = { type: 'MemberPinRejected', data: { account_id: accountId, failures, tries_left, at: now } };
  if (tries_left > 0) return [rejected];
  return [rejected, { type: 'MemberPinLocked', data: { account_id: accountId, until: addSeconds(now, PIN_RULES.lockSeconds), at: now } }];
};

export const decide = (command: MemberDataCommand, state: MemberDataState): MemberDataEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'ChangeBeneficiaries': {
      const { account_id, count, beneficiaries_encrypted, pin } = command.data;
      assertPinNotLocked(state, now);
      if (pin === 'not_set') throw new DomainError('conflict', 'PIN_NOT_SET', 'Set your security PIN first: it is asked before beneficiaries change.');
      if (pin === 'wrong') return rejectPin(state, account_id, now);
      if (count < 1) throw new DomainError('invalid', 'INVALID_COMMAND', 'Add at least one beneficiary.');
      return [{ type: 'MemberBeneficiariesChanged', data: { account_id, count, beneficiaries_encrypted, at: now } }];
    }
    case 'ChangeMailingAddress':
      return [{ type: 'MemberMailingAddressChanged', data: { ...command.data, at: now } }];
    case 'ChangeFaceSignature': {
      const { face_file, signature_file } = command.data;
      if (!face_file && !signature_file) throw new DomainError('invalid', 'INVALID_COMMAND', 'Send a new face photo, a new signature, or both.');
      return [{ type: 'MemberFaceSignatureChanged', data: { ...command.data, at: now } }];
    }
    case 'ChangePin': {
      const { account_id, pin_hash, pin } = command.data;
      assertPinNotLocked(state, now);
      if (pin === 'wrong') return rejectPin(state, account_id, now);
      return [{ type: 'MemberPinChanged', data: { account_id, pin_hash, at: now } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const memberDataDecider: Decider<MemberDataCommand, MemberDataEvent, MemberDataState> = { initialState, evolve, decide };
