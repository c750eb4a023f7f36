import { z } from 'zod';
import { listQuery } from './http.ts';
import { MemberProperty } from './on-behalf.ts';
import { PropertySummary } from './properties.ts';
import { ProviderId } from './providers.ts';
import { PROVIDER_USER_SORT_FIELDS } from './sort-fields.ts';

export { PROVIDER_USER_SORT_FIELDS };

/**
 * Provider users and invitations (spec sections 2, 3 and 6; issue 21 items 2 and 3). A Provider Admin (their provider)
 * or a Super Admin/Admin (any provider) invites a person by email with a role; the invitation is single use, expires,
 * and carries a link token and a short code. One stream per provider and email (`providers-invitation-<id>`, the id
 * derived from both): the invitation, its acceptance, and then the user's suspension and reactivation within the
 * provider. Read model `provider_users`.
 */
export const PROVIDER_USER_ROLES = ['Customer', 'Agent', 'Broker', 'Owner', 'Sub User'] as const;
export const ProviderUserRole = z.enum(PROVIDER_USER_ROLES, { error: `Pick a role: ${PROVIDER_USER_ROLES.join(', ')}` });
export type ProviderUserRole = z.infer<typeof ProviderUserRole>;

/**
 * A row's status: invited (waiting), active, suspended (within the provider), revoked, expired (invited, not accepted in
 * time), removed (left the provider: the provider no longer sees their things; history is kept).
 */
export const PROVIDER_USER_STATUSES = ['invited', 'active', 'suspended', 'revoked', 'expired', 'removed'] as const;
export const ProviderUserStatus = z.enum(PROVIDER_USER_STATUSES, { error: `status must be one of ${PROVIDER_USER_STATUSES.join(', ')}` });
export type ProviderUserStatus = z.infer<typeof ProviderUserStatus>;

const email = z
  .email('Enter a valid email address')
  .max(254, 'An email address is at most 254 characters')
  .transform((e) => e.trim().toLowerCase());

/** `POST /api/v1/provider-users/invitations`: `provider_id` is a Super Admin's or Admin's pick; a Provider Admin's provider comes from their token. */
export const InviteProviderUserBody = z
  .object({
    email,
    role: ProviderUserRole,
    provider_id: ProviderId.optional(),
    /** Properties the provider attaches (ids from the address autocomplete); the user confirms them at sign-up. At most 20. */
    properties: z.array(z.string().trim().min(1).max(64)).max(20, 'Attach at most 20 properties').optional(),
  })
  .strict();
export type InviteProviderUserBody = z.infer<typeof InviteProviderUserBody>;

export const ProviderUserParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, 'Not a provider user id') });

/** The short code printed in the invitation email: 10 characters of Crockford base 32 (no I, L, O, U). */
export const INVITATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const InvitationCode = z
  .string()
  .transform((c) => c.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, 'An invitation code is 10 letters and digits'));

const invitationKeyFields = { token: z.string().min(1).max(200).optional(), code: InvitationCode.optional() };
const oneKey = (k: { token?: string | undefined; code?: string | undefined }) => (k.token === undefined) !== (k.code === undefined);
const oneKeyMessage = { message: 'Give the invitation link’s token or its code' };

/** The link's token (`<invitation id>.<send>.<mac>`) or the short code: exactly one. */
export const InvitationKey = z.object(invitationKeyFields).strict().refine(oneKey, oneKeyMessage);
export type InvitationKey = z.infer<typeof InvitationKey>;

/**
 * `POST /api/v1/provider-invitations/accept` (signed in): the account joins the provider with the invitation's role, and
 * confirms which of the attached properties are theirs (`properties`, a subset of the preview's; none: nothing is verified).
 */
export const AcceptInvitationBody = z
  .object({ ...invitationKeyFields, properties: z.array(z.string().trim().min(1).max(64)).max(20, 'Confirm at most 20 properties').optional() })
  .strict()
  .refine(oneKey, oneKeyMessage);
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;
/** `GET /api/v1/provider-invitations/lookup?token=|code=` (public): what the sign-up wizard prefills. */
export const InvitationLookupQuery = InvitationKey;

/** What the sign-up wizard (and the accept page) shows of a valid, waiting invitation. */
export const InvitationPreview = z.object({
  invitation_id: z.string(),
  email: z.string(),
  role: ProviderUserRole,
  provider_id: z.string(),
  provider_name: z.string(),
  expires_at: z.string(),
  /** The properties the provider attached, with their addresses: the wizard asks the user to confirm each. */
  properties: z.array(PropertySummary).default([]),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** One row of `GET /api/v1/provider-users` (and the live message). */
export const ProviderUserView = z.object({
  id: z.string(),
  provider_id: z.string(),
  /** The provider's name when the invitation was sent. */
  provider_name: z.string(),
  email: z.string(),
  role: ProviderUserRole,
  status: ProviderUserStatus,
  account_id: z.string().nullable(),
  full_name: z.string().nullable(),
  invited_at: z.string(),
  expires_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type ProviderUserView = z.infer<typeof ProviderUserView>;

/** `GET /api/v1/provider-users/scope`: the provider a Provider Admin's list is (from their token); null for Super Admins and Admins (every provider). */
export const ProviderUsersScope = z.object({ provider_id: z.string().nullable(), provider_name: z.string().nullable() });
export type ProviderUsersScope = z.infer<typeof ProviderUsersScope>;

/** What a change answers: the row as written and the version its read model will reach. */
export const ProviderUserSaved = z.object({ id: z.string(), status: ProviderUserStatus, version: z.number().int().nonnegative() });
export type ProviderUserSaved = z.infer<typeof ProviderUserSaved>;

export const ProviderUserListQuery = listQuery({
  sortFields: PROVIDER_USER_SORT_FIELDS,
  defaultSort: 'invited_at',
  filters: {
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
    status: ProviderUserStatus.optional(),
    /** Super Admins and Admins: one provider. A Provider Admin's list is always their own provider's. */
    provider_id: ProviderId.optional(),
  },
});
export type ProviderUserListQuery = z.infer<typeof ProviderUserListQuery>;

/**
 * Bulk invitations: a CSV with the columns `email` and `role` (a header row first), at most this many rows. An optional
 * column `properties` attaches properties to the row's invitation: property ids or APNs separated by `;` (at most 20).
 */
export const PROVIDER_INVITATIONS_CSV_MAX_ROWS = 500;
export const ProviderInvitationsImportQuery = z.object({ provider_id: ProviderId.optional() }).strict();
export const RefusedInvitationRow = z.object({ line: z.number().int().positive(), email: z.string(), reason: z.string() });
export const ProviderInvitationsImportReport = z.object({
  invited: z.number().int().nonnegative(),
  refused: z.array(RefusedInvitationRow),
});
export type ProviderInvitationsImportReport = z.infer<typeof ProviderInvitationsImportReport>;

/** socket.io message after a provider user's row changed (a `ProviderUserView`): to `provider:<id>`'s room and overseers. */
export const PROVIDER_USER_UPDATED_MESSAGE = 'provider-user.updated';

// ---- Contract events (stream `providers-invitation-<id>`) ----

const by = z.string().min(1);
const at = z.string().min(1);
const ids = { invitation_id: z.string().min(1), provider_id: z.string().min(1) };

/**
 * An invitation was sent (or sent again: `send` counts, and only the latest send's link and code work). The link's
 * token and the code are never in an event: the token is an HMAC over `<invitation>.<send>`, the code is kept as its
 * SHA-256 (`code_hash`), and both travel only in the email's job.
 */
export const ProviderInvitationSent = z.object({
  ...ids,
  provider_name: z.string(),
  email: z.string().min(3),
  role: ProviderUserRole,
  send: z.number().int().min(1),
  code_hash: z.string().min(1),
  expires_at: at,
  /** The properties the provider attached (ids the property data knows); absent on invitations sent before issue 21 item 4. */
  properties: z.array(z.string().min(1)).optional(),
  by,
  at,
});
export type ProviderInvitationSent = z.infer<typeof ProviderInvitationSent>;
export const ProviderInvitationResent = ProviderInvitationSent;
export type ProviderInvitationResent = z.infer<typeof ProviderInvitationResent>;
export const ProviderInvitationRevoked = z.object({ ...ids, by, at });
export type ProviderInvitationRevoked = z.infer<typeof ProviderInvitationRevoked>;
/** The account (whose email is the invitation's) joined the provider with the role. */
export const ProviderInvitationAccepted = z.object({ ...ids, account_id: z.string().min(1), full_name: z.string().nullable(), email: z.string().min(3), role: ProviderUserRole, by, at });
export type ProviderInvitationAccepted = z.infer<typeof ProviderInvitationAccepted>;
/** The provider suspended (or reactivated) the user within the provider; the account itself is untouched. */
export const ProviderUserSuspended = z.object({ ...ids, account_id: z.string().min(1), by, at });
export type ProviderUserSuspended = z.infer<typeof ProviderUserSuspended>;
export const ProviderUserReactivated = ProviderUserSuspended;
export type ProviderUserReactivated = z.infer<typeof ProviderUserReactivated>;
/**
 * The user left the provider (removed by its Provider Admin, a Super Admin or Admin, or leaving on their own): from
 * this event on the provider sees none of their things; what happened before stays in every stream (history is kept).
 */
export const ProviderUserRemoved = z.object({ ...ids, account_id: z.string().min(1), by, at });
export type ProviderUserRemoved = z.infer<typeof ProviderUserRemoved>;

// ---- Properties through the provider (issue 21 item 4): attached to an invitation, confirmed at acceptance ----

/** At most this many properties attached to one invitation. */
export const PROVIDER_PROPERTIES_MAX = 20;
const propertyIds = z.array(z.string().trim().min(1).max(64), { error: 'properties must be a list of property ids' });

/** The provider attached more properties to a waiting invitation (only the ones it did not hold already). */
export const ProviderPropertiesAttached = z.object({ ...ids, properties: z.array(z.string().min(1)).min(1), by, at });
export type ProviderPropertiesAttached = z.infer<typeof ProviderPropertiesAttached>;
/**
 * At acceptance the account confirmed these of the attached properties as theirs (recorded right after
 * `ProviderInvitationAccepted`, only when at least one was confirmed). The properties module reacts: each property is
 * verified for the account, method `provider`, "confirmed by provider <provider_name>".
 */
export const ProviderPropertiesConfirmed = z.object({ ...ids, provider_name: z.string(), account_id: z.string().min(1), properties: z.array(z.string().min(1)).min(1), by, at });
export type ProviderPropertiesConfirmed = z.infer<typeof ProviderPropertiesConfirmed>;
export const PROVIDER_PROPERTIES_CONFIRMED = 'ProviderPropertiesConfirmed';

/** `POST /api/v1/provider-users/:id/attach-properties`: more properties for a waiting invitation (together at most PROVIDER_PROPERTIES_MAX). */
export const AttachPropertiesBody = z
  .object({ properties: propertyIds.min(1, 'Pick at least one property').max(PROVIDER_PROPERTIES_MAX, `Attach at most ${PROVIDER_PROPERTIES_MAX} properties`) })
  .strict();
export type AttachPropertiesBody = z.infer<typeof AttachPropertiesBody>;

/** An attached property as the invitation preview and the provider user's row show it. */
export const AttachedPropertyView = PropertySummary;
export type AttachedPropertyView = z.infer<typeof AttachedPropertyView>;

/** `GET /api/v1/provider-users/:id/properties`: the user's verified properties (the providers module's copy). */
export const ProviderUserProperty = MemberProperty.extend({
  /** How it was verified: `mailed_code`, `document`, `provider` (null on old verifications). */
  method: z.string().nullable(),
  /** Who vouched for it, e.g. "confirmed by provider Acme Realty" (provider verifications only). */
  source: z.string().nullable(),
});
export type ProviderUserProperty = z.infer<typeof ProviderUserProperty>;
export const ProviderUserProperties = z.object({ user: ProviderUserView, attached: z.array(AttachedPropertyView), verified: z.array(ProviderUserProperty) });
export type ProviderUserProperties = z.infer<typeof ProviderUserProperties>;

export const PROVIDER_USER_EVENT_TYPES = [
  'ProviderInvitationSent',
  'ProviderInvitationResent',
  'ProviderInvitationRevoked',
  'ProviderInvitationAccepted',
  'ProviderUserSuspended',
  'ProviderUserReactivated',
  'ProviderUserRemoved',
  'ProviderPropertiesAttached',
  'ProviderPropertiesConfirmed',
] as const;

/**
 * The events another module keeps its copy of a provider's members from (`platform/local-copies/provider-members.ts`):
 * whose things a Provider Admin sees. Keyed `<provider_id>:<account_id>` (`providerMemberKey`).
 */
export const PROVIDER_MEMBER_EVENTS = ['ProviderInvitationAccepted', 'ProviderUserSuspended', 'ProviderUserReactivated', 'ProviderUserRemoved'] as const;

/** One account's membership of one provider as another module's copy holds it. Suspended members stay the provider's; removed ones do not. */
export interface ProviderMember {
  provider_id: string;
  account_id: string;
  status: 'active' | 'suspended';
  role: ProviderUserRole;
  since: string;
}

export const providerMemberKey = (providerId: string, accountId: string) => `${providerId}:${accountId}`;

/** The published fold of `PROVIDER_MEMBER_EVENTS`: accepted makes a member, suspended/reactivated flips its status, removed ends it (null). */
export const nextProviderMember = (copy: ProviderMember | null, event: { type: string; data: unknown; occurredAt: string }): ProviderMember | null => {
  switch (event.type) {
    case 'ProviderInvitationAccepted': {
      const accepted = ProviderInvitationAccepted.safeParse(event.data);
      return accepted.success ? { provider_id: accepted.data.provider_id, account_id: accepted.data.account_id, status: 'active', role: accepted.data.role, since: accepted.data.at } : copy;
    }
    case 'ProviderUserSuspended':
      return copy && ProviderUserSuspended.safeParse(event.data).success ? { ...copy, status: 'suspended' } : copy;
    case 'ProviderUserReactivated':
      return copy && ProviderUserReactivated.safeParse(event.data).success ? { ...copy, status: 'active' } : copy;
    case 'ProviderUserRemoved':
      return ProviderUserRemoved.safeParse(event.data).success ? null : copy;
    default:
      return copy;
  }
};
