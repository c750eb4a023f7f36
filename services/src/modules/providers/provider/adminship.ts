import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

/**
 * "A Provider Admin of one provider at a time", held across processes: each account has one seat stream, and taking
 * the seat appends at the version read, so of two appointments of one account to two providers at once (on any API
 * processes) one wins and the other reloads and is refused. Internal to the providers module (not a contract event).
 */
export const adminshipStream = (accountId: string) => `providers-adminship-${accountId}`;

export const ADMINSHIP_EVENT_TYPES = ['ProviderAdminSeatTaken', 'ProviderAdminSeatReleased'] as const;

type Signed = { by: string; at: string };
export type AdminshipEvent =
  | DomainEvent<'ProviderAdminSeatTaken', { account_id: string; provider_id: string; provider_name: string } & Signed>
  | DomainEvent<'ProviderAdminSeatReleased', { account_id: string; provider_id: string } & Signed>;

export type AdminshipCommand =
  | Command<'TakeAdminSeat', { account_id: string; provider_id: string; provider_name: string }>
  | Command<'ReleaseAdminSeat', { account_id: string; provider_id: string }>;

/** The provider the account is a Provider Admin of (null: none), with its name for the refusal. */
export type AdminshipState = { provider_id: string | null; provider_name: string | null };

export const alreadyProviderAdmin = (providerName: string) => {
  const message = `This account is already a Provider Admin of ${providerName}. Remove them there first.`;
  return new DomainError('conflict', 'ALREADY_PROVIDER_ADMIN', message, [{ path: 'email', message }]);
};

export const decideAdminship = (command: AdminshipCommand, state: AdminshipState): AdminshipEvent[] => {
  const signed = signedBy(command.metadata);
  switch (command.type) {
    case 'TakeAdminSeat':
      if (state.provider_id === command.data.provider_id) return [];
      if (state.provider_id !== null) throw alreadyProviderAdmin(state.provider_name ?? 'another provider');
      return [{ type: 'ProviderAdminSeatTaken', data: { ...command.data, ...signed } }];
    case 'ReleaseAdminSeat':
      if (state.provider_id !== command.data.provider_id) return [];
      return [{ type: 'ProviderAdminSeatReleased', data: { ...command.data, ...signed } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown adminship command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const evolveAdminship = (state: AdminshipState, event: AdminshipEvent): AdminshipState => {
  switch (event.type) {
    case 'ProviderAdminSeatTaken':
      return { provider_id: event.data.provider_id, provider_name: event.data.provider_name };
    case 'ProviderAdminSeatReleased':
      return state.provider_id === event.data.provider_id ? { provider_id: null, provider_name: null } : state;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown adminship event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const adminshipDecider: Decider<AdminshipCommand, AdminshipEvent, AdminshipState> = {
  initialState: () => ({ provider_id: null, provider_name: null }),
  evolve: evolveAdminship,
  decide: decideAdminship,
  fromStored: ownEvents<AdminshipEvent>(ADMINSHIP_EVENT_TYPES),
};
