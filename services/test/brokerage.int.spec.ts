import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NhdOrderView } from '@acpg/contracts/nhd';
import { useTestApp } from './harness.ts';
import { registerAccount } from './accounts.ts';
import { placeOrder } from './nhd.ts';
import { signUpWithOutboxCodes } from './sign-up.ts';
import { waitFor } from './wait-for.ts';

const t = useTestApp({ DEV_OUTBOX: 'true', CAPTCHA_COST: '1' });

const phone = () => `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const put = (token: string, brokerage_name: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/account/profile/brokerage', payload: { brokerage_name }, headers: { authorization: `Bearer ${token}` } });
const profile = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } })).json().data as { brokerage_name: string | null };

describe("an Agent's brokerage: named at sign-up, shown and changed on the profile, recorded on the NHD orders they place", () => {
  it('shows the brokerage from sign-up, refuses a bad one changing nothing, saves a new one and puts it on the next order', async () => {
    const agent = await signUpWithOutboxCodes(t, { full_name: 'Alex Agent', email: `alex-${randomUUID().slice(0, 8)}@example.test`, phone: phone(), password: 'correct horse battery staple 9', role: 'Agent', intent: 'nhd', brokerage_name: 'Bay Realty' });
    const token = agent.AccessToken;
    expect((await profile(token)).brokerage_name).toBe('Bay Realty');

    const first = await placeOrder(t, agent.user.id);
    expect(first.brokerage_name).toBe('Bay Realty');

    for (const bad of ['', '   ', 'x'.repeat(121), 42]) {
      const refused = await put(token, bad);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'brokerage_name' })] });
    }
    expect((await profile(token)).brokerage_name).toBe('Bay Realty');

    const saved = await put(token, '  Coast   Homes ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.brokerage_name).toBe('Coast Homes');
    expect((await profile(token)).brokerage_name).toBe('Coast Homes');

    // The new order carries the new brokerage; the first keeps the one it was placed with.
    const second = await placeOrder(t, agent.user.id, { order_id: randomUUID() });
    expect(second.brokerage_name).toBe('Coast Homes');
    const admin = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
    const rows = await waitFor(async () => {
      const list = await t.app.inject({ method: 'GET', url: `/api/v1/admin/nhd/orders?account_id=${agent.user.id}`, headers: admin });
      const items = (list.json().data.items as unknown[]).map((row) => NhdOrderView.parse(row));
      return items.length === 2 ? items : undefined;
    }, { what: "the agent's two orders in the admin list" });
    expect(Object.fromEntries(rows.map((row) => [row.order_id, row.brokerage_name]))).toEqual({ [first.order_id]: 'Bay Realty', [second.order_id]: 'Coast Homes' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/nhd/orders/${first.order_id}`, headers: admin });
    expect(detail.json().data.brokerage_name).toBe('Bay Realty');
  });

  it('refuses a brokerage to a Customer, and a Customer\'s order names none', async () => {
    const customerId = `acct-${randomUUID()}`;
    await registerAccount(t, customerId, { email: `${customerId}@example.test`, full_name: 'Casey Customer' });
    const token = await t.signInAs('Customer', customerId);
    const refused = await put(token, 'Bay Realty');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BROKERAGE_NOT_ALLOWED' });
    expect((await profile(token)).brokerage_name).toBeNull();
    expect((await placeOrder(t, customerId)).brokerage_name).toBeNull();
  });
});
