import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';

const t = useTestApp();

describe('the Stripe routes with PAYMENTS_GATEWAY=test (the default)', () => {
  it('GET /payments/config says test, to anyone', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payments/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().data).toEqual({ gateway: 'test' });
  });

  it('the webhook: 400 without a signature, 404 with one (Stripe is not configured); nothing recorded', async () => {
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const signed = await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(signed.statusCode).toBe(404);
    expect(signed.json().code).toBe('STRIPE_NOT_CONFIGURED');
  });

  it('the card claim and the next action: 401 signed out, 404 signed in as a member, 403 to a Super Admin (not a member)', async () => {
    const claimUrl = '/api/v1/payments/stripe/payment-methods';
    const nextUrl = `/api/v1/payments/stripe/checkouts/${randomUUID()}/next-action`;
    expect((await t.app.inject({ method: 'POST', url: claimUrl, payload: { payment_method_id: 'pm_1' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: nextUrl })).statusCode).toBe(401);
    const superAdmin = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
    expect((await t.app.inject({ method: 'POST', url: claimUrl, payload: { payment_method_id: 'pm_1' }, headers: superAdmin })).statusCode).toBe(403);
    for (const role of ['Customer', 'Agent'] as const) {
      const headers = { authorization: `Bearer ${await t.signInAs(role)}` };
      expect((await t.app.inject({ method: 'POST', url: claimUrl, payload: { payment_method_id: 'pm_1' }, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: nextUrl, headers })).statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'POST', url: claimUrl, payload: { payment_method_id: 'card 4242' }, headers });
      expect(bad.statusCode).toBe(400);
    }
  });
});
