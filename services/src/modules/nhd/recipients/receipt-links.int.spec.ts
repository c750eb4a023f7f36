import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NhdOrderView } from '@acpg/contracts/nhd';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { expectSameAnswer } from '../../../../test/hostile.ts';
import { orderReaches, placeAndPayOrder } from '../../../../test/nhd.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';

// Issue 20, item 10: a recipient's emailed report link can be withdrawn by the orderer or a Super Admin, and expires.
describe('NHD report links: withdrawn and expired', () => {
  const t = useTestApp({ RECEIPT_LINK_DAYS: '3' });
  const { as, get, post } = apiClient(() => t);

  /** A delivered order and each recipient's link token, from the emails. */
  const deliveredOrder = async () => {
    const account = `acct-${randomUUID()}`;
    const { order } = await placeAndPayOrder(t, account);
    const delivered = await orderReaches(t, account, order.order_id, 'delivered');
    const tokens: string[] = [];
    for (const recipient of delivered.recipients) {
      const text = await waitFor(async () => (await outboxOf(t, recipient.email)).find((m) => m.text.includes('/nhd-receipt/'))?.text, { what: `the link to ${recipient.email}` });
      tokens.push(decodeURIComponent(/\/nhd-receipt\/([^\s"<]+)/.exec(text)?.[1] ?? ''));
    }
    return { account, order: delivered, tokens: tokens as [string, string] };
  };
  const answer = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
    const r = await response;
    return [r.statusCode, (r.json() as { code?: string }).code];
  };

  it('withdraws one link for its owner, then every link for a Super Admin; a withdrawn link opens nothing and says why', async () => {
    const { account, order, tokens } = await deliveredOrder();
    const [first, second] = tokens;
    const owner = await as('Customer', account);
    const revoke = (body: unknown, headers: Record<string, string>) => post(`/nhd/orders/${order.order_id}/receipt-links/revoke`, body, headers);

    // Bad input and other accounts change nothing.
    expect(await answer(revoke({ recipient_id: 'buyer' }, owner))).toEqual([400, 'VALIDATION_FAILED']);
    expect(await answer(revoke({ recipient_id: 'r9' }, owner))).toEqual([404, 'RECIPIENT_NOT_FOUND']);
    // Another account's order answers exactly as one that does not exist.
    const stranger = await as('Customer', `other-${randomUUID()}`);
    expectSameAnswer(await revoke({}, stranger), await post(`/nhd/orders/${randomUUID()}/receipt-links/revoke`, {}, stranger), 'revoke receipt links', 404);
    expect(await answer(revoke({}, {}))).toEqual([401, 'UNAUTHORIZED']);
    expect((await get(`/nhd/receipts/${first}`)).statusCode).toBe(200);

    const one = await revoke({ recipient_id: 'r1' }, owner);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe('The link was withdrawn. It no longer opens the report.');
    const view = one.json().data as NhdOrderView;
    expect(view.recipients.map((r) => [r.recipient_id, r.revoked_at !== null])).toEqual([['r1', true], ['r2', false]]);

    for (const call of [get(`/nhd/receipts/${first}`), get(`/nhd/receipts/${first}/report`), post(`/nhd/receipts/${first}/acknowledge`, undefined)]) {
      const r = await call;
      expect([r.statusCode, r.json().code]).toEqual([410, 'RECEIPT_LINK_REVOKED']);
      expect(r.json().message).toMatch(/^This link was withdrawn on .+\. Ask the person who ordered the report to send it to you again\.$/);
    }
    expect((await get(`/nhd/receipts/${second}/report`)).statusCode).toBe(200);

    // A Super Admin withdraws every link; again changes nothing.
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const all = await revoke({}, admin);
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json().data as NhdOrderView).recipients.every((r) => r.revoked_at !== null)).toBe(true);
    expect(await answer(get(`/nhd/receipts/${second}/report`))).toEqual([410, 'RECEIPT_LINK_REVOKED']);
    const again = await revoke({}, owner);
    expect([again.statusCode, again.json().message]).toEqual([200, 'There is no link left to withdraw.']);

    // The read model and the audit trail say so.
    const row = await waitFor(async () => {
      const r = (await get(`/nhd/orders/${order.order_id}`, owner)).json().data as NhdOrderView;
      return r.recipients.every((x) => x.revoked_at) ? r : undefined;
    }, { what: 'the withdrawn links in the order view' });
    expect(row.recipients).toHaveLength(2);
    const history = (await get(`/nhd/orders/${order.order_id}/history`, owner)).json().data.items as { event_type: string; by: string; summary: string }[];
    expect(history.filter((e) => e.event_type === 'NhdReceiptLinksRevoked').map((e) => e.by)).toEqual([account, expect.stringMatching(/^admin-/)]);
  }, 60_000);

  it('expires a link RECEIPT_LINK_DAYS (set to 3 here) after it was sent', async () => {
    const { tokens } = await deliveredOrder();
    const sent = (await get(`/nhd/receipts/${tokens[0]}`)).json().data as { sent_at: string; expires_at: string };
    expect(Date.parse(sent.expires_at) - Date.parse(sent.sent_at)).toBe(3 * 86_400_000);
    const real = t.platform.clock;
    try {
      t.platform.clock = () => new Date(real().getTime() + 2 * 86_400_000);
      expect((await get(`/nhd/receipts/${tokens[0]}`)).statusCode).toBe(200);
      t.platform.clock = () => new Date(real().getTime() + 4 * 86_400_000);
      for (const call of [get(`/nhd/receipts/${tokens[0]}`), get(`/nhd/receipts/${tokens[0]}/report`), post(`/nhd/receipts/${tokens[1]}/acknowledge`, undefined)]) {
        const r = await call;
        expect([r.statusCode, r.json().code]).toEqual([410, 'RECEIPT_LINK_EXPIRED']);
        expect(r.json().message).toMatch(/^This link expired on .+\. Ask the person who ordered the report to send it again\.$/);
      }
    } finally {
      t.platform.clock = real;
    }
  }, 60_000);
});
