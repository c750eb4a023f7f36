import { PROVIDER_USER_EVENT_TYPES, PROVIDER_USER_UPDATED_MESSAGE, type ProviderUserStatus, type ProviderUserView } from '@acpg/contracts/provider-users';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { toInvitationEvent, type InvitationEvent } from '../invitation/decider.ts';

export const PROVIDER_USERS_COLLECTION = 'provider_users';
/** Entity kind of one provider's users room: `provider-users:<provider id>` (its Provider Admins, Super Admins and Admins). */
export const PROVIDER_USERS_ROOM = 'provider-users';

const searchText = (email: string, fullName: string | null) => [email, fullName ?? ''].join(' ').toLowerCase().trim();

/**
 * Read model `provider_users`: one row per provider and email, from the invitation to the user's suspensions. A waiting
 * invitation past its `expires_at` reads as expired (`statusAt`); `code_hashes` finds an invitation by its code.
 */
export const evolveProviderUserRow = (doc: Doc | null, event: InvitationEvent): Doc | null => {
  switch (event.type) {
    case 'ProviderInvitationSent': {
      const d = event.data;
      return {
        _id: d.invitation_id,
        id: d.invitation_id,
        provider_id: d.provider_id,
        provider_name: d.provider_name,
        email: d.email,
        role: d.role,
        status: 'invited',
        account_id: null,
        full_name: null,
        code_hashes: [...((doc?.code_hashes as string[] | undefined) ?? []), d.code_hash],
        invited_at: d.at,
        invited_by: d.by,
        expires_at: d.expires_at,
        accepted_at: null,
        updated_at: d.at,
        search_text: searchText(d.email, null),
        properties: d.properties ?? [],
        confirmed_properties: [],
      };
    }
    case 'ProviderInvitationResent':
      return doc && { ...doc, code_hashes: [...((doc.code_hashes as string[] | undefined) ?? []), event.data.code_hash], invited_at: event.data.at, expires_at: event.data.expires_at, updated_at: event.data.at };
    case 'ProviderInvitationRevoked':
      return doc && { ...doc, status: 'revoked', updated_at: event.data.at };
    case 'ProviderInvitationAccepted':
      return (
        doc && {
          ...doc,
          status: 'active',
          account_id: event.data.account_id,
          full_name: event.data.full_name,
          accepted_at: event.data.at,
          expires_at: null,
          updated_at: event.data.at,
          search_text: searchText(String(doc.email), event.data.full_name),
        }
      );
    case 'ProviderUserSuspended':
      return doc && { ...doc, status: 'suspended', updated_at: event.data.at };
    case 'ProviderUserReactivated':
      return doc && { ...doc, status: 'active', updated_at: event.data.at };
    case 'ProviderUserRemoved':
      return doc && { ...doc, status: 'removed', updated_at: event.data.at };
    case 'ProviderPropertiesAttached': {
      if (!doc) return doc;
      const held = (doc.properties as string[] | undefined) ?? [];
      return { ...doc, properties: [...held, ...event.data.properties.filter((p) => !held.includes(p))], updated_at: event.data.at };
    }
    case 'ProviderPropertiesConfirmed': {
      if (!doc) return doc;
      const held = (doc.confirmed_properties as string[] | undefined) ?? [];
      return { ...doc, confirmed_properties: [...held, ...event.data.properties.filter((p) => !held.includes(p))], updated_at: event.data.at };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown provider user event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** A waiting invitation is expired once its time is up. */
export const statusAt = (doc: Doc, now: Date): ProviderUserStatus => {
  const status = doc.status as ProviderUserStatus;
  return status === 'invited' && typeof doc.expires_at === 'string' && Date.parse(doc.expires_at) <= now.getTime() ? 'expired' : status;
};

export const toProviderUserView = (doc: Doc, now: Date): ProviderUserView => ({
  id: String(doc.id),
  provider_id: String(doc.provider_id),
  provider_name: String(doc.provider_name ?? ''),
  email: String(doc.email),
  role: doc.role as ProviderUserView['role'],
  status: statusAt(doc, now),
  account_id: typeof doc.account_id === 'string' ? doc.account_id : null,
  full_name: typeof doc.full_name === 'string' ? doc.full_name : null,
  invited_at: String(doc.invited_at),
  expires_at: typeof doc.expires_at === 'string' ? doc.expires_at : null,
  accepted_at: typeof doc.accepted_at === 'string' ? doc.accepted_at : null,
  updated_at: String(doc.updated_at),
  version: Number(doc._version ?? 0),
  position: Number(doc._position ?? 0),
});

/** After the write: the row to its provider's room and to Super Admins and Admins. */
const pushProviderUsers: ProjectionPush<InvitationEvent> = (applied, realtime) => {
  for (const { doc, event } of applied) {
    if (!doc) continue;
    const view = toProviderUserView(doc, new Date(event.data.at));
    realtime.toEntity(`${PROVIDER_USERS_ROOM}:${view.provider_id}`, PROVIDER_USER_UPDATED_MESSAGE, view);
    for (const role of OVERSEER_ROLES) realtime.toRole(role, PROVIDER_USER_UPDATED_MESSAGE, view);
  }
};

export const providerUsersProjection = defineProjection({
  name: 'providers.provider-users',
  collection: PROVIDER_USERS_COLLECTION,
  handles: PROVIDER_USER_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('providers-invitation-') ? toInvitationEvent(stored) : null),
  documentId: (event) => event.data.invitation_id,
  evolve: (doc, event) => evolveProviderUserRow(doc, event),
  indexes: ['provider_id', 'email', 'status', 'invited_at', 'updated_at', 'search_text', 'code_hashes', 'account_id'],
  push: pushProviderUsers,
});
