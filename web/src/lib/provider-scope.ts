import { useSnapshot } from 'valtio';
import type { Page } from '@acpg/contracts/http';
import type { AccountNames } from '@acpg/contracts/identity';
import type { ProviderUsersScope, ProviderUserView } from '@acpg/contracts/provider-users';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { http, type Result } from './http.ts';
import { session } from './session.ts';
import { useResource } from './use-resource.ts';

/**
 * A Provider Admin (issue 21 item 5) sees its provider's users' enrollments, alerts, claims and NHD orders: the lists
 * it opens show them with the member's name, and follow `provider:<provider id>` live.
 */
export const isProviderAdmin = (roles: readonly string[]): boolean => roles.includes('Provider Admin') && !roles.some((role) => (OVERSEER_ROLES as readonly string[]).includes(role));

/** The signed-in Provider Admin's provider (its token's, as the server says), or null for anyone else. */
export function useOwnProvider(): { providerId: string | null; providerAdmin: boolean } {
  const { roles } = useSnapshot(session);
  const providerAdmin = isProviderAdmin(roles);
  const scope = useResource<ProviderUsersScope | null>(
    (signal) => (providerAdmin ? http.get<ProviderUsersScope>('/provider-users/scope', { signal }) : Promise.resolve({ success: true as const, data: null })),
    [providerAdmin],
  );
  return { providerId: scope.data?.provider_id ?? null, providerAdmin };
}

/** The live room a Provider Admin's list follows (its provider's users' rows), or undefined. */
export const providerRoom = (providerId: string | null): string | undefined => (providerId ? `provider:${providerId}` : undefined);

/** Pages of provider users read for names, at most (a provider's users past it show by id). */
const NAME_PAGES = 20;

/**
 * Names for a Provider Admin, who may not read every account's (`/admin/accounts/names` is the overseers'): its
 * provider's users' names and emails, from its provider users list. Ids it does not find are left out (they show as ids).
 */
export async function providerUserNames(ids: readonly string[], signal: AbortSignal): Promise<Result<AccountNames>> {
  const wanted = new Set(ids);
  const names: Record<string, string> = {};
  for (let page = 1; page <= NAME_PAGES; page++) {
    const r = await http.get<Page<ProviderUserView>>('/provider-users', { query: { page, page_size: 100 }, signal });
    if (!r.success) return r;
    for (const u of r.data.items) if (u.account_id && wanted.has(u.account_id)) names[u.account_id] = u.full_name ? `${u.full_name} (${u.email})` : u.email;
    if (page * 100 >= r.data.total) break;
  }
  return { success: true, data: { names } };
}
