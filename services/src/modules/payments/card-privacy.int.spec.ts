import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTracedApp } from '../../../test/traced-app.ts';
import { TEST_CARDS } from '@acpg/contracts/payments';

/** The app logging everything (trace) into memory, to read what a card form's requests leave in the log. */
describe('card numbers in the log', () => {
  const { lines, running } = useTracedApp('card');

  it('never appear, whatever the card form sends: good, declined, refused or malformed cards, and the payments they make', async () => {
    const app = running().app;
    if (!app) throw new Error('no http app');
    const headersOfNew = async () => ({ authorization: `Bearer ${await running().platform.tokens.issueAccessToken({ userId: `acct-${randomUUID()}`, roles: ['Customer'] })}` });
    const headers = await headersOfNew();
    const year = new Date().getUTCFullYear() + 1;
    const sent = [...Object.values(TEST_CARDS), '5555555555554444', '4242 4242 4242 4241'];
    for (const number of sent) {
      const headers = await headersOfNew(); // one membership per member: each card pays for a member of its own
      const method = await app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: { number, exp_month: 12, exp_year: year, cvc: '987', name: 'Pat Member' }, headers });
      if (method.statusCode !== 200) continue;
      const payload = { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.json().data.payment_method_id };
      expect((await app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers })).statusCode).toBe(200);
    }
    const expired = await app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: { number: TEST_CARDS.succeeds, exp_month: 1, exp_year: 2020, cvc: '987', name: 'x' }, headers });
    expect(expired.statusCode).toBe(400);
    const log = lines.join('');
    expect(log).toContain('/api/v1/payments/test-gateway/payment-methods'); // the requests were logged
    for (const number of sent) {
      const digits = number.replaceAll(' ', '');
      expect(log).not.toContain(digits);
      expect(log).not.toContain(digits.slice(0, 12));
      expect(log).not.toContain(number);
    }
  }, 60_000);
});
