import { MEMBERSHIP_TERM_EVENTS, nextMembershipTerm, type MembershipTerm } from '@acpg/contracts/memberships';
import { NHD_ORDER_SUMMARY_EVENTS, nextNhdOrderSummary, type NhdOrderSummary } from '@acpg/contracts/nhd';
import { CLAIM_SUMMARY_EVENTS, nextClaimSummary, type ClaimSummary } from '@acpg/contracts/reimbursement';
import { ALERT_STANDING_EVENTS, nextAlertStanding, type AlertStanding } from '@acpg/contracts/equity';
import { CHARGE_TAKINGS_EVENTS, nextChargeTakings, type ChargeTakings } from '@acpg/contracts/payments';
import { DELIVERY_FAILURE_EVENTS, nextDeliveryFailures, type DeliveryFailures } from '@acpg/contracts/notifications';
import type { DashboardTile } from '@acpg/contracts/dashboard';
import { copyCollection, idField, localCopy, type LocalCopySpec } from '../../../platform/local-copies/define.ts';
import type { Projection } from '../../../platform/projections/port.ts';
import { pushDashboard } from './push.ts';

/**
 * The dashboard's read model: one local copy per module, each folded by the fold that module publishes in its contract
 * (never its streams or collections), one document per thing (a membership, an order, a claim, an alert, a checkout's
 * takings, a delivery's failures) with its owner and times, so the tiles are counts over a range and a Provider Admin's
 * are the same counts over its users' ids. Each change pushes `dashboard.changed` (push.ts).
 */
const dashboardCopy = <Copy extends object>(tile: DashboardTile, spec: Omit<LocalCopySpec<Copy>, 'module'>): Projection => ({
  ...localCopy<Copy>({ module: 'insights', ...spec }),
  afterApply: (applied, realtime, reader) => pushDashboard(tile, applied, realtime, reader),
});

export const DASHBOARD_MEMBERSHIPS = copyCollection('insights', 'dashboard_memberships');
export const DASHBOARD_ORDERS = copyCollection('insights', 'dashboard_nhd_orders');
export const DASHBOARD_CLAIMS = copyCollection('insights', 'dashboard_claims');
export const DASHBOARD_ALERTS = copyCollection('insights', 'dashboard_alerts');
export const DASHBOARD_TAKINGS = copyCollection('insights', 'dashboard_takings');
export const DASHBOARD_DELIVERIES = copyCollection('insights', 'dashboard_deliveries');

export const dashboardMemberships = dashboardCopy<MembershipTerm>('memberships', {
  of: 'dashboard_memberships',
  source: 'memberships',
  events: MEMBERSHIP_TERM_EVENTS,
  idOf: idField('membership_id'),
  next: nextMembershipTerm,
  indexes: ['account_id', 'status', 'started_at', 'ended_at'],
});

export const dashboardOrders = dashboardCopy<NhdOrderSummary>('nhd_orders', {
  of: 'dashboard_nhd_orders',
  source: 'nhd',
  events: NHD_ORDER_SUMMARY_EVENTS,
  idOf: idField('order_id'),
  next: nextNhdOrderSummary,
  indexes: ['account_id', 'status'],
});

export const dashboardClaims = dashboardCopy<ClaimSummary>('claims', {
  of: 'dashboard_claims',
  source: 'reimbursement',
  events: CLAIM_SUMMARY_EVENTS,
  idOf: idField('claim_id'),
  next: nextClaimSummary,
  indexes: ['account_id', 'status'],
});

export const dashboardAlerts = dashboardCopy<AlertStanding>('equity', {
  of: 'dashboard_alerts',
  source: 'equity',
  events: ALERT_STANDING_EVENTS,
  idOf: idField('alert_id'),
  next: nextAlertStanding,
  indexes: ['account_id', 'status'],
});

export const dashboardTakings = dashboardCopy<ChargeTakings>('revenue', {
  of: 'dashboard_takings',
  source: 'payments',
  events: CHARGE_TAKINGS_EVENTS,
  idOf: idField('checkout_id'),
  next: nextChargeTakings,
  indexes: ['account_id', 'captured_at', 'refunded_at'],
});

export const dashboardDeliveries = dashboardCopy<DeliveryFailures>('deliveries', {
  of: 'dashboard_deliveries',
  source: 'notifications',
  events: DELIVERY_FAILURE_EVENTS,
  idOf: idField('delivery_id'),
  next: nextDeliveryFailures,
  indexes: ['code', 'last_failed_at'],
});

export const DASHBOARD_COPIES: readonly Projection[] = [dashboardMemberships, dashboardOrders, dashboardClaims, dashboardAlerts, dashboardTakings, dashboardDeliveries];

/** The contract events the dashboard's copies read (the insights module's `consumes`). */
export const DASHBOARD_EVENTS = [
  ...MEMBERSHIP_TERM_EVENTS,
  ...NHD_ORDER_SUMMARY_EVENTS,
  ...CLAIM_SUMMARY_EVENTS,
  ...ALERT_STANDING_EVENTS,
  ...CHARGE_TAKINGS_EVENTS,
  ...DELIVERY_FAILURE_EVENTS,
];
