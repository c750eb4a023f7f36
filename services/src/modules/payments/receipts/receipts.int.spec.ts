import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { TEST_CARDS, type PaymentView } from '@acpg/contracts/payments';
import type { Role } from '@acpg/contracts/roles';
import { pdfText } from '../../../platform/pdf/read-text.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { issueReceipt, receiptFileKey, RECEIPTS_QUEUE } from './issue.ts';
import { receiptNumberOf } from './receipt.ts';

/** Receipts: a PDF per succeeded charge, made by a job, kept, emailed once, downloaded by its owner or a Super Admin. */
describe('payment receipts', () => {
  const t = useTestApp();

  /** An account as identity records it (the receipt names the payer and emails them). */
  const member = async () => {
    const id = `acct-${randomUUID()}`;
    const email = `${id}@example.test`;
    const data = { account_id: id, email, full_name: 'Pat Member', roles: ['Customer'], phone_encrypted: null, phone_masked: null, profile_img: null };
    const now = new Date().toISOString();
    await t.platform.eventStore.append(`identity-account-${id}`, 0, [
      { id: randomUUID(), type: 'AccountRegistered', data, occurredAt: now, actor: 'test', correlationId: randomUUID(), causationId: null },
    ]);
    return { id, email };
  };
  const get = async (url: string, as: { role: Role; id: string } | null) =>
    t.app.inject({ method: 'GET', url, headers: as ? { authorization: `Bearer ${await t.signInAs(as.role, as.id)}` } : {} });
  const receipts = async (email: string) => (await outboxOf(t, email)).filter((m) => m.subject?.startsWith('Your ACPG receipt'));

  it('makes, keeps and emails one receipt per succeeded charge, even when its job runs again', async () => {
    const pat = await member();
    const { checkoutId, result } = await payWithTestCard(t, pat.id, TEST_CARDS.succeeds, 'yearly');
    expect(result.status).toBe('succeeded');

    const stored = await waitFor(() => t.platform.files.get(receiptFileKey(checkoutId)).then((f) => f ?? undefined), { what: 'the stored receipt' });
    expect(stored.contentType).toBe('application/pdf');
    const [email] = await waitFor(async () => ((await receipts(pat.email)).length > 0 ? receipts(pat.email) : undefined), { what: 'the receipt email' });
    const paid = (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).find((e) => e.type === 'PaymentSucceeded');
    const number = receiptNumberOf(checkoutId, (paid?.data as { paid_at: string }).paid_at);
    expect(email?.subject).toBe(`Your ACPG receipt ${number}`);
    expect(email?.text).toContain('Amount: $214.00');
    expect(email?.text).toContain('Paid with: Visa ending in 4242');
    expect(email?.text).toContain(`/payment-status?checkout_id=${checkoutId}`);
    const text = pdfText(stored.bytes).join('\n');
    for (const said of [number, 'Pat Member', 'Yearly membership: first year', '$199.00', 'Recording fee', '$15.00', '$214.00', 'Visa ending in 4242']) expect(text).toContain(said);

    // The job again (a redelivery after a crash): the same file, no second email.
    await issueReceipt.processor(t.platform)({ id: 'again', queue: RECEIPTS_QUEUE, name: 'issue', data: { checkout_id: checkoutId }, attemptsMade: 0 });
    // Its email job keeps the id it had: a second one with that id is refused, so nothing more can be sent.
    expect(await t.platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'send', {}, { id: `payments-receipt-email-${checkoutId}` })).toBe(false);
    expect(await receipts(pat.email)).toHaveLength(1);
    expect((await t.platform.files.get(receiptFileKey(checkoutId)))?.bytes.equals(stored.bytes)).toBe(true);
  }, 30_000);

  it('lets the owner and Super Admins download it; anyone else is told it does not exist', async () => {
    const pat = await member();
    const { checkoutId } = await payWithTestCard(t, pat.id, TEST_CARDS.succeeds, 'monthly');
    const url = `/api/v1/payments/checkouts/${checkoutId}/receipt`;

    const own = await get(url, { role: 'Customer', id: pat.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="ACPG-receipt-R-\d{8}-[0-9A-F]{12}\.pdf"$/);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(own.rawPayload).join('\n')).toContain('1-month free trial');

    expect((await get(url, { role: 'Super Admin', id: `admin-${randomUUID()}` })).statusCode).toBe(200);
    const other = await get(url, { role: 'Customer', id: `other-${randomUUID()}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'CHECKOUT_NOT_FOUND' });
    expect((await get(`/api/v1/payments/checkouts/${randomUUID()}/receipt`, { role: 'Customer', id: pat.id })).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get('/api/v1/payments/checkouts/not-a-uuid/receipt', { role: 'Customer', id: pat.id })).statusCode).toBe(400);
  });

  it('has no receipt for a declined charge', async () => {
    const pat = await member();
    const { checkoutId, result } = await payWithTestCard(t, pat.id, TEST_CARDS.declined, 'monthly');
    expect(result.status).toBe('failed');
    const response = await get(`/api/v1/payments/checkouts/${checkoutId}/receipt`, { role: 'Customer', id: pat.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
    expect(await t.platform.files.get(receiptFileKey(checkoutId))).toBeNull();
  });
});

/** `GET /payments/charges/:id`: the payment status page's read. */
describe('one charge for the payment status page', () => {
  const t = useTestApp();
  const get = async (id: string, role: Role, userId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/payments/charges/${id}`, headers: { authorization: `Bearer ${await t.signInAs(role, userId)}` } });

  it('answers the charge as the read model will hold it, from the first moment, to its owner and Super Admins only', async () => {
    const account = `acct-${randomUUID()}`;
    const { checkoutId } = await payWithTestCard(t, account, TEST_CARDS.requiresAction, 'monthly');
    const own = await get(checkoutId, 'Customer', account);
    expect(own.statusCode, own.body).toBe(200);
    const view = own.json().data as PaymentView;
    expect(view).toMatchObject({ checkout_id: checkoutId, account_id: account, status: 'requires_action', amount_cents: 6_400, card_last4: '3184', settled_at: null });

    const row = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine', headers: { authorization: `Bearer ${await t.signInAs('Customer', account)}` } });
      const item = (r.json().data.items as PaymentView[])[0];
      return item?.version === view.version ? item : undefined;
    }, { what: 'the read model row' });
    expect(view).toEqual(row);

    expect((await get(checkoutId, 'Super Admin', `admin-${randomUUID()}`)).statusCode).toBe(200);
    const other = await get(checkoutId, 'Customer', `other-${randomUUID()}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
    expect((await get(randomUUID(), 'Customer', account)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/payments/charges/${checkoutId}` })).statusCode).toBe(401);
  });

  it('documents both routes in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, { get?: { summary?: string } }> };
    expect(spec.paths['/api/v1/payments/charges/{id}']?.get?.summary).toMatch(/payment status page/);
    expect(spec.paths['/api/v1/payments/checkouts/{id}/receipt']?.get?.summary).toMatch(/receipt of a succeeded charge as a PDF/);
  });
});
