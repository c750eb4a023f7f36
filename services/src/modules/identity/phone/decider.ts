import { refuse, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * One stream per phone number: its reservation is appended at the stream's loaded version (0 for a number never
 * reserved), so of two sign-ups racing for a number one wins. The id carries a keyed digest (the caller's), never the
 * number. A reservation is released only by a registration that failed half-way (its email was taken meanwhile).
 */
export const phoneStream = (phoneDigest: string) => `identity-phone-${phoneDigest}`;

export type PhoneEvent = DomainEvent<'PhoneReserved', { account_id: string; at: string }> | DomainEvent<'PhoneReleased', { account_id: string; at: string }>;
export type PhoneCommand = Command<'ReservePhone', { account_id: string }> | Command<'ReleasePhone', { account_id: string }>;
export type PhoneState = { status: 'free' } | { status: 'reserved'; accountId: string };

export const initialState = (): PhoneState => ({ status: 'free' });

export const evolve = (state: PhoneState, event: PhoneEvent): PhoneState => {
  switch (event.type) {
    case 'PhoneReserved':
      return { status: 'reserved', accountId: event.data.account_id };
    case 'PhoneReleased':
      return { status: 'free' };
    default:
      return unknownCommand(event);
  }
};

export const decide = (command: PhoneCommand, state: PhoneState): PhoneEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'ReservePhone':
      if (state.status === 'reserved') {
        if (state.accountId === command.data.account_id) return []; // the same registration again
        throw refuse('conflict', 'PHONE_TAKEN', 'An account with this phone number already exists. Sign in, or use another number.');
      }
      return [{ type: 'PhoneReserved', data: { account_id: command.data.account_id, at: now } }];
    case 'ReleasePhone':
      if (state.status !== 'reserved' || state.accountId !== command.data.account_id) return [];
      return [{ type: 'PhoneReleased', data: { account_id: command.data.account_id, at: now } }];
    default:
      return unknownCommand(command);
  }
};

export const phoneDecider: Decider<PhoneCommand, PhoneEvent, PhoneState> = { initialState, evolve, decide };
