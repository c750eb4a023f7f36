import { createHash } from 'node:crypto';
import { refuse, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/** Normalised form under which an email is unique. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** One stream per email address: appending its first event with expected version 0 makes the email unique. */
export const emailStream = (email: string) => `identity-email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

export type EmailEvent =
  | DomainEvent<'EmailReserved', { email: string; account_id: string }>
  /** A sign-up's registration that failed half-way (its phone was taken meanwhile) gives the email back. */
  | DomainEvent<'EmailReleased', { email: string; account_id: string }>;
export type EmailCommand = Command<'ReserveEmail', { email: string; account_id: string }> | Command<'ReleaseEmail', { email: string; account_id: string }>;
export type EmailState = { status: 'free' } | { status: 'reserved'; accountId: string };

export const initialState = (): EmailState => ({ status: 'free' });

export const evolve = (state: EmailState, event: EmailEvent): EmailState => {
  switch (event.type) {
    case 'EmailReserved':
      return { status: 'reserved', accountId: event.data.account_id };
    case 'EmailReleased':
      return { status: 'free' };
    default:
      return state;
  }
};

export const decide = (command: EmailCommand, state: EmailState): EmailEvent[] => {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.status === 'reserved') throw refuse('conflict', 'EMAIL_TAKEN', 'An account with this email already exists.');
      return [{ type: 'EmailReserved', data: { email: normaliseEmail(command.data.email), account_id: command.data.account_id } }];
    case 'ReleaseEmail':
      if (state.status !== 'reserved' || state.accountId !== command.data.account_id) return [];
      return [{ type: 'EmailReleased', data: { email: normaliseEmail(command.data.email), account_id: command.data.account_id } }];
    default:
      return unknownCommand(command);
  }
};

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = { initialState, evolve, decide };
