import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

/**
 * "Never the last Super Admin" spans accounts, so every change to a Super Admin's account (a role change, a
 * suspension) first records itself on one roster stream, appended at the version read: of two such changes at once (on
 * any API process) one appends, the other reloads and counts again, now without the first account. An entry holds the
 * account's stream version when it was recorded: the accounts read model is trusted for that account again once its
 * row is past that version (the change itself, or anything after it); a change that was refused cancels its entry.
 */
export const SUPER_ADMIN_ROSTER_STREAM = 'identity-super-admin-roster';

export const ROSTER_EVENT_TYPES = ['SuperAdminChangeRecorded', 'SuperAdminChangeCancelled'] as const;

export type RosterEvent =
  | DomainEvent<'SuperAdminChangeRecorded', { account_id: string; account_version: number; by: string; at: string }>
  | DomainEvent<'SuperAdminChangeCancelled', { account_id: string; account_version: number; by: string; at: string }>;

export type RosterCommand =
  | Command<'RecordSuperAdminChange', { account_id: string; account_version: number }>
  | Command<'CancelSuperAdminChange', { account_id: string; account_version: number }>;

/** Per account, the account's stream version when its latest change was recorded (absent: none pending). */
export type RosterState = Readonly<Record<string, number>>;

export const rosterDecider: Decider<RosterCommand, RosterEvent, RosterState> = {
  initialState: () => ({}),
  decide: (command, state) => {
    const signed = signedBy(command.metadata);
    switch (command.type) {
      case 'RecordSuperAdminChange':
        return [{ type: 'SuperAdminChangeRecorded', data: { ...command.data, ...signed } }];
      case 'CancelSuperAdminChange':
        return state[command.data.account_id] === command.data.account_version ? [{ type: 'SuperAdminChangeCancelled', data: { ...command.data, ...signed } }] : [];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown roster command ${String((unexpected as { type: unknown }).type)}`);
      }
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'SuperAdminChangeRecorded':
        return { ...state, [event.data.account_id]: event.data.account_version };
      case 'SuperAdminChangeCancelled': {
        if (state[event.data.account_id] !== event.data.account_version) return state;
        const { [event.data.account_id]: _cancelled, ...rest } = state;
        return rest;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown roster event ${String((unexpected as { type: unknown }).type)}`);
      }
    }
  },
  fromStored: ownEvents<RosterEvent>(ROSTER_EVENT_TYPES),
};

/** Whether the accounts read model's row (at `rowVersion`) may be counted: no change of the account pending past it. */
export const rowCounts = (state: RosterState, accountId: string, rowVersion: number): boolean => {
  const pending = state[accountId];
  return pending === undefined || rowVersion > pending;
};
