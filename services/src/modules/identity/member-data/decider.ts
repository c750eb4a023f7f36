import { PIN_RULES } from '@acpg/contracts/member-data';
import { MEMBER_PAYOUT_DETAILS_CHANGED, type MemberPayoutDetailsChanged, type PayoutDetails } from '@acpg/contracts/payout-details';
import type { MailingAddress } from '@acpg/contracts/sign-up';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError, RetryLater } from '../../../platform/commands/domain-error.ts';
import { addSeconds, reached, secondsBetween, unknownCommand } from '../decider.ts';

/**
 * What a member changes on My Account after sign-up (`identity-memberdata-<account id>`): beneficiaries (PIN asked),
 * mailing address, face photo and signature (files, encrypted at rest, named here), the security PIN (hashed), and the
 * payout details (PIN asked; masked in `MemberPayoutDetailsChanged`, the full bank numbers only encrypted in
 * `MemberBankAccountStored`), and every reveal of those numbers to a Super Admin (who, when, why).
 * What the sign-up stored stays on the sign-up stream; the newer of the two is current (`view.ts`).
 * The PIN is compared outside (scrypt), and the command says how it went; the decider counts wrong tries and locks.
 */
export const memberDataStream = (accountId: string) => `identity-memberdata-${accountId}`;

/** Encryption contexts (associated data): a ciphertext copied into another account or field does not decrypt. */
export const memberDataField = (accountId: string, field: 'mailing-address' | 'beneficiaries' | 'bank-account') => `identity-memberdata-${accountId}:${field}`;

/** What the member asked for: direct deposit (masked already) or a check, mailed to the address the command names. */
export type PayoutRequest = Extract<PayoutDetails, { method: 'direct_deposit' }> | { method: 'check' };

/** How the PIN typed compared with the current one; `not_set` when the account has none. */
export type PinCheck = 'correct' | 'wrong' | 'not_set';

export type MemberDataCommand =
  | Command<'ChangeBeneficiaries', { account_id: string; count: number; beneficiaries_encrypted: string; pin: PinCheck }>
  | Command<'ChangeMailingAddress', { account_id: string; address_encrypted: string; /** in clear, only to readdress a payout by check */ address: MailingAddress }>
  | Command<'ChangeFaceSignature', { account_id: string; face_file: string | null; signature_file: string | null }>
  | Command<'ChangePin', { account_id: string; pin_hash: string; pin: PinCheck }>
  | Command<
      'ChangePayoutDetails',
      {
        account_id: string;
        request: PayoutRequest;
        /** Direct deposit: the routing and account numbers, encrypted (`bank-account` context); null for a check. */
        bank_encrypted: string | null;
        /** the mailing address on file, null when none */
        mailing_address: MailingAddress | null;
        pin: PinCheck;
      }
    >
  | Command<'RevealPayoutDetails', { account_id: string; /** the Super Admin's account id */ by: string; reason: string }>;

export type PayoutChangeReason = MemberPayoutDetailsChanged['reason'];

export type MemberDataEvent =
  | DomainEvent<'MemberBeneficiariesChanged', { account_id: string; count: number; beneficiaries_encrypted: string; at: string }>
  | DomainEvent<'MemberMailingAddressChanged', { account_id: string; address_encrypted: string; at: string }>
  | DomainEvent<'MemberFaceSignatureChanged', { account_id: string; face_file: string | null; signature_file: string | null; at: string }>
  | DomainEvent<'MemberPinChanged', { account_id: string; pin_hash: string; at: string }>
  | DomainEvent<'MemberPinRejected', { account_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'MemberPinLocked', { account_id: string; until: string; at: string }>
  | DomainEvent<typeof MEMBER_PAYOUT_DETAILS_CHANGED, { account_id: string; details: PayoutDetails; reason: PayoutChangeReason; at: string }>
  /** Not a contract event: the full numbers of a direct deposit, encrypted; just before its `MemberPayoutDetailsChanged`. */
  | DomainEvent<'MemberBankAccountStored', { account_id: string; bank_encrypted: string; at: string }>
  /** The audit record of a Super Admin seeing the full bank numbers: who, when and why. */
  | DomainEvent<'MemberPayoutDetailsRevealed', { account_id: string; by: string; reason: string; at: string }>;

export const MEMBER_DATA_EVENT_TYPES = [
  'MemberBeneficiariesChanged',
  'MemberMailingAddressChanged',
  'MemberFaceSignatureChanged',
  'MemberPinChanged',
  'MemberPinRejected',
  'MemberPinLocked',
  MEMBER_PAYOUT_DETAILS_CHANGED,
  'MemberBankAccountStored',
  'MemberPayoutDetailsRevealed',
] as const satisfies readonly MemberDataEvent['type'][];

/** Hold a PIN hash or the bank numbers (encrypted, still left out): raw-event tools leave their data out. */
export const MEMBER_DATA_SENSITIVE_EVENT_TYPES = ['MemberPinChanged', 'MemberBankAccountStored'] as const;

export interface MemberDataState {
  beneficiaries: { encrypted: string; at: string } | null;
  mailingAddress: { encrypted: string; at: string } | null;
  face: { file: string; at: string } | null;
  signature: { file: string; at: string } | null;
  pin: { hash: string; at: string } | null;
  /** Wrong PINs in a row since the last right one or the last lock. */
  pinFailures: number;
  lockedUntil: string | null;
  payout: { details: PayoutDetails; at: string } | null;
  /** The encrypted routing and account numbers of the current direct deposit; null for a check, or saved before they were kept. */
  bank: { encrypted: string; at: string } | null;
}

export const initialState = (): MemberDataState => ({
  beneficiaries: null,
  mailingAddress: null,
  face: null,
  signature: null,
  pin: null,
  pinFailures: 0,
  lockedUntil: null,
  payout: null,
  bank: null,
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
    case MEMBER_PAYOUT_DETAILS_CHANGED: {
      const payout = { details: event.data.details, at: event.data.at };
      // A direct deposit's numbers came in the event just before; a check keeps none.
      const bank = event.data.details.method === 'direct_deposit' && state.bank?.at === event.data.at ? state.bank : null;
      return event.data.reason === 'changed' ? { ...state, payout, bank, pinFailures: 0 } : { ...state, payout, bank };
    }
    case 'MemberBankAccountStored':
      return { ...state, bank: { encrypted: event.data.bank_encrypted, at: event.data.at } };
    case 'MemberPayoutDetailsRevealed':
      return state;
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

/** A change that asks the PIN (beneficiaries, payout details): refused while locked or with no PIN set; a wrong PIN is counted instead of the change. */
const withPin = (state: MemberDataState, accountId: string, now: string, pin: PinCheck, what: string, change: () => MemberDataEvent[]): MemberDataEvent[] => {
  assertPinNotLocked(state, now);
  if (pin === 'not_set') throw new DomainError('conflict', 'PIN_NOT_SET', `Set your security PIN first: it is asked before ${what} change.`);
  if (pin === 'wrong') return rejectPin(state, accountId, now);
  return change();
};

const payoutDetailsOf = (request: PayoutRequest, address: MailingAddress | null): PayoutDetails => {
  if (request.method === 'direct_deposit') return request;
  if (!address) {
    const message = 'A check is mailed to your mailing address: add a mailing address first.';
    throw new DomainError('conflict', 'MAILING_ADDRESS_REQUIRED', message, [{ path: 'method', message }]);
  }
  return { method: 'check', mailing_address: address };
};

export const decide = (command: MemberDataCommand, state: MemberDataState): MemberDataEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'ChangeBeneficiaries': {
      const { account_id, count, beneficiaries_encrypted, pin } = command.data;
      return withPin(state, account_id, now, pin, 'beneficiaries', () => {
        if (count < 1) throw new DomainError('invalid', 'INVALID_COMMAND', 'Add at least one beneficiary.');
        return [{ type: 'MemberBeneficiariesChanged', data: { account_id, count, beneficiaries_encrypted, at: now } }];
      });
    }
    case 'ChangeMailingAddress': {
      const { account_id, address_encrypted, address } = command.data;
      const changed: MemberDataEvent = { type: 'MemberMailingAddressChanged', data: { account_id, address_encrypted, at: now } };
      if (state.payout?.details.method !== 'check') return [changed];
      const readdressed: MemberDataEvent = { type: MEMBER_PAYOUT_DETAILS_CHANGED, data: { account_id, details: { method: 'check', mailing_address: address }, reason: 'mailing_address_changed', at: now } };
      return [changed, readdressed];
    }
    case 'ChangePayoutDetails': {
      const { account_id, request, bank_encrypted, mailing_address, pin } = command.data;
      // Bad input changes nothing and costs no PIN try.
      const details = payoutDetailsOf(request, mailing_address);
      if ((details.method === 'direct_deposit') !== (bank_encrypted !== null)) {
        throw new DomainError('invalid', 'INVALID_COMMAND', 'A direct deposit comes with its bank numbers, a check with none.');
      }
      const changed: MemberDataEvent = { type: MEMBER_PAYOUT_DETAILS_CHANGED, data: { account_id, details, reason: 'changed', at: now } };
      return withPin(state, account_id, now, pin, 'payout details', () =>
        bank_encrypted === null ? [changed] : [{ type: 'MemberBankAccountStored', data: { account_id, bank_encrypted, at: now } }, changed],
      );
    }
    case 'RevealPayoutDetails': {
      const { account_id, by, reason } = command.data;
      if (state.payout?.details.method !== 'direct_deposit') {
        throw new DomainError('conflict', 'NO_DIRECT_DEPOSIT', 'This member is not paid by direct deposit: there are no bank details to show.');
      }
      if (!state.bank) {
        throw new DomainError('conflict', 'BANK_DETAILS_NOT_KEPT', 'The full bank numbers were saved before they were kept: ask the member to enter their payout details again.');
      }
      if (reason.trim() === '') throw new DomainError('invalid', 'INVALID_COMMAND', 'Say why you need the bank details.');
      return [{ type: 'MemberPayoutDetailsRevealed', data: { account_id, by, reason, at: now } }];
    }
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
