import { describe, expect, it } from 'vitest';
import { DashboardQuery } from '@acpg/contracts/dashboard';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Realtime } from '../../../platform/realtime/port.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { dashboardAlerts, dashboardDeliveries, dashboardTakings } from './copies.ts';
import { daysOf, netByDay } from './query.ts';
import { pushDashboard } from './push.ts';
import type { Projection } from '../../../platform/projections/port.ts';

/** Folds events through a copy as the projection runner does (one document per id). */
const fold = (copy: Projection, events: { stream: string; type: string; data: unknown }[]): Map<string, Doc> => {
  const docs = new Map<string, Doc>();
  events.forEach((e, i) => {
    const stored = storedEvent({ ...e, version: i + 1 });
    const id = copy.documentId(stored);
    if (id === null) return;
    const next = copy.evolve(docs.get(id) ?? null, stored);
    if (next) docs.set(id, next);
    else docs.delete(id);
  });
  return docs;
};

const paid = { checkout_id: 'c1', account_id: 'a1', plan_id: 'monthly', amount_cents: 2500, card_brand: 'visa', card_last4: '4242', paid_at: '2026-11-01T10:00:00.000Z', payment_intent_id: 'pi', gateway_event_id: 'ge' };
const refunded = { checkout_id: 'c1', account_id: 'a1', refund_id: 'r1', gateway_refund_id: 'gr', amount_cents: 2500, reason: 'asked', refunded_by: 'admin', refunded_at: '2026-11-03T09:00:00.000Z' };

describe('the dashboard folds', () => {
  it('a checkout captures on PaymentSucceeded and refunds on PaymentRefunded, each on its own day', () => {
    const docs = fold(dashboardTakings, [
      { stream: 'payments-checkout-c1', type: 'PaymentSucceeded', data: paid },
      { stream: 'payments-checkout-c1', type: 'PaymentRefunded', data: refunded },
    ]);
    expect(docs.get('c1')).toMatchObject({ account_id: 'a1', captured_cents: 2500, captured_at: paid.paid_at, refunded_cents: 2500, refunded_at: refunded.refunded_at });
  });

  it('skips a payment event that is not on the payments module’s streams, and one whose data does not parse', () => {
    expect(fold(dashboardTakings, [{ stream: 'insights-x-1', type: 'PaymentSucceeded', data: paid }]).size).toBe(0);
    expect(fold(dashboardTakings, [{ stream: 'payments-checkout-c1', type: 'PaymentSucceeded', data: { ...paid, amount_cents: -1 } }]).size).toBe(0);
  });

  it('an alert is new when raised, disputed while its fraud case is open, resolved when it closes', () => {
    const raised = { by: 'importer', at: '2026-11-02T00:00:00.000Z', alert_id: 'al1', enrolment_id: 'en1', account_id: 'a2', import_id: 'i1' };
    const stream = 'equity-alert-al1';
    const parsedRaised = { ...raised, property: { property_id: 'p', address_line: '1 A St', city: 'Fresno', county: 'Fresno', apn: '123-45', state: 'CA', zip: '93701' }, recording: { document_number: 'D-1', county: 'Fresno', apn: '123-45', document_type: 'deed', recorded_at: '2026-11-01', grantor: 'Pat Seller', grantee: 'Sam Buyer', amount_cents: null } };
    const afterRaise = fold(dashboardAlerts, [{ stream, type: 'EquityAlertRaised', data: parsedRaised }]);
    if (afterRaise.size === 0) return expect.fail('EquityAlertRaised did not parse: adjust the sample to the contract');
    expect(afterRaise.get('al1')).toMatchObject({ account_id: 'a2', status: 'new' });
    const opened = fold(dashboardAlerts, [
      { stream, type: 'EquityAlertRaised', data: parsedRaised },
      { stream, type: 'EquityFraudCaseOpened', data: { by: 'a2', at: '2026-11-03T00:00:00.000Z', alert_id: 'al1', note: '', steps: [] } },
    ]);
    expect(opened.get('al1')).toMatchObject({ status: 'disputed', updated_at: '2026-11-03T00:00:00.000Z' });
    const closed = fold(dashboardAlerts, [
      { stream, type: 'EquityAlertRaised', data: parsedRaised },
      { stream, type: 'EquityFraudCaseOpened', data: { by: 'a2', at: '2026-11-03T00:00:00.000Z', alert_id: 'al1', note: '', steps: [] } },
      { stream, type: 'EquityFraudCaseClosed', data: { by: 'sa', at: '2026-11-04T00:00:00.000Z', alert_id: 'al1', resolution: 'done' } },
    ]);
    expect(closed.get('al1')).toMatchObject({ status: 'resolved' });
  });

  it('a delivery counts its failed attempts; a code is one sent on the codes queue', () => {
    const failed = (attempt: number, queue: string, at: string) => ({ stream: 'notifications-delivery-d1', type: 'NotificationDeliveryFailed', data: { delivery_id: 'd1', queue, channel: 'email', template: 'identity.code', attempt, final: false, at } });
    const docs = fold(dashboardDeliveries, [failed(1, 'notification-codes', '2026-11-01T00:00:00.000Z'), failed(2, 'notification-codes', '2026-11-01T00:01:00.000Z')]);
    expect(docs.get('d1')).toMatchObject({ code: true, failures: 2, last_failed_at: '2026-11-01T00:01:00.000Z', given_up: false });
    expect(fold(dashboardDeliveries, [failed(1, 'notifications', '2026-11-01T00:00:00.000Z')]).get('d1')).toMatchObject({ code: false });
  });
});

describe('the dashboard query', () => {
  it('takes UTC days from..to, from not after to, at most 366 days', () => {
    expect(DashboardQuery.safeParse({ from: '2026-11-01', to: '2026-11-07' }).success).toBe(true);
    expect(DashboardQuery.safeParse({ from: '2026-11-08', to: '2026-11-07' }).success).toBe(false);
    expect(DashboardQuery.safeParse({ from: '2025-01-01', to: '2026-11-07' }).success).toBe(false);
    expect(DashboardQuery.safeParse({ from: 'yesterday', to: '2026-11-07' }).success).toBe(false);
    expect(DashboardQuery.safeParse({ from: '2026-11-01' }).success).toBe(false);
  });

  it('lists every day of the range and nets captured minus refunded per day', () => {
    const days = daysOf('2026-10-31', '2026-11-02');
    expect(days).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(netByDay(days, new Map([['2026-11-01', 2500]]), new Map([['2026-11-02', 1000]]))).toEqual([
      { day: '2026-10-31', net_cents: 0 },
      { day: '2026-11-01', net_cents: 2500 },
      { day: '2026-11-02', net_cents: -1000 },
    ]);
  });
});

describe('the dashboard push', () => {
  const realtime = () => {
    const sent: { to: string; message: string; payload: unknown }[] = [];
    const r: Realtime = {
      toUser: (id, message, payload) => sent.push({ to: `user:${id}`, message, payload }),
      toRole: (role, message, payload) => sent.push({ to: `role:${role}`, message, payload }),
      toEntity: (entity, message, payload) => sent.push({ to: entity, message, payload }),
    };
    return { r, sent };
  };

  it('tells the overseers and the owner’s providers which tile moved, once per batch', async () => {
    const { r, sent } = realtime();
    const reader = {
      documents: { find: async (_c: string, filter: Record<string, unknown>) => (filter.account_id === 'a1' ? [{ _id: 'x', provider_id: 'p1', account_id: 'a1' }] : []) },
      caughtUp: async () => true,
    } as unknown as Parameters<typeof pushDashboard>[3];
    const applied = [
      { event: storedEvent({ stream: 'nhd-order-1', type: 'NhdOrderPlaced', data: {}, position: 7 }), doc: { _id: 'o1', account_id: 'a1' } },
      { event: storedEvent({ stream: 'nhd-order-2', type: 'NhdOrderPlaced', data: {}, position: 9 }), doc: { _id: 'o2', account_id: 'a3' } },
    ];
    await pushDashboard('nhd_orders', applied, r, reader);
    expect(sent).toEqual([
      { to: 'role:Super Admin', message: 'dashboard.changed', payload: { tile: 'nhd_orders', position: 9, at: '2026-01-01T00:00:00.000Z' } },
      { to: 'role:Admin', message: 'dashboard.changed', payload: { tile: 'nhd_orders', position: 9, at: '2026-01-01T00:00:00.000Z' } },
      { to: 'provider:p1', message: 'dashboard.changed', payload: { tile: 'nhd_orders', position: 9, at: '2026-01-01T00:00:00.000Z' } },
    ]);
  });
});
