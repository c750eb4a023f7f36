import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp } from './harness.ts';
import { bearer, markVerified } from './equity.ts';
import { payWithTestCard, testPaymentMethod } from './payments.ts';
import { signedUpWith } from './sign-up-steps.ts';

const checkoutStream = (checkoutId: string) => `payments-checkout-${checkoutId}`;

const t = useTestApp();

const planCheckout = async (accountId: string) => {
  const checkoutId = randomUUID();
  const payload = { checkout_id: checkoutId, plan_id: 'yearly', accept_terms: true, payment_method_id: await testPaymentMethod(t, accountId, TEST_CARDS.succeeds) };
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: await bearer(t, accountId) });
  return { checkoutId, response };
};
const enrol = async (accountId: string, propertyId: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/equity/enrollments', payload: { property_id: propertyId }, headers: await bearer(t, accountId) });

describe('sign-up steps a purchase needs (payments and equity decide from their copies of identity events)', () => {
  it('refuses a membership to an NHD-only account with the missing steps, starting no checkout', async () => {
    const accountId = `acct-${randomUUID()}`;
    await signedUpWith(t, accountId, ['nhd']);
    const { checkoutId, response } = await planCheckout(accountId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'SIGN_UP_STEPS_MISSING', missing_steps: ['property', 'face_signature', 'mailing_address'] });
    expect(response.json().message).toContain('verify a property, add your face photo and signature and add your mailing address');
    expect(await t.platform.eventStore.readStream(checkoutStream(checkoutId))).toEqual([]);
    // One step done: only the others are asked.
    await signedUpWith(t, accountId, ['nhd'], ['face_signature']);
    expect((await planCheckout(accountId)).response.json()).toMatchObject({ missing_steps: ['property', 'mailing_address'] });
  });

  it('sells a membership once the steps are done, and to an account made without the wizard', async () => {
    const accountId = `acct-${randomUUID()}`;
    await signedUpWith(t, accountId, ['nhd'], ['face_signature', 'mailing_address']);
    await markVerified(t, accountId, 'ca-lax-00003');
    expect((await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'yearly')).result.status).toBe('succeeded');
    const seeded = `acct-${randomUUID()}`;
    expect((await payWithTestCard(t, seeded, TEST_CARDS.succeeds, 'monthly')).result.status).toBe('succeeded');
  });

  it('refuses Equity Protect to an NHD-only account with the missing steps, enrolling nothing; a complete account enrolls', async () => {
    const accountId = `acct-${randomUUID()}`;
    const propertyId = 'ca-lax-00005';
    await signedUpWith(t, accountId, ['nhd']);
    await markVerified(t, accountId, propertyId);
    const refused = await enrol(accountId, propertyId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SIGN_UP_STEPS_MISSING', missing_steps: ['face_signature', 'mailing_address'] });
    const requested = await t.platform.eventStore.readAll({ after: 0, limit: 100_000, types: ['EquityEnrolmentRequested'] });
    expect(requested.filter((e) => (e.data as { account_id: string }).account_id === accountId)).toEqual([]);
    await signedUpWith(t, accountId, ['nhd'], ['face_signature', 'mailing_address']);
    const enrolled = await enrol(accountId, propertyId);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
  });

  it('asks nothing of an account signed up for Equity Protect that did its steps', async () => {
    const accountId = `acct-${randomUUID()}`;
    await signedUpWith(t, accountId, ['equity_protect'], ['face_signature', 'mailing_address']);
    await markVerified(t, accountId, 'ca-lax-00006');
    expect((await enrol(accountId, 'ca-lax-00006')).statusCode).toBe(201);
  });
});
