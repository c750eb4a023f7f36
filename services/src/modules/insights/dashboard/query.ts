import { MEMBERSHIP_STATUSES } from '@acpg/contracts/memberships';
import { ORDER_STATUSES } from '@acpg/contracts/nhd';
import { CLAIM_STATUSES } from '@acpg/contracts/reimbursement';
import { CLAIM_WAITING_STATUSES, type DashboardQuery, type DashboardTiles } from '@acpg/contracts/dashboard';
import type { Documents, Filter } from '../../../platform/documents/port.ts';
import { daysFilter } from '../../../platform/documents/list-filters.ts';
import { INTERACTIONS_COLLECTION } from '../interactions/projection.ts';
import { countsByDay } from '../interactions/query.ts';
import { DASHBOARD_ALERTS, DASHBOARD_CLAIMS, DASHBOARD_DELIVERIES, DASHBOARD_MEMBERSHIPS, DASHBOARD_ORDERS, DASHBOARD_TAKINGS } from './copies.ts';

/** Whose things the tiles count: every account's (null) or these accounts' (a Provider Admin's users and its own). */
export type DashboardScope = readonly string[] | null;

const owned = (field: string, scope: DashboardScope, filter: Filter): Filter => (scope === null ? filter : { $and: [filter, { [field]: { $in: [...scope] } }] });

const byField = async (documents: Documents, collection: string, field: string, filter: Filter): Promise<Map<string, number>> => {
  const rows = await documents.aggregate(collection, [{ $match: filter }, { $group: { _id: `$${field}`, count: { $sum: 1 } } }]);
  return new Map(rows.map((row) => [String(row._id), Number(row.count)]));
};

/** Sums of `cents` by UTC day of `at` (its first ten characters). */
const centsByDay = async (documents: Documents, filter: Filter, at: string, cents: string): Promise<Map<string, number>> => {
  const rows = await documents.aggregate(DASHBOARD_TAKINGS, [{ $match: filter }, { $group: { _id: { $substrCP: [`$${at}`, 0, 10] }, cents: { $sum: `$${cents}` } } }]);
  return new Map(rows.map((row) => [String(row._id), Number(row.cents)]));
};

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The days of the range, oldest first. */
export const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
};

/** Net revenue per day: captured that day minus refunded that day (every day of the range, zero included). */
export const netByDay = (days: readonly string[], captured: ReadonlyMap<string, number>, refunded: ReadonlyMap<string, number>) =>
  days.map((day) => ({ day, net_cents: (captured.get(day) ?? 0) - (refunded.get(day) ?? 0) }));

/** The tiles for the range and scope, read from the dashboard's copies and the interactions read model. */
export const dashboardTiles = async (documents: Documents, query: DashboardQuery, scope: DashboardScope): Promise<DashboardTiles> => {
  const range = (field: string) => daysFilter(field, query);
  const days = daysOf(query.from, query.to);
  const [membershipStatuses, started, ended, startedByDay, captured, refunded, orders, claims, alerts, codeFailing, failing, interactions, interactionsByDay] = await Promise.all([
    byField(documents, DASHBOARD_MEMBERSHIPS, 'status', owned('account_id', scope, {})),
    documents.count(DASHBOARD_MEMBERSHIPS, owned('account_id', scope, range('started_at'))),
    documents.count(DASHBOARD_MEMBERSHIPS, owned('account_id', scope, { $and: [range('ended_at'), { status: 'cancelled' }] })),
    documents.aggregate(DASHBOARD_MEMBERSHIPS, [{ $match: owned('account_id', scope, range('started_at')) }, { $group: { _id: { $substrCP: ['$started_at', 0, 10] }, count: { $sum: 1 } } }]),
    centsByDay(documents, owned('account_id', scope, range('captured_at')), 'captured_at', 'captured_cents'),
    centsByDay(documents, owned('account_id', scope, range('refunded_at')), 'refunded_at', 'refunded_cents'),
    byField(documents, DASHBOARD_ORDERS, 'status', owned('account_id', scope, {})),
    byField(documents, DASHBOARD_CLAIMS, 'status', owned('account_id', scope, {})),
    byField(documents, DASHBOARD_ALERTS, 'status', owned('account_id', scope, { status: { $in: ['new', 'disputed'] } })),
    scope === null ? documents.count(DASHBOARD_DELIVERIES, { $and: [range('last_failed_at'), { code: true }] }) : Promise.resolve(0),
    scope === null ? documents.count(DASHBOARD_DELIVERIES, range('last_failed_at')) : Promise.resolve(0),
    documents.count(INTERACTIONS_COLLECTION, owned('user_id', scope, range('created_at'))),
    documents.aggregate(INTERACTIONS_COLLECTION, countsByDay(owned('user_id', scope, range('created_at')))),
  ]);
  const capturedCents = sum(captured.values());
  const refundedCents = sum(refunded.values());
  const startedOn = new Map(startedByDay.map((row) => [String(row._id), Number(row.count)]));
  const interactionsOn = new Map(interactionsByDay.map((row) => [String(row._id), Number(row.count)]));
  return {
    scope: scope === null ? 'all' : 'provider',
    from: query.from,
    to: query.to,
    memberships: {
      active: membershipStatuses.get('active') ?? 0,
      by_status: MEMBERSHIP_STATUSES.map((status) => ({ status, count: membershipStatuses.get(status) ?? 0 })),
      new: started,
      cancelled: ended,
      new_by_day: days.map((day) => ({ day, count: startedOn.get(day) ?? 0 })),
    },
    revenue: { captured_cents: capturedCents, refunded_cents: refundedCents, net_cents: capturedCents - refundedCents, by_day: netByDay(days, captured, refunded) },
    nhd_orders: { total: sum(orders.values()), by_status: ORDER_STATUSES.map((status) => ({ status, count: orders.get(status) ?? 0 })) },
    claims: {
      waiting: sum(CLAIM_WAITING_STATUSES.map((status) => claims.get(status) ?? 0)),
      by_status: CLAIM_STATUSES.map((status) => ({ status, count: claims.get(status) ?? 0 })),
    },
    equity: { alerts_new: alerts.get('new') ?? 0, fraud_cases_open: alerts.get('disputed') ?? 0 },
    deliveries: scope === null ? { code_failing: codeFailing, failing } : null,
    interactions: { total: interactions, by_day: days.map((day) => ({ day, count: interactionsOn.get(day) ?? 0 })) },
  };
};
