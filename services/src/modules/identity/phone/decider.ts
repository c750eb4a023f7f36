import { createHash } from 'node:crypto';
import { unknownCommand } from '../decider.ts';
import { refuseAccount } from '../profile/refuse.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * One stream per phone number (E.164): appending its first event at the loaded version makes the phone unique, as
 * `email/decider.ts` does for emails. The stream id and the events carry a digest, never the number.
 */
export const phoneDigest = (phone: string) => createHash('sha256').update(phone.trim()).digest('hex');
export const phoneStream = (phone: string) => `identity-phone-${phoneDigest(phone)}`;

export type PhoneEvent =
  | DomainEvent<'PhoneReserved', { phone_digest: string; account_id: string }>
  | DomainEvent<'PhoneReleased', { phone_digest: string; account_id: string }>;
export type PhoneCommand =
  | Command<'ReservePhone', { phone: string; account_id: string }>
  | Command<'ReleasePhone', { phone: string; account_id: string }>;
export type PhoneState = { status: 'free' } | { status: 'reserved'; accountId: string };

export const initialState = (): PhoneState => ({ status: 'free' });

export const evolve = (state: PhoneState, event: PhoneEvent): PhoneState => {
  switch (event.type) {
    case 'PhoneReserved':
      return { status: 'reserved', accountId: event.data.account_id };
    case 'PhoneReleased':
      return { status: 'free' };
    default:
      return state;
  }
};

export const decide = (command: PhoneCommand, state: PhoneState): PhoneEvent[] => {
  const phone_digest = phoneDigest(command.data.phone);
  switch (command.type) {
    case 'ReservePhone':
      if (state.status === 'reserved') throw refuseAccount(409, 'PHONE_TAKEN', 'An account with this phone number already exists.');
      return [{ type: 'PhoneReserved', data: { phone_digest, account_id: command.data.account_id } }];
    case 'ReleasePhone':
      if (state.status !== 'reserved' || state.accountId !== command.data.account_id) return [];
      return [{ type: 'PhoneReleased', data: { phone_digest, account_id: command.data.account_id } }];
    default:
      return unknownCommand(command);
  }
};

export const phoneDecider: Decider<PhoneCommand, PhoneEvent, PhoneState> = { initialState, evolve, decide };
