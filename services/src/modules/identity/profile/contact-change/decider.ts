import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { addSeconds, reached, unknownCommand, sameDigest } from '../../decider.ts';
import { refuseAccount } from '../refuse.ts';
import type { Command, Decider, DomainEvent } from '../../../../platform/commands/handle-command.ts';

/**
 * A change of the account's email or phone, confirmed by a code sent to the NEW destination (kept encrypted here).
 * The code lives 10 minutes and is used once; 5 wrong tries lock the change (DECISIONS.md, OTP rules).
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
  /** `previous_encrypted`: the email or phone it replaced (null: the account had no phone), for the undo link. */
  | DomainEvent<'ContactChangeVerified', { change_id: string; account_id: string; channel: OtpChannel; at: string; previous_encrypted?: string | null }>
  /** The undo link in the notice was followed: the previous contact is back and every session ended. */
  | DomainEvent<'ContactChangeUndone', { change_id: string; account_id: string; channel: OtpChannel; at: string }>;

export type ContactChangeCommand =
  | Command<'RequestChange', { change_id: string; account_id: string; channel: OtpChannel; destination_encrypted: string; destination_masked: string; code_hash: string }>
  /** `account_id`: the caller; another account's change is not found. */
  | Command<'VerifyChange', { account_id: string; code_hash: string; previous_encrypted?: string | null }>
  /** The undo link (its token checked by the caller), single use, for `undo_days` after the change. */
  | Command<'UndoChange', { undo_days: number }>;

interface Change {
  status: 'open' | 'locked' | 'verified' | 'undone';
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
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ContactChangeCodeRejected':
      return { ...state, failures: event.data.failures };
    case 'ContactChangeLocked':
      return { ...state, status: 'locked' };
    case 'ContactChangeVerified':
      return { ...state, status: 'verified', codeHash: '', verifiedAt: event.data.at, previousEncrypted: event.data.previous_encrypted ?? null };
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
      if (reached(now, state.expiresAt)) throw refuseAccount('gone', 'OTP_EXPIRED', 'This code has expired. Start the change again to get a new one.');
      if (sameDigest(command.data.code_hash, state.codeHash)) {
        const previous = command.data.previous_encrypted !== undefined ? { previous_encrypted: command.data.previous_encrypted } : {};
        return [{ type: 'ContactChangeVerified', data: { change_id: state.changeId, account_id: state.accountId, channel: state.channel, at: now, ...previous } }];
      }
      const failures = state.failures + 1;
      const triesLeft = Math.max(0, OTP_RULES.maxWrongTries - failures);
      const rejected: ContactChangeEvent = { type: 'ContactChangeCodeRejected', data: { change_id: state.changeId, failures, tries_left: triesLeft, at: now } };
      return triesLeft === 0 ? [rejected, { type: 'ContactChangeLocked', data: { change_id: state.changeId, at: now } }] : [rejected];
    }
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
