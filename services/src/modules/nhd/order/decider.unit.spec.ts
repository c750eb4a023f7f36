import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { placedOrderData } from '../../../../test/nhd.ts';
import { decideOrder, evolveOrder, initialOrderState, type OrderCommand, type OrderEvent, type OrderState } from './decider.ts';

const ORDER = '0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a';
let clock = Date.parse('2026-11-24T10:00:00.000Z');
const meta = (actor: string | null = 'acct-1'): CommandMeta => ({ now: new Date((clock += 1000)), actor, correlationId: 'c', causationId: null, newId: () => 'id' });

const placed = placedOrderData(ORDER, {
  recipients: [
    { recipient_id: 'r1', email: 'buyer@example.com', name: 'Bea', role: 'buyer' },
    { recipient_id: 'r2', email: 'seller@example.com', name: 'Sam', role: 'seller' },
  ],
});

type Cmd = { [K in OrderCommand['type']]: { type: K; data: Extract<OrderCommand, { type: K }>['data']; actor?: string | null } }[OrderCommand['type']];

/** Runs commands from the empty state, folding what each decides; answers the final state and every event. */
const run = (commands: readonly Cmd[], from: OrderState = initialOrderState()) => {
  let state = from;
  const events: OrderEvent[] = [];
  for (const c of commands) {
    const decided = decideOrder({ type: c.type, data: c.data, metadata: meta(c.actor === undefined ? 'acct-1' : c.actor) } as OrderCommand, state);
    for (const e of decided) state = evolveOrder(state, e);
    events.push(...decided);
  }
  return { state, events };
};
const refusal = (commands: readonly Cmd[], last: Cmd) => {
  const { state } = run(commands);
  try {
    decideOrder({ type: last.type, data: last.data, metadata: meta() } as OrderCommand, state);
  } catch (error) {
    if (error instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${last.type} was not refused`);
};

const PLACE: Cmd = { type: 'PlaceOrder', data: placed };
const PAY: Cmd = { type: 'RecordPayment', data: { checkout_id: 'ch1', amount_cents: 4_900 }, actor: 'system' };
const START: Cmd = { type: 'StartReport', data: {}, actor: 'system' };
const READY: Cmd = { type: 'RecordReportReady', data: { file_key: 'nhd/reports/x.pdf', page_count: 4, byte_length: 9000 }, actor: 'system' };
const SENT = (id: string): Cmd => ({ type: 'RecordReportSent', data: { recipient_id: id }, actor: 'system' });
const ACK = (id: string): Cmd => ({ type: 'AcknowledgeReceipt', data: { recipient_id: id }, actor: `recipient:${id}` });
const DELIVERED = [PLACE, PAY, START, READY, SENT('r1'), SENT('r2')];

describe('the NHD order decider', () => {
  it('walks the whole lifecycle, each step recording who and when', () => {
    const { state, events } = run([...DELIVERED, ACK('r1'), ACK('r2'), { type: 'CloseOrder', data: {} }]);
    expect(events.map((e) => e.type)).toEqual([
      'NhdOrderPlaced',
      'NhdOrderPaid',
      'NhdReportGenerationStarted',
      'NhdReportReady',
      'NhdReportSent',
      'NhdReportSent',
      'NhdOrderDelivered',
      'NhdReceiptAcknowledged',
      'NhdReceiptAcknowledged',
      'NhdOrderAcknowledged',
      'NhdOrderClosed',
    ]);
    expect(state.status).toBe('closed');
    expect(events[0]?.data).toMatchObject({ by: 'acct-1', order_id: ORDER });
    expect(events[1]?.data).toMatchObject({ by: 'system', checkout_id: 'ch1' });
    expect(events[7]?.data).toMatchObject({ by: 'recipient:r1', recipient_id: 'r1' });
    for (const e of events) expect(e.data.at).toMatch(/^2026-11-24T/);
  });

  it('records each repeat once: a payment, a report, an email delivered again', () => {
    const { state, events } = run([PLACE, PAY, PAY, START, READY, READY, SENT('r1'), SENT('r1'), SENT('r2'), SENT('r2')]);
    expect(events.filter((e) => e.type === 'NhdOrderPaid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'NhdReportReady')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'NhdReportSent')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'NhdOrderDelivered')).toHaveLength(1);
    expect(state.status).toBe('delivered');
  });

  it('begins a report again after a run killed mid-way, counting the runs', () => {
    const { state, events } = run([PLACE, PAY, START, START]);
    expect(events.filter((e) => e.type === 'NhdReportGenerationStarted').map((e) => (e.data as { attempt: number }).attempt)).toEqual([1, 2]);
    expect(state.status === 'processing' && state.reportAttempts).toBe(2);
  });

  it('fails a payment, then takes another attempt; a late failure after the payment changes nothing', () => {
    const failed = run([PLACE, { type: 'RecordPaymentFailure', data: { checkout_id: 'ch0', message: 'Declined' }, actor: 'system' }]);
    expect(failed.state).toMatchObject({ status: 'failed', failure: 'payment' });
    const paid = run([PAY, { type: 'RecordPaymentFailure', data: { checkout_id: 'ch0', message: 'late' }, actor: 'system' }], failed.state);
    expect(paid.events.map((e) => e.type)).toEqual(['NhdOrderPaid']);
    expect(paid.state.status).toBe('paid');
  });

  it('fails a report, lets a Super Admin retry it, and starts the run count again', () => {
    const { state, events } = run([PLACE, PAY, START, { type: 'RecordReportFailure', data: { reason: 'no record' }, actor: 'system' }, { type: 'RetryReport', data: {}, actor: 'admin' }, START]);
    expect(events.map((e) => e.type).slice(-3)).toEqual(['NhdReportFailed', 'NhdReportRetried', 'NhdReportGenerationStarted']);
    expect(state).toMatchObject({ status: 'processing', reportAttempts: 1 });
  });

  it('cancels an unpaid order with nothing to refund, and a paid one before processing with a refund due, then records the refund', () => {
    expect(run([PLACE, { type: 'CancelOrder', data: { reason: 'No sale' } }]).events[1]?.data).toMatchObject({ refund_due: false, checkout_id: null });
    const paid = run([PLACE, PAY, { type: 'CancelOrder', data: { reason: 'No sale' } }]);
    expect(paid.events[2]?.data).toMatchObject({ refund_due: true, checkout_id: 'ch1' });
    const refunded = run([{ type: 'RecordRefund', data: { checkout_id: 'ch1', amount_cents: 4_900 }, actor: 'system' }], paid.state);
    expect(refunded.state.status).toBe('refunded');
    expect(run([{ type: 'CancelOrder', data: { reason: 'again' } }], paid.state).events).toEqual([]);
  });

  it('refunds a payment that lands after the order was cancelled', () => {
    const { state, events } = run([PLACE, { type: 'CancelOrder', data: { reason: 'No sale' } }, PAY, PAY]);
    expect(events.map((e) => e.type)).toEqual(['NhdOrderPlaced', 'NhdOrderCancelled', 'NhdOrderPaid', 'NhdOrderCancelled']);
    expect(events[3]?.data).toMatchObject({ refund_due: true, checkout_id: 'ch1', by: 'system' });
    expect(state.status).toBe('cancelled');
  });

  it('refuses illegal steps in words, changing nothing', () => {
    expect(refusal([PLACE], PLACE)).toMatchObject({ status: 409, code: 'ORDER_MISMATCH' });
    expect(refusal([], PAY)).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(refusal([PLACE], START)).toMatchObject({ code: 'ORDER_TRANSITION_REFUSED', message: 'A report is made for a paid order; this one is placed.' });
    expect(refusal([PLACE, PAY], READY)).toMatchObject({ code: 'ORDER_TRANSITION_REFUSED' });
    expect(refusal([PLACE, PAY, START], SENT('r1'))).toMatchObject({ message: 'The report is sent once it is ready; this order is processing.' });
    expect(refusal([...DELIVERED], SENT('r9'))).toMatchObject({ status: 404 });
    expect(refusal([PLACE, PAY, START, READY], ACK('r1'))).toMatchObject({ message: 'This report has not been sent to you yet.' });
    expect(refusal([...DELIVERED, ACK('r1')], ACK('r1'))).toMatchObject({ status: 409, code: 'RECEIPT_LINK_USED' });
    expect(refusal([...DELIVERED], ACK('r9'))).toMatchObject({ status: 404, code: 'RECEIPT_LINK_INVALID' });
    expect(refusal([PLACE, PAY], { type: 'CloseOrder', data: {} })).toMatchObject({ message: 'An order is closed once its report was delivered; this one is paid.' });
    expect(refusal([PLACE, PAY, START], { type: 'CancelOrder', data: { reason: 'late' } })).toMatchObject({ message: 'The report is being made or was made already, so this order cannot be cancelled.' });
    expect(refusal([...DELIVERED], { type: 'CancelOrder', data: { reason: 'late' } })).toMatchObject({ code: 'ORDER_TRANSITION_REFUSED' });
    expect(refusal([PLACE, PAY], { type: 'RetryReport', data: {} })).toMatchObject({ message: 'Only an order whose report failed can have it made again.' });
    expect(refusal([PLACE], { type: 'RecordRefund', data: { checkout_id: 'x', amount_cents: 1 } })).toMatchObject({ message: 'Only a paid order can be refunded.' });
    expect(refusal([PLACE, PAY, START, READY], { type: 'RecordReportFailure', data: { reason: 'x' } })).toMatchObject({ code: 'ORDER_TRANSITION_REFUSED' });
  });

  it('withdraws one recipient\'s link, then every other link sent; a repeat withdraws nothing; a withdrawn link confirms nothing', () => {
    const REVOKE = (id: string | null, actor = 'acct-1'): Cmd => ({ type: 'RevokeReceiptLinks', data: { recipient_id: id }, actor });
    const one = run([...DELIVERED, REVOKE('r1')]);
    expect(one.events.at(-1)).toMatchObject({ type: 'NhdReceiptLinksRevoked', data: { order_id: ORDER, recipient_ids: ['r1'], by: 'acct-1' } });
    const all = run([REVOKE('r1'), REVOKE(null, 'admin-1'), REVOKE(null)], one.state);
    expect(all.events).toEqual([{ type: 'NhdReceiptLinksRevoked', data: expect.objectContaining({ recipient_ids: ['r2'], by: 'admin-1' }) }]);
    expect(Object.keys(all.state.status === 'none' ? {} : all.state.revoked).sort()).toEqual(['r1', 'r2']);
    expect(refusal([...DELIVERED, REVOKE('r1')], ACK('r1'))).toMatchObject({ status: 410, code: 'RECEIPT_LINK_REVOKED' });
    expect(refusal([PLACE, PAY, START, READY, SENT('r1')], REVOKE('r2'))).toMatchObject({ status: 409, code: 'RECEIPT_LINK_NOT_SENT' });
    expect(refusal(DELIVERED, REVOKE('r9'))).toMatchObject({ status: 404, code: 'RECIPIENT_NOT_FOUND' });
    expect(run([PLACE, REVOKE(null)]).events.map((e) => e.type)).toEqual(['NhdOrderPlaced']); // nothing sent yet: nothing to withdraw
  });

  it('ignores events of another order folded without their start', () => {
    const state = evolveOrder(initialOrderState(), { type: 'NhdOrderPaid', data: { order_id: ORDER, by: 'x', at: 'y', checkout_id: 'c', amount_cents: 1 } });
    expect(state.status).toBe('none');
  });
});

describe('an order a Provider Admin placed for its user (issue 21 item 4)', () => {
  it('records who placed it and who pays; the order stays the user’s', () => {
    const placed_by = { account_id: 'padmin-1', provider_id: 'prov-1', payer: 'user' as const };
    const { events, state } = run([{ type: 'PlaceOrder', data: { ...placed, placed_by }, actor: 'padmin-1' }]);
    expect(events[0]?.data).toMatchObject({ account_id: 'acct-1', by: 'padmin-1', placed_by });
    expect(state.status !== 'none' && state.placed.placed_by).toEqual(placed_by);
  });

  it('reads an order placed before placed_by existed as its owner’s own', () => {
    const { state } = run([PLACE]);
    expect(state.status !== 'none' && state.placed.placed_by).toBeUndefined();
  });
});
