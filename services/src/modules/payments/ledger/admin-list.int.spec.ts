import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAYOUT_RECORDED_MESSAGE, TEST_CARDS, type AdminPaymentItem, type PayoutView } from '@acpg/contracts/payments';
import { registerAccount } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { adminStep, claimant, claimReaches, fileClaim } from '../../../../test/reimbursement.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** `GET /admin/payments` (read model payments_ledger): the charges and the claim payouts, searched by the customer. */
describe('admin payments: claim payouts and search by customer', () => {
  const t = useTestApp();
  const { openAs, roundTrip } = socketClients(() => t);

  it('lists a claim payout as its own kind, pushes it to Super Admins only, and finds rows by name, email or claim number', async () => {
    const tag = randomUUID().slice(0, 8);
    const admin = await openAs('Super Admin', `admin-${randomUUID()}`);
    const member = await claimant(t, `acct-payee-${tag}`);
    const memberSocket = await openAs('Customer', member.accountId);
    const pushed: PayoutView[] = [];
    const pushedToMember: unknown[] = [];
    admin.on(PAYOUT_RECORDED_MESSAGE, (view: PayoutView) => pushed.push(view));
    memberSocket.on(PAYOUT_RECORDED_MESSAGE, (view: unknown) => pushedToMember.push(view));

    const payer = `acct-payer-${tag}`;
    await registerAccount(t, payer, { email: `sky.${tag}@Example.test`, full_name: `Sky Harbor ${tag}` });
    const paid = await payWithTestCard(t, payer, TEST_CARDS.succeeds, 'monthly');

    const claim = await fileClaim(t, member.accountId, { amount_cents: 30_000 });
    expect(claim.number).toMatch(/^CLM-\d+$/);
    await adminStep(t, claim.claim_id, 'review');
    await adminStep(t, claim.claim_id, 'approve', { reason: 'Covered', approved_amount_cents: 25_000 });
    await adminStep(t, claim.claim_id, 'payout', { method: 'ach', reference: `ACH-${tag}` });
    await claimReaches(t, member.accountId, claim.claim_id, 'paid');

    const headers = { authorization: `Bearer ${await t.signInAs('Super Admin', `admin-${randomUUID()}`)}` };
    const list = async (query: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?${query}`, headers });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { items: AdminPaymentItem[]; total: number };
    };
    const entries = async (query: string) => (await list(query)).items.map((i) => (i.entry === 'payout' ? `payout ${i.claim_id}` : `charge ${i.checkout_id}`)).sort();
    const payoutRow = `payout ${claim.claim_id}`;
    const chargeRow = `charge ${paid.checkoutId}`;

    const found = await waitFor(async () => {
      const page = await list(`kind=claim_payout&q=${encodeURIComponent(member.email)}`);
      return page.total === 1 ? page.items[0] : undefined;
    }, { what: 'the payout in the admin list' });
    expect(found).toMatchObject({
      entry: 'payout',
      claim_id: claim.claim_id,
      claim_number: claim.number,
      account_id: member.accountId,
      amount_cents: 25_000,
      method: 'ach',
      reference: `ACH-${tag}`,
      paid_by: 'claims-admin',
    });
    const live = await waitFor(async () => pushed.find((view) => view.claim_id === claim.claim_id), { what: 'the payout pushed to Super Admins' });
    expect(live).toMatchObject({ entry: 'payout', claim_number: claim.number, amount_cents: 25_000 });

    // Search: the customer's name or email (any case, any part), or the payout's claim number; with the other filters.
    await waitFor(async () => (await entries(`q=${tag}`)).length === 2, { what: 'both rows found by the tag' });
    expect(await entries(`q=${tag}`)).toEqual([chargeRow, payoutRow].sort());
    expect(await entries(`q=${encodeURIComponent(`SKY HARBOR ${tag}`)}`)).toEqual([chargeRow]);
    expect(await entries(`q=${encodeURIComponent(`sky.${tag}@example`)}`)).toEqual([chargeRow]);
    expect(await entries(`q=${encodeURIComponent(member.email.toUpperCase())}`)).toEqual([payoutRow]);
    expect(await entries(`q=${encodeURIComponent(claim.number!.toLowerCase())}`)).toEqual([payoutRow]);
    expect(await entries(`q=${tag}&kind=checkout`)).toEqual([chargeRow]);
    expect(await entries(`q=${tag}&kind=claim_payout`)).toEqual([payoutRow]);
    expect(await entries(`q=${tag}&status=succeeded`)).toEqual([chargeRow]); // a status is a charge's
    expect(await entries(`q=nobody-${tag}`)).toEqual([]);
    expect((await entries(`kind=claim_payout&page_size=100`)).every((row) => row.startsWith('payout '))).toBe(true);

    // Bad queries change nothing and say why.
    for (const bad of [`q=${'x'.repeat(101)}`, 'kind=payout']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?${bad}`, headers });
      expect(r.statusCode, bad).toBe(400);
    }

    // A customer sees none of it: the admin list is refused, their own history holds no payout, and nothing was pushed to them.
    const asMember = { authorization: `Bearer ${await t.signInAs('Customer', member.accountId)}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?q=${tag}`, headers: asMember })).statusCode).toBe(403);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine', headers: asMember });
    expect(mine.json().data.total).toBe(0);
    await roundTrip(memberSocket);
    expect(pushedToMember).toEqual([]);
  });

  it('documents the search and the payout kind in OpenAPI', async () => {
    type Parameter = { name: string; in: string; schema?: { enum?: string[] } };
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, { get?: { parameters?: Parameter[]; summary?: string } }> };
    const route = spec.paths['/api/v1/admin/payments']?.get;
    const query = (route?.parameters ?? []).filter((p) => p.in === 'query');
    expect(query.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'kind', 'status', 'from', 'to']));
    expect(query.find((p) => p.name === 'kind')?.schema?.enum).toContain('claim_payout');
    expect(route?.summary).toMatch(/payout/);
  });
});
