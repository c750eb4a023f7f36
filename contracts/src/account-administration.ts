import { z } from 'zod';
import { listQuery, withoutHiddenCharacters } from './http.ts';
import { OrderStatus } from './nhd.ts';
import { ClaimStatus } from './reimbursement.ts';
import { MembershipStatus } from './memberships.ts';
import { Role } from './roles.ts';
import { ADMIN_ACCOUNT_SORT_FIELDS } from './sort-fields.ts';

/**
 * Account administration (Super Admin): find any account, open it, change its roles, suspend and reactivate it.
 * Events are on the account's stream (`identity-account-<id>`); every one ends the account's sessions at once.
 */

/** An account's roles changed (who, when, why): one event for a Super Admin's change and a provider's appointment. */
export { AccountRolesChanged } from './identity.ts';

/** A Super Admin suspended the account: it cannot sign in or refresh, and its sessions ended. */
export const AccountSuspended = z.object({ account_id: z.string(), by: z.string(), reason: z.string(), at: z.string() });
export type AccountSuspended = z.infer<typeof AccountSuspended>;
/** A Super Admin reactivated a suspended account: it may sign in again. */
export const AccountReactivated = z.object({ account_id: z.string(), by: z.string(), reason: z.string(), at: z.string() });
export type AccountReactivated = z.infer<typeof AccountReactivated>;

export const ACCOUNT_ADMINISTRATION_EVENT_TYPES = ['AccountRolesChanged', 'AccountSuspended', 'AccountReactivated'] as const;

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES, { error: `status must be one of ${ACCOUNT_STATUSES.join(', ')}` });
export type AccountStatus = z.infer<typeof AccountStatus>;

/** A reason a Super Admin gives for a change: required, one line to a short paragraph. */
export const AdminReason = withoutHiddenCharacters(
  z.string({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(500, 'The reason is at most 500 characters'),
);

/** `POST /admin/accounts/:account_id/roles`: the account's roles from now on (at least one) and why. */
export const ChangeRolesBody = z.object({
  roles: z
    .array(Role, { error: 'roles must be a list of role names' })
    .min(1, 'Choose at least one role')
    .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once'),
  reason: AdminReason,
});
export type ChangeRolesBody = z.infer<typeof ChangeRolesBody>;

/** `POST /admin/accounts/:account_id/suspend` and `/reactivate`. */
export const AccountStatusBody = z.object({ reason: AdminReason });
export type AccountStatusBody = z.infer<typeof AccountStatusBody>;

export const AccountIdParams = z.object({ account_id: z.string().trim().min(1).max(100) });

/** One row of `GET /admin/accounts` (read model `identity_admin_accounts`), also pushed live to Super Admins. */
export const AdminAccountRow = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_masked: z.string().nullable(),
  roles: z.array(Role),
  provider_id: z.string().nullable(),
  status: AccountStatus,
  created_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type AdminAccountRow = z.infer<typeof AdminAccountRow>;

/** socket.io message to the role room of Super Admins: one account's row changed. */
export const ADMIN_ACCOUNT_UPDATED_MESSAGE = 'admin-account.updated';

/** Query of `GET /admin/accounts`: search by name, email or phone, role and status filters, server paging. */
export const AdminAccountsQuery = listQuery({
  sortFields: ADMIN_ACCOUNT_SORT_FIELDS,
  defaultSort: 'created_at',
  filters: {
    /** Words of the name or email (any case), or a whole phone number (E.164 or US digits). */
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
    role: Role.optional(),
    status: AccountStatus.optional(),
  },
});
export type AdminAccountsQuery = z.infer<typeof AdminAccountsQuery>;

/** A session the account may still refresh (an active refresh-token family). */
export const AccountSessionView = z.object({
  session_id: z.string(),
  started_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The browser's User-Agent at sign-in, when it sent one. */
  device: z.string().nullable(),
});
export type AccountSessionView = z.infer<typeof AccountSessionView>;

export const AccountMembershipView = z.object({
  membership_id: z.string(),
  plan_name: z.string(),
  status: MembershipStatus,
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export const AccountOrderView = z.object({
  order_id: z.string(),
  number: z.string().nullable(),
  address_line: z.string(),
  report_type: z.string(),
  amount_cents: z.number().int(),
  status: OrderStatus,
  placed_at: z.string(),
});
export const AccountClaimView = z.object({
  claim_id: z.string(),
  number: z.string().nullable(),
  category: z.string(),
  address_line: z.string(),
  amount_cents: z.number().int(),
  status: ClaimStatus,
  submitted_at: z.string(),
});

/** One entry of the account's audit trail: a role change, a suspension or a reactivation. */
export const AccountAuditEntry = z.object({
  type: z.enum(ACCOUNT_ADMINISTRATION_EVENT_TYPES),
  by: z.string(),
  /** Name of `by` when identity knows the account (null for a system actor). */
  by_name: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
  /** The roles after a role change (absent otherwise). */
  roles: z.array(Role).optional(),
});
export type AccountAuditEntry = z.infer<typeof AccountAuditEntry>;

/** `GET /admin/accounts/:account_id`: the account and its sections. */
export const AdminAccountDetail = z.object({
  account: AdminAccountRow,
  sessions: z.array(AccountSessionView),
  memberships: z.array(AccountMembershipView),
  nhd_orders: z.array(AccountOrderView),
  claims: z.array(AccountClaimView),
  audit: z.array(AccountAuditEntry),
});
export type AdminAccountDetail = z.infer<typeof AdminAccountDetail>;

/** Error codes of the account administration routes (`code` of the error envelope). */
export const ACCOUNT_ADMIN_ERROR_CODES = [
  'ACCOUNT_NOT_FOUND', // 404: no such account
  'OWN_ACCOUNT', // 409: a Super Admin suspending themselves or removing their own Super Admin role
  'LAST_SUPER_ADMIN', // 409: the change would leave no active Super Admin
  'ROLES_UNCHANGED', // 409: the account already has exactly these roles
  'ALREADY_SUSPENDED', // 409
  'NOT_SUSPENDED', // 409: reactivating an account that is active
  'PROVIDER_ADMIN_BY_PROVIDER', // 409: giving the Provider Admin role here; a provider's page appoints one (with its provider)
] as const;
export type AccountAdminErrorCode = (typeof ACCOUNT_ADMIN_ERROR_CODES)[number];
