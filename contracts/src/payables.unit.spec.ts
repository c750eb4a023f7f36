import { describe, expect, it } from 'vitest';
import { mayPay, nextEnrolmentPayable, nextNhdOrderPayable } from './payables.ts';

const at = '2026-11-28T10:00:00.000Z';
const property = { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' };
const requested = (over: Record<string, unknown> = {}) => ({
  type: 'EquityEnrolmentRequested',
  occurredAt: at,
  data: { enrolment_id: 'e1', account_id: 'member-1', property, price_cents: 9_900, included: false, plan_name: null, by: 'member-1', at, ...over },
});
const placed = (over: Record<string, unknown> = {}) => ({
  type: 'NhdOrderPlaced',
  occurredAt: at,
  data: { order_id: 'o1', account_id: 'member-1', property, report_type: { code: 0, name: 'Standard' }, amount_cents: 4_900, recipients: [], escrow_users: [], by: 'member-1', at, ...over },
});

describe('who may pay a payable (issue 21 item 4)', () => {
  it('the owner, and the Provider Admin who placed it when the provider pays; nobody else', () => {
    for (const next of [(o: Record<string, unknown>) => nextEnrolmentPayable(null, requested(o)), (o: Record<string, unknown>) => nextNhdOrderPayable(null, placed(o))]) {
      const own = next({});
      expect(own && mayPay(own, 'member-1')).toBe(true);
      expect(own && mayPay(own, 'padmin-1')).toBe(false);
      const providerPays = next({ by: 'padmin-1', placed_by: { account_id: 'padmin-1', provider_id: 'prov-1', payer: 'provider' } });
      expect(providerPays?.payer_id).toBe('padmin-1');
      expect(providerPays && mayPay(providerPays, 'padmin-1')).toBe(true);
      expect(providerPays && mayPay(providerPays, 'member-1')).toBe(true);
      expect(providerPays && mayPay(providerPays, 'padmin-2')).toBe(false);
      const userPays = next({ by: 'padmin-1', placed_by: { account_id: 'padmin-1', provider_id: 'prov-1', payer: 'user' } });
      expect(userPays?.payer_id).toBeUndefined();
      expect(userPays && mayPay(userPays, 'padmin-1')).toBe(false);
      expect(userPays && mayPay(userPays, 'member-1')).toBe(true);
    }
  });

  it('a member protecting the property again on their own drops the Provider Admin as payer', () => {
    const byProvider = nextEnrolmentPayable(null, requested({ placed_by: { account_id: 'padmin-1', provider_id: 'prov-1', payer: 'provider' } }));
    const again = nextEnrolmentPayable(byProvider, requested());
    expect(again?.request).toBe(2);
    expect(again && mayPay(again, 'padmin-1')).toBe(false);
  });
});
