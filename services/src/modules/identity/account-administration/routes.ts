import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  AccountIdParams,
  AccountStatusBody,
  AdminAccountDetail,
  AdminAccountRow,
  AdminAccountsQuery,
  ChangeRolesBody,
} from '@acpg/contracts/account-administration';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { searchFilter } from '../../../platform/documents/list-filters.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { listRoute, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { identityContext, type IdentityContext } from '../context.ts';
import { findAccountIdByPhone } from '../sign-up/uniqueness.ts';
import { accountDetail, changeRoles, reactivateAccount, suspendAccount } from './flow.ts';
import { ADMIN_ACCOUNTS_COLLECTION, toAdminAccountRow } from './projection.ts';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const superAdmin = { capability: 'accounts.administer' } as const;
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));

/**
 * A search that reads as a whole phone number finds the account holding it (identity's phone reservations: phones are
 * kept encrypted, so they cannot be searched as text); anything else matches words of the name or email.
 */
const searchOf = async (ctx: IdentityContext, q: string | undefined): Promise<Filter> => {
  if (!q) return {};
  const phone = /^[+\d(][\d\s().-]{6,}$/.test(q) ? parsePhoneNumberFromString(q, 'US') : undefined;
  if (phone?.isPossible()) {
    const accountId = await findAccountIdByPhone(ctx, phone.number);
    return { $or: [searchFilter(q), { _id: accountId ?? '' }] };
  }
  return searchFilter(q);
};

const DETAIL_DESCRIPTION =
  'Answers the account and its sections: active sessions, memberships, NHD orders and claims (identity\'s local copies of ' +
  'those modules\' contract events), and the audit trail of role changes, suspensions and reactivations.';

/** Account administration (Super Admin): find any account, open it, change its roles, suspend and reactivate it. */
export const accountAdministrationRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);

    listRoute(plugin, platform, {
      url: '/admin/accounts',
      auth: superAdmin,
      tags,
      summary: 'Every account: search by name, email or phone, role and status filters, server paging and sorting',
      querystring: AdminAccountsQuery,
      item: AdminAccountRow,
      refusals: ROLE_LIST_REFUSALS,
      collection: ADMIN_ACCOUNTS_COLLECTION,
      thenBy: ['created_at'],
      filter: async (query) => {
        const base: Filter = { ...(query.role ? { roles: query.role } : {}), ...(query.status ? { status: query.status } : {}) };
        const search = await searchOf(ctx, query.q);
        return Object.keys(search).length > 0 ? { $and: [base, search] } : base;
      },
      toItem: (doc) => {
        const row = toAdminAccountRow(doc);
        if (!row) throw new Error(`account ${doc._id} does not fit the row`);
        return row;
      },
    });

    app.get(
      '/admin/accounts/:account_id',
      {
        config: { auth: superAdmin },
        schema: {
          tags,
          security,
          summary: 'One account as a Super Admin sees it',
          description: `${DETAIL_DESCRIPTION} 401; 403 (not a Super Admin); 404 ACCOUNT_NOT_FOUND.`,
          params: AccountIdParams,
          response: { 200: okEnvelope(AdminAccountDetail), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, data: await accountDetail(platform, request.params.account_id) }),
    );

    app.post(
      '/admin/accounts/:account_id/roles',
      {
        config: { auth: superAdmin },
        schema: {
          tags,
          security,
          summary: 'Change an account\'s roles (appoint an Admin, a Super Admin ...), with a required reason',
          description:
            'Records `AccountRolesChanged` { account_id, roles, provider_id, changed_by, reason, changed_at } and ends every session of the ' +
            'account at once (its access tokens are refused, its refresh tokens too). 400 VALIDATION_FAILED (no role, no reason); 401; 403; ' +
            '404 ACCOUNT_NOT_FOUND; 409 ROLES_UNCHANGED; 409 OWN_ACCOUNT (removing your own Super Admin role); 409 LAST_SUPER_ADMIN.',
          params: AccountIdParams,
          body: ChangeRolesBody,
          response: { 200: okEnvelope(AdminAccountDetail), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeRoles(platform, request.params.account_id, request.body, requestMeta(request, platform)),
        message: 'The roles were changed. The account was signed out everywhere.',
      }),
    );

    app.post(
      '/admin/accounts/:account_id/suspend',
      {
        config: { auth: superAdmin },
        schema: {
          tags,
          security,
          summary: 'Suspend an account, with a required reason: it cannot sign in or refresh, and its sessions end at once',
          description:
            'Records `AccountSuspended` { account_id, by, reason, at }. Sign-in then answers 401 ACCOUNT_SUSPENDED (after the password), and so does ' +
            'refresh. 400 VALIDATION_FAILED; 401; 403; 404 ACCOUNT_NOT_FOUND; 409 OWN_ACCOUNT; 409 ALREADY_SUSPENDED; 409 LAST_SUPER_ADMIN.',
          params: AccountIdParams,
          body: AccountStatusBody,
          response: { 200: okEnvelope(AdminAccountDetail), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await suspendAccount(platform, request.params.account_id, request.body.reason, requestMeta(request, platform)),
        message: 'The account was suspended and signed out everywhere.',
      }),
    );

    app.post(
      '/admin/accounts/:account_id/reactivate',
      {
        config: { auth: superAdmin },
        schema: {
          tags,
          security,
          summary: 'Reactivate a suspended account, with a required reason: it may sign in again',
          description: 'Records `AccountReactivated` { account_id, by, reason, at }. 400 VALIDATION_FAILED; 401; 403; 404 ACCOUNT_NOT_FOUND; 409 NOT_SUSPENDED.',
          params: AccountIdParams,
          body: AccountStatusBody,
          response: { 200: okEnvelope(AdminAccountDetail), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await reactivateAccount(platform, request.params.account_id, request.body.reason, requestMeta(request, platform)),
        message: 'The account was reactivated.',
      }),
    );
  };
