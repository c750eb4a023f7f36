import type { Page } from '@acpg/contracts/http';
import type { MembershipView } from '@acpg/contracts/memberships';
import { MEMBERSHIP_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { http, type Result } from '../../../lib/http.ts';
import type { Order, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

/** Sort fields of GET /memberships/mine. */
export type MembershipSort = SortField<typeof MEMBERSHIP_SORT_FIELDS>;

export const MEMBERSHIP_LIST: PagedListSpec<MembershipSort, never> = {
  sortFields: MEMBERSHIP_SORT_FIELDS,
  defaultSort: 'started_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: [],
};

/** The signed-in user's memberships, one page. */
export const fetchMyMemberships = (query: { page: number; page_size: number; sort: MembershipSort; order: Order }, signal: AbortSignal) =>
  http.get<Page<MembershipView>>('/memberships/mine', { query, signal });

/**
 * The membership the user holds now, or null: one membership per member, so it is the newest one unless that ended.
 * Buying a plan is refused while it runs (a switch on the Subscriptions page changes the plan instead).
 */
export const fetchCurrentMembership = async (signal: AbortSignal): Promise<Result<MembershipView | null>> => {
  const newest = await fetchMyMemberships({ page: 1, page_size: 1, sort: 'started_at', order: 'desc' }, signal);
  if (!newest.success) return newest;
  const [latest] = newest.data.items;
  return { ...newest, data: latest && latest.status !== 'cancelled' ? latest : null };
};

/** The member's current membership (null: none); nothing is asked while signed out. */
export const useCurrentMembership = (signedIn: boolean) =>
  useResource(async (signal) => (signedIn ? fetchCurrentMembership(signal) : { success: true as const, data: null }), [signedIn]);
