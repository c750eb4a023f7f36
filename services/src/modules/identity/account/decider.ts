import { AccountRegistered, AccountRolesChanged } from '@acpg/contracts/identity';
import type { Role } from '@acpg/contracts/roles';
import { refuse, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { decideProfile, evolveProfile, SESSION_VERSION_EVENTS, toProfileEvent, type ProfileCommand, type ProfileEvent } from './profile-changes.ts';
import {
  decideAdministration,
  evolveAdministration,
  toAdministrationEvent,
  type AdministrationCommand,
  type AdministrationEvent,
} from '../account-administration/decider.ts';
import { decideRoles, type RolesCommand } from './roles-changes.ts';

/** Stream of one account. */
export const accountStream = (accountId: string) => `identity-account-${accountId}`;

export type AccountEvent =
  | DomainEvent<'AccountRegistered', AccountRegistered>
  // Kept apart from AccountRegistered so a reader of the public event never sees the hash (see SENSITIVE_EVENT_TYPES).
  | DomainEvent<'AccountPasswordSet', { account_id: string; password_hash: string }>
  | ProfileEvent
  | AdministrationEvent;

export type AccountCommand = Command<'RegisterAccount', AccountRegistered & { password_hash: string }> | ProfileCommand | AdministrationCommand | RolesCommand;

export type AccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      id: string;
      email: string;
      fullName: string;
      roles: Role[];
      passwordHash: string;
      phoneEncrypted: string | null;
      phoneMasked: string | null;
      profileImg: string | null;
      /** An Agent's or a Broker's brokerage (null: none named). */
      brokerageName?: string | null;
      /** The zone its emails, texts and documents are dated in (`AccountTimeZoneSet`); absent: `DEFAULT_TIME_ZONE`. */
      timeZone?: string;
      /** Profile photo (profile/photo.ts): its id and the widths stored; absent without a photo. */
      photo?: { photoId: string; widths: number[] } | null;
      /** Sessions started before this time are over (a password reset or change), except `keptSessionId`. */
      sessionsEndedBefore?: string;
      keptSessionId?: string | null;
      /** The provider a Provider Admin acts for (`AccountRolesChanged`); absent or null: none. */
      providerId?: string | null;
      /** Moves on with each of SESSION_VERSION_EVENTS: access tokens carry the one they were issued at. */
      sessionVersion?: number;
      /** A Super Admin suspended it (account administration): no sign-in, no refresh. */
      suspended?: boolean;
    };

export const initialState = (): AccountState => ({ status: 'none' });

export const evolve = (state: AccountState, event: AccountEvent): AccountState => {
  const next = evolveFields(state, event);
  if (next.status !== 'registered' || !SESSION_VERSION_EVENTS.includes(event.type)) return next;
  return { ...next, sessionVersion: (next.sessionVersion ?? 0) + 1 };
};

const evolveFields = (state: AccountState, event: AccountEvent): AccountState => {
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        id: d.account_id,
        email: d.email,
        fullName: d.full_name,
        roles: d.roles,
        passwordHash: '',
        phoneEncrypted: d.phone_encrypted,
        phoneMasked: d.phone_masked,
        profileImg: d.profile_img,
        brokerageName: d.brokerage_name ?? null,
      };
    }
    case 'AccountPasswordSet':
      return state.status === 'registered' ? { ...state, passwordHash: event.data.password_hash } : state;
    case 'AccountNameChanged':
    case 'AccountEmailChanged':
    case 'AccountPhoneChanged':
    case 'AccountPhotoChanged':
    case 'AccountPhotoRemoved':
    case 'AccountSessionsEnded':
    case 'AccountSignedOut':
    case 'AccountBrokerageChanged':
    case 'AccountTimeZoneSet':
      return state.status === 'registered' ? evolveProfile(state, event) : state;
    case 'AccountRolesChanged':
    case 'AccountSuspended':
    case 'AccountReactivated':
      return state.status === 'registered' ? evolveAdministration(state, event) : state;
    default:
      return state;
  }
};

export const decide = (command: AccountCommand, state: AccountState): AccountEvent[] => {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status !== 'none') throw refuse('conflict', 'EMAIL_TAKEN', 'This account already exists.');
      const { password_hash, ...registered } = command.data;
      if (registered.roles.length === 0) throw refuse('invalid', 'INVALID_COMMAND', 'An account needs at least one role.');
      return [
        { type: 'AccountRegistered', data: registered },
        { type: 'AccountPasswordSet', data: { account_id: registered.account_id, password_hash } },
      ];
    }
    case 'ChangeName':
    case 'ChangeEmail':
    case 'ChangePhone':
    case 'ChangePhoto':
    case 'RemovePhoto':
    case 'ChangeBrokerage':
    case 'SetTimeZone':
    case 'SetPassword':
    case 'EndSessions':
    case 'RecordSignOut':
      if (state.status !== 'registered') throw refuse('not_found', 'INVALID_COMMAND', 'This account was not found.');
      return decideProfile(command, state);
    case 'ChangeRoles':
    case 'SuspendAccount':
    case 'ReactivateAccount':
      if (state.status !== 'registered') throw refuse('not_found', 'INVALID_COMMAND', 'This account was not found.');
      return decideAdministration(command, state);
    case 'SetProviderAdmin':
    case 'AddInvitedRole':
      if (state.status !== 'registered') throw refuse('not_found', 'INVALID_COMMAND', 'This account was not found.');
      return decideRoles(command, state);
    default:
      return unknownCommand(command);
  }
};

/** Reads a stored event back as an account event (null for types this aggregate does not know). */
export const toAccountEvent = (event: StoredEvent): AccountEvent | null => {
  switch (event.type) {
    case 'AccountRegistered':
      return { type: 'AccountRegistered', data: AccountRegistered.parse(event.data) };
    case 'AccountPasswordSet':
      return { type: 'AccountPasswordSet', data: event.data as { account_id: string; password_hash: string } };
    case 'AccountRolesChanged':
      return { type: 'AccountRolesChanged', data: AccountRolesChanged.parse(event.data) };
    default:
      return toProfileEvent(event) ?? toAdministrationEvent(event);
  }
};

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = { initialState, evolve, decide, fromStored: toAccountEvent };
