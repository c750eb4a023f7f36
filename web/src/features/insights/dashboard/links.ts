import type { DashboardTiles } from '@acpg/contracts/dashboard';

/** Whose lists the tiles open: an admin's (every member's) or a Provider Admin's (its users', the lists of its menu). */
export type DashboardAudience = 'admin' | 'provider';

const withQuery = (path: string, query: Record<string, string>, hash = '') => `${path}?${new URLSearchParams(query).toString()}${hash}`;

/**
 * Where each tile leads: its list, filtered the way the tile counts (`null`: no list for this audience). Range tiles
 * pass the days as the list's From and To where the list filters by that date.
 */
export function tileLinks(audience: DashboardAudience, range: { from: string; to: string }) {
  const admin = audience === 'admin';
  return {
    membershipsActive: admin ? withQuery('/admin-memberships', { status: 'active' }) : null,
    membershipsNew: admin ? withQuery('/admin-memberships', { from: range.from, to: range.to }) : null,
    membershipsCancelled: admin ? withQuery('/admin-memberships', { status: 'cancelled' }) : null,
    revenue: admin ? withQuery('/admin-payments', { from: range.from, to: range.to }) : null,
    orders: (status: DashboardTiles['nhd_orders']['by_status'][number]['status']) => withQuery(admin ? '/admin-nhd-order-list' : '/nhd-order-list', { status }),
    claimsWaiting: withQuery(admin ? '/admin-property-reimbursement' : '/property-reimbursement', { status: 'submitted' }),
    claimsUnderReview: withQuery(admin ? '/admin-property-reimbursement' : '/property-reimbursement', { status: 'under_review' }),
    alertsNew: withQuery('/admin-equity-protect', { status: 'new' }, '#alerts'),
    fraudCasesOpen: withQuery('/admin-equity-protect', { status: 'disputed' }, '#alerts'),
    interactions: admin ? withQuery('/user-interaction', { from: range.from, to: range.to }) : null,
  };
}
export type TileLinks = ReturnType<typeof tileLinks>;
