import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { addSeconds, reached, unknownCommand, sameDigest } from '../../decider.ts';
import { claimHeld, codeInUse, type CodeClaim } from '../../code-claim.ts';
import { refuseAccount } from '../refuse.ts';
import type { Command, Decider, DomainEvent } from '../../../../platform/commands/handle-command.ts';

/**
 * A change of the account's email or phone, confirmed by a code sent to the NEW destination (kept encrypted here).
 * The code lives 10 minutes and is used once; 5 wrong tries lock the change (DECISIONS.md, OTP rules). The right code is
 * used up (ContactChangeCodeAccepted, a claim: `code-claim.ts`) before the account changes, and the change is recorded
 * (ContactChangeVerified) once applied; a refusal on the way (taken meanwhile) releases it.
 */
export const contactChangeStream = (changeId: string) => `identity-contactchange-${changeId}`;

export type ContactChangeEvent =
  | DomainEvent<
      'ContactChangeRequested',
      {
        change_id: string;
        account_id: string;
        channel: OtpChannel;
        destination_encrypted: string;
        destination_masked: string;
        code_hash: string;
        requested_at: string;
        expires_at: string;
      }
    >
  | DomainEvent<'ContactChangeCodeRejected', { change_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'ContactChangeLocked', { change_id: string; at: string }>
  /** The right code, used up by the request `claim_id`, which now applies the change. */
  | DomainEvent<'ContactChangeCodeAccepted', { change_id: string; claim_id: string; at: string }>
  /** The change was refused on the way (the new address taken meanwhile): the code works again. */
  | DomainEvent<'ContactChangeCodeReleased', { change_id: string; claim_id: string; at: string }>
  /** `previous_encrypted`: the email or phone it replaced (null: the account had no phone), for the undo link. */
  | DomainEvent<'ContactChangeVerified', { change_id: string; account_id: string; channel: OtpChannel; at: string; previous_encrypted?: string | null }>
  /** The undo link in the notice was followed: the previous contact is back and every session ended. */
  | DomainEvent<'ContactChangeUndone', { change_id: string; account_id: string; channel: OtpChannel; at: string }>;

export type ContactChangeCommand =
  | Command<'RequestChange', { change_id: string; account_id: string; channel: OtpChannel; destination_encrypted: string; destination_masked: string; code_hash: string }>
  /** `account_id`: the caller; another account's change is not found. The right code is claimed by `claim_id`. */
  | Command<'VerifyChange', { account_id: string; code_hash: string; claim_id: string }>
  /** The claimer applied the change: it is recorded (with what it replaced, for the undo link). */
  | Command<'FinishChange', { claim_id: string; previous_encrypted: string | null }>
  /** The claimer's change was refused: the code is given back. */
  | Command<'ReleaseChange', { claim_id: string }>
  /** The undo link (its token checked by the caller), single use, for `undo_days` after the change. */
  | Command<'UndoChange', { undo_days: number }>;

interface Change {
  /** `accepted`: the right code was used up and its change is being applied. */
  status: 'open' | 'accepted' | 'locked' | 'verified' | 'undone';
  claim: CodeClaim | null;
  /** When the code confirmed it (the undo link's clock starts there). */
  verifiedAt?: string;
  previousEncrypted?: string | null;
  changeId: string;
  accountId: string;
  channel: OtpChannel;
  destinationEncrypted: string;
  destinationMasked: string;
  codeHash: string;
  expiresAt: string;
  failures: number;
}
export type ContactChangeState = { status: 'none' } | Change;

export const initialState = (): ContactChangeState => ({ status: 'none' });

export const evolve = (state: ContactChangeState, event: ContactChangeEvent): ContactChangeState => {
  if (event.type === 'ContactChangeRequested') {
    const d = event.data;
    return {
      status: 'open',
      changeId: d.change_id,
      accountId: d.account_id,
      channel: d.channel,
      destinationEncrypted: d.destination_encrypted,
      destinationMasked: d.destination_masked,
      codeHash: d.code_hash,
      expiresAt: d.expires_at,
      failures: 0,
      claim: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ContactChangeCodeRejected':
      return { ...state, failures: event.data.failures };
    case 'ContactChangeLocked':
      return { ...state, status: 'locked' };
    case 'ContactChangeCodeAccepted':
      return { ...state, status: 'accepted', claim: { id: event.data.claim_id, at: event.data.at } };
    case 'ContactChangeCodeReleased':
      return state.status === 'accepted' && state.claim?.id === event.data.claim_id ? { ...state, status: 'open', claim: null } : state;
    case 'ContactChangeVerified':
      return { ...state, status: 'verified', codeHash: '', claim: null, verifiedAt: event.data.at, previousEncrypted: event.data.previous_encrypted ?? null };
    case 'ContactChangeUndone':
      return { ...state, status: 'undone' };
    default:
      return state;
  }
};


export const decide = (command: ContactChangeCommand, state: ContactChangeState): ContactChangeEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'RequestChange':
      if (state.status !== 'none') throw refuseAccount('conflict', 'CHANGE_USED', 'This change already exists.');
      return [{ type: 'ContactChangeRequested', data: { ...command.data, requested_at: now, expires_at: addSeconds(now, OTP_RULES.validSeconds) } }];
    case 'VerifyChange': {
      if (state.status === 'none' || state.accountId !== command.data.account_id) {
        throw refuseAccount('not_found', 'CHANGE_NOT_FOUND', 'This change was not found. Start it again.');
      }
      if (state.status === 'verified' || state.status === 'undone') throw refuseAccount('gone', 'CHANGE_USED', 'This change is already done.');
      if (state.status === 'locked') throw refuseAccount('gone', 'CHANGE_LOCKED', 'Too many wrong codes. Start the change again to get a new code.');
      // Used up by a request applying it now: no code is compared (nor counted) until it finishes or is presumed dead.
      if (state.status === 'accepted' && claimHeld(state.claim, now)) throw codeInUse();
      // A claimer presumed dead keeps the change open past the code's expiry: the same code finishes it.
      if (state.status === 'open' && reached(now, state.expiresAt)) throw refuseAccount('gone', 'OTP_EXPIRED', 'This code has expired. Start the change again to get a new one.');
      if (sameDigest(command.data.code_hash, state.codeHash)) {
        return [{ type: 'ContactChangeCodeAccepted', data: { change_id: state.changeId, claim_id: command.data.claim_id, at: now } }];
      }
      const failures = state.failures + 1;
      const triesLeft = Math.max(0, OTP_RULES.maxWrongTries - failures);
      const rejected: ContactChangeEvent = { type: 'ContactChangeCodeRejected', data: { change_id: state.changeId, failures, tries_left: triesLeft, at: now } };
      return triesLeft === 0 ? [rejected, { type: 'ContactChangeLocked', data: { change_id: state.changeId, at: now } }] : [rejected];
    }
    case 'FinishChange': {
      if (state.status !== 'accepted' || state.claim?.id !== command.data.claim_id) {
        // Taken over by a later request with the code (this one was presumed dead): that one finishes it.
        throw refuseAccount('gone', 'CHANGE_USED', 'This change is already done.');
      }
      const previous_encrypted = command.data.previous_encrypted;
      return [{ type: 'ContactChangeVerified', data: { change_id: state.changeId, account_id: state.accountId, channel: state.channel, at: now, previous_encrypted } }];
    }
    case 'ReleaseChange':
      if (state.status !== 'accepted' || state.claim?.id !== command.data.claim_id) return [];
      return [{ type: 'ContactChangeCodeReleased', data: { change_id: state.changeId, claim_id: command.data.claim_id, at: now } }];
    case 'UndoChange': {
      if (state.status === 'undone') throw refuseAccount('gone', 'UNDO_USED', 'This change was already undone.');
      if (state.status !== 'verified' || !state.verifiedAt) throw refuseAccount('not_found', 'UNDO_NOT_FOUND', 'This link is not valid.');
      if (reached(now, addSeconds(state.verifiedAt, command.data.undo_days * 86_400))) {
        throw refuseAccount('gone', 'UNDO_EXPIRED', 'This link has expired. Reset your password from the sign-in page and contact us.');
      }
      return [{ type: 'ContactChangeUndone', data: { change_id: state.changeId, account_id: state.accountId, channel: state.channel, at: now } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const contactChangeDecider: Decider<ContactChangeCommand, ContactChangeEvent, ContactChangeState> = { initialState, evolve, decide };
