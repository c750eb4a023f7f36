import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { MembershipView } from '@acpg/contracts/memberships';
import { registerAccount } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Super Admins find memberships by the member's name or email. */
describe('admin memberships search', () => {
  const t = useTestApp();

  it('finds a member’s membership by name or email, any case, with the other filters, and refuses a search too long', async () => {
    const tag = randomUUID().slice(0, 8);
    const [sky, jo] = [`acct-sky-${tag}`, `acct-jo-${tag}`];
    await registerAccount(t, sky, { email: `sky.${tag}@Example.test`, full_name: `Sky Harbor ${tag}` });
    await registerAccount(t, jo, { email: `jo.${tag}@example.test`, full_name: `Jo Field ${tag}` });
    await payWithTestCard(t, sky, TEST_CARDS.succeeds, 'monthly');
    await payWithTestCard(t, jo, TEST_CARDS.succeeds, 'yearly');
    const headers = { authorization: `Bearer ${await t.signInAs('Super Admin', `admin-${randomUUID()}`)}` };
    const search = async (query: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/memberships?${query}`, headers });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data.items as MembershipView[]).map((m) => m.account_id).sort();
    };
    await waitFor(async () => (await search(`q=${tag}`)).length === 2, { what: 'both memberships found by the tag' });
    expect(await search(`q=${encodeURIComponent(`SKY HARBOR ${tag}`)}`)).toEqual([sky]);
    expect(await search(`q=${encodeURIComponent(`jo.${tag}@example`)}`)).toEqual([jo]);
    expect(await search(`q=${tag}&plan_name=Yearly`)).toEqual([jo]);
    expect(await search(`q=${tag}&status=trialing&plan_name=Monthly`)).toEqual([sky]);
    expect(await search(`q=nobody-${tag}`)).toEqual([]);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/v1/admin/memberships?q=${'x'.repeat(101)}`, headers });
    expect(tooLong.statusCode).toBe(400);
  });
});
