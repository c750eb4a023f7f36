import type { Page } from '@acpg/contracts/http';
import type { MembershipView, MyMembershipsQuery } from '@acpg/contracts/memberships';
import { http } from '../../../lib/http.ts';
import type { Order, PagedListSpec } from '../../../lib/paged-list.ts';

/** Sort fields of GET /memberships/mine (contracts MEMBERSHIP_SORT_FIELDS; the type only, so zod stays out of this chunk). */
export type MembershipSort = MyMembershipsQuery['sort'];

export const MEMBERSHIP_LIST: PagedListSpec<MembershipSort, never> = {
  sortFields: ['started_at', 'next_renewal_at', 'plan_name'],
  defaultSort: 'started_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: [],
};

/** The signed-in user's memberships, one page. */
export const fetchMyMemberships = (query: { page: number; page_size: number; sort: MembershipSort; order: Order }, signal: AbortSignal) =>
  http.get<Page<MembershipView>>('/memberships/mine', { query, signal });
