import type { AlertsQuery, EnrolmentsQuery } from '@acpg/contracts/equity';
import type { Principal } from '../../../platform/auth/port.ts';
import { daysFilter, searchFilter } from '../../../platform/documents/list-filters.ts';
import type { Filter } from '../../../platform/documents/port.ts';

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
 * Whose rows an admin list shows: a Super Admin every member's; a Provider Admin those of their provider's users, and
 * providers (and their users) do not exist yet (the providers issue), so none: null means an empty page.
 */
export const adminScope = (principal: Principal): Filter | null => (principal.roles.includes('Super Admin') ? {} : null);
