import {
  PROVIDER_USER_EVENT_TYPES,
  type ProviderInvitationAccepted,
  type ProviderInvitationResent,
  type ProviderInvitationRevoked,
  type ProviderInvitationSent,
  type ProviderPropertiesAttached,
  type ProviderPropertiesConfirmed,
  PROVIDER_PROPERTIES_MAX,
  type ProviderUserReactivated,
  type ProviderUserRemoved,
  type ProviderUserRole,
  type ProviderUserSuspended,
} from '@acpg/contracts/provider-users';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

/** One provider and email, one stream: the invitation, its acceptance, then the user's suspensions. */
export const invitationStream = (invitationId: string) => `providers-invitation-${invitationId}`;

export type InvitationEvent =
  | { type: 'ProviderInvitationSent'; data: ProviderInvitationSent }
  | { type: 'ProviderInvitationResent'; data: ProviderInvitationResent }
  | { type: 'ProviderInvitationRevoked'; data: ProviderInvitationRevoked }
  | { type: 'ProviderInvitationAccepted'; data: ProviderInvitationAccepted }
  | { type: 'ProviderUserSuspended'; data: ProviderUserSuspended }
  | { type: 'ProviderUserReactivated'; data: ProviderUserReactivated }
  | { type: 'ProviderUserRemoved'; data: ProviderUserRemoved }
  | { type: 'ProviderPropertiesAttached'; data: ProviderPropertiesAttached }
  | { type: 'ProviderPropertiesConfirmed'; data: ProviderPropertiesConfirmed };

/** How an acceptance names the invitation: the link's send number (its MAC checked by the caller) or the code's hash. */
export type InvitationKeyOf = { send: number } | { code_hash: string };

export type InvitationCommand =
  | Command<
      'InviteProviderUser',
      { invitation_id: string; provider_id: string; provider_name: string; email: string; role: ProviderUserRole; send: number; code_hash: string; expires_at: string; properties?: string[] }
    >
  /** Property ids the caller checked against the property data (unknown ones never reach the decider). */
  | Command<'AttachProperties', { properties: string[] }>
  | Command<'ResendInvitation', { send: number; code_hash: string; expires_at: string }>
  | Command<'RevokeInvitation', Record<string, never>>
  /** `confirmed`: which of the attached properties the account says are theirs; `account_roles`: the accepting account's roles (its token's): staff accounts cannot join a provider as a user. */
  | Command<'AcceptInvitation', { key: InvitationKeyOf; account_id: string; account_email: string; account_full_name: string | null; account_roles: readonly string[]; confirmed?: string[] }>
  | Command<'SuspendProviderUser', Record<string, never>>
  | Command<'ReactivateProviderUser', Record<string, never>>
  | Command<'RemoveProviderUser', Record<string, never>>;

export type InvitationState =
  | { status: 'none'; send: 0 }
  | {
      /** removed: the user left the provider (its things are no longer the provider's to see); a new invitation may follow. */
      status: 'invited' | 'revoked' | 'active' | 'suspended' | 'removed';
      invitation_id: string;
      provider_id: string;
      provider_name: string;
      email: string;
      role: ProviderUserRole;
      /** The latest send (only its link and code work). */
      send: number;
      /** Every send's code hash, in order (an older one is "replaced", never "unknown"). */
      code_hashes: string[];
      expires_at: string;
      account_id: string | null;
      /** The send the acceptance used. */
      accepted_send: number | null;
      /** The properties the provider attached (for the user to confirm at acceptance). */
      properties: string[];
      /** The ones the user confirmed. */
      confirmed: string[];
    };

export const initialInvitationState = (): InvitationState => ({ status: 'none', send: 0 });

export const evolveInvitation = (state: InvitationState, event: InvitationEvent): InvitationState => {
  switch (event.type) {
    case 'ProviderInvitationSent': {
      const d = event.data;
      const codes = state.status === 'none' ? [] : state.code_hashes;
      return { status: 'invited', invitation_id: d.invitation_id, provider_id: d.provider_id, provider_name: d.provider_name, email: d.email, role: d.role, send: d.send, code_hashes: [...codes, d.code_hash], expires_at: d.expires_at, account_id: null, accepted_send: null, properties: d.properties ?? [], confirmed: [] };
    }
    case 'ProviderInvitationResent':
      if (state.status === 'none') return state;
      return { ...state, send: event.data.send, code_hashes: [...state.code_hashes, event.data.code_hash], expires_at: event.data.expires_at };
    case 'ProviderInvitationRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
    case 'ProviderInvitationAccepted':
      return state.status === 'none' ? state : { ...state, status: 'active', account_id: event.data.account_id, accepted_send: state.send };
    case 'ProviderUserSuspended':
      return state.status === 'none' ? state : { ...state, status: 'suspended' };
    case 'ProviderUserReactivated':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    case 'ProviderUserRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    case 'ProviderPropertiesAttached':
      return state.status === 'none' ? state : { ...state, properties: [...state.properties, ...event.data.properties.filter((p) => !state.properties.includes(p))] };
    case 'ProviderPropertiesConfirmed':
      return state.status === 'none' ? state : { ...state, confirmed: [...state.confirmed, ...event.data.properties.filter((p) => !state.confirmed.includes(p))] };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown invitation event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const refusal = (kind: DomainErrorKind, code: string, message: string) => new DomainError(kind, code, message);

export const INVITATION_NOT_FOUND = () => refusal('not_found', 'INVITATION_NOT_FOUND', 'This invitation was not found. Check the link or code, or ask your provider for a new invitation.');
const used = () => refusal('conflict', 'INVITATION_USED', 'This invitation was used already. Sign in to the account that accepted it.');
const revoked = () => refusal('gone', 'INVITATION_REVOKED', 'This invitation was withdrawn by the provider. Ask them for a new one.');

/**
 * A send's code is made (an HMAC, outside the decider) for the send it will be: another send recorded meanwhile (two
 * admins at once) refuses this one rather than record a code made for another send.
 */
const assertNextSend = (state: InvitationState, send: number) => {
  if (send !== state.send + 1) throw refusal('conflict', 'INVITATION_CHANGED', 'This invitation was just sent or changed by someone else. Reload the list and try again.');
};

const tooManyProperties = () =>
  new DomainError('invalid', 'TOO_MANY_PROPERTIES', `An invitation holds at most ${PROVIDER_PROPERTIES_MAX} properties.`, [
    { path: 'properties', message: `An invitation holds at most ${PROVIDER_PROPERTIES_MAX} properties.` },
  ]);
const unique = (ids: readonly string[]) => [...new Set(ids)];
/** Roles that run the platform or a provider: such an account never joins a provider as one of its users. */
const STAFF_ROLES: readonly string[] = ['Super Admin', 'Admin', 'Provider Admin'];

const isExpired = (state: { expires_at: string }, now: Date) => now.getTime() >= Date.parse(state.expires_at);

/** Which send a key names: its number, or 0 when it names none of this invitation's sends. */
const sendOf = (state: Extract<InvitationState, { code_hashes: string[] }>, key: InvitationKeyOf): number =>
  'send' in key ? (key.send >= 1 && key.send <= state.send ? key.send : 0) : state.code_hashes.indexOf(key.code_hash) + 1;

export const decideInvitation = (command: InvitationCommand, state: InvitationState): InvitationEvent[] => {
  const signed = signedBy(command.metadata);
  const now = command.metadata.now;
  if (command.type === 'InviteProviderUser') {
    const d = command.data;
    if (state.status === 'invited' && !isExpired(state, now)) throw refusal('conflict', 'ALREADY_INVITED', `${d.email} has an invitation waiting. Resend it instead.`);
    if (state.status === 'active' || state.status === 'suspended') throw refusal('conflict', 'ALREADY_A_PROVIDER_USER', `${d.email} is already one of this provider’s users.`);
    assertNextSend(state, d.send);
    const properties = unique(d.properties ?? []);
    if (properties.length > PROVIDER_PROPERTIES_MAX) throw tooManyProperties();
    return [{ type: 'ProviderInvitationSent', data: { ...d, properties, ...signed } }];
  }
  if (state.status === 'none') throw INVITATION_NOT_FOUND();
  const ids = { invitation_id: state.invitation_id, provider_id: state.provider_id };
  switch (command.type) {
    case 'ResendInvitation':
      if (state.status === 'revoked') throw revoked();
      if (state.status !== 'invited') throw used();
      assertNextSend(state, command.data.send);
      return [{ type: 'ProviderInvitationResent', data: { ...ids, provider_name: state.provider_name, email: state.email, role: state.role, ...command.data, ...signed } }];
    case 'RevokeInvitation':
      if (state.status === 'revoked') return [];
      if (state.status !== 'invited') throw used();
      return [{ type: 'ProviderInvitationRevoked', data: { ...ids, ...signed } }];
    case 'AcceptInvitation': {
      const send = sendOf(state, command.data.key);
      if (send === 0) throw INVITATION_NOT_FOUND();
      if (state.status === 'revoked') throw revoked();
      if (state.status !== 'invited') throw used();
      if (send !== state.send) throw refusal('gone', 'INVITATION_REPLACED', 'A newer invitation was sent to this email. Use the link or code in the latest one.');
      if (isExpired(state, now)) throw refusal('gone', 'INVITATION_EXPIRED', 'This invitation has expired. Ask your provider to send it again.');
      const staff = command.data.account_roles.find((role) => STAFF_ROLES.includes(role));
      if (staff) {
        throw refusal('conflict', 'INVITATION_NOT_FOR_STAFF', `A ${staff} account cannot join a provider through an invitation. Accept it with another account, or ask the provider to invite another email.`);
      }
      if (command.data.account_email.toLowerCase() !== state.email) {
        throw refusal('conflict', 'INVITATION_EMAIL_MISMATCH', 'This invitation was sent to another email address. Sign in with the invited email, or ask your provider to invite this one.');
      }
      const confirmed = unique(command.data.confirmed ?? []);
      const notAttached = confirmed.filter((p) => !state.properties.includes(p));
      if (notAttached.length > 0) {
        const message = 'Confirm only properties your provider attached to this invitation.';
        throw new DomainError('invalid', 'PROPERTY_NOT_ATTACHED', message, [{ path: 'properties', message }]);
      }
      const accepted: InvitationEvent = { type: 'ProviderInvitationAccepted', data: { ...ids, account_id: command.data.account_id, full_name: command.data.account_full_name, email: state.email, role: state.role, ...signed } };
      if (confirmed.length === 0) return [accepted];
      return [accepted, { type: 'ProviderPropertiesConfirmed', data: { ...ids, provider_name: state.provider_name, account_id: command.data.account_id, properties: confirmed, ...signed } }];
    }
    case 'AttachProperties': {
      if (state.status !== 'invited') throw refusal('conflict', 'INVITATION_NOT_WAITING', 'Properties can be attached only to a waiting invitation (not a revoked or accepted one).');
      if (isExpired(state, now)) throw refusal('gone', 'INVITATION_EXPIRED', 'This invitation has expired. Send it again first.');
      const added = unique(command.data.properties).filter((p) => !state.properties.includes(p));
      if (state.properties.length + added.length > PROVIDER_PROPERTIES_MAX) throw tooManyProperties();
      if (added.length === 0) return [];
      return [{ type: 'ProviderPropertiesAttached', data: { ...ids, properties: added, ...signed } }];
    }
    case 'SuspendProviderUser':
      if (state.status === 'suspended') return [];
      if (state.status !== 'active' || !state.account_id) throw refusal('conflict', 'PROVIDER_USER_NOT_ACTIVE', 'Only an active user can be suspended. Revoke a waiting invitation instead.');
      return [{ type: 'ProviderUserSuspended', data: { ...ids, account_id: state.account_id, ...signed } }];
    case 'ReactivateProviderUser':
      if (state.status === 'active') return [];
      if (state.status !== 'suspended' || !state.account_id) throw refusal('conflict', 'PROVIDER_USER_NOT_SUSPENDED', 'Only a suspended user can be reactivated.');
      return [{ type: 'ProviderUserReactivated', data: { ...ids, account_id: state.account_id, ...signed } }];
    case 'RemoveProviderUser':
      if (state.status === 'removed') return [];
      if ((state.status !== 'active' && state.status !== 'suspended') || !state.account_id) {
        throw refusal('conflict', 'PROVIDER_USER_NOT_A_MEMBER', 'Only an active or suspended user can be removed. Revoke a waiting invitation instead.');
      }
      return [{ type: 'ProviderUserRemoved', data: { ...ids, account_id: state.account_id, ...signed } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown invitation command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const toInvitationEvent = ownEvents<InvitationEvent>(PROVIDER_USER_EVENT_TYPES);

export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  initialState: initialInvitationState,
  evolve: evolveInvitation,
  decide: decideInvitation,
  fromStored: toInvitationEvent,
};
