import type { AlertsQuery, EnrolmentsQuery } from '@acpg/contracts/equity';
import type { Principal } from '../../../platform/auth/port.ts';
import { daysFilter, searchFilter } from '../../../platform/documents/list-filters.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { customerSearchFilter } from '../../../platform/local-copies/account-contacts.ts';
import { overseenScope, withinScope } from '../../../platform/local-copies/provider-members.ts';
import type { Platform } from '../../../platform/module.ts';

export const enrolmentsFilter = (q: EnrolmentsQuery): Filter => ({
  ...searchFilter(q.q),
  ...(q.status ? { status: q.status } : {}),
  ...(q.county ? { county: q.county } : {}),
  ...daysFilter('requested_at', q),
});

export const alertsFilter = (q: AlertsQuery): Filter => ({
  ...searchFilter(q.q),
  ...(q.status ? { status: q.status } : q.cases_only === 'true' ? { status: { $in: ['disputed', 'resolved'] } } : {}),
  ...(q.county ? { county: q.county } : {}),
  ...(q.document_type ? { document_type: q.document_type } : {}),
  ...daysFilter('raised_at', q),
});

/**
 * An admin list's filter within whose rows it shows: a Super Admin (or Admin, its delegate) every member's; a Provider
 * Admin those of their provider's users (equity's copy of provider members, read now: a removed user drops out at once)
 * and their own; anyone else none (null: an empty page).
 */
export const adminScope = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, principal: Principal, filter: Filter): Promise<Filter | null> =>
  withinScope(filter, await overseenScope(platform, 'equity', principal));

/** An admin list's filter: its own, with the search box also finding the member by name or email (equity's copy). */
export const withMemberSearch = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, own: Filter, q: string | undefined): Promise<Filter> => {
  const { search_text: _ownText, ...rest } = own;
  return { ...rest, ...(await customerSearchFilter(platform, 'equity', q, { ownText: searchFilter(q) })) };
};
