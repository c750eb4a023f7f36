import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NhdOrderView } from '@acpg/contracts/nhd';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { placeOrder } from '../../../test/nhd.ts';

/** Read your own write through the entity kit's GET by id: the command answers its version, the read asks for it. */
describe('GET an entity with ?min_version=', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const read = async (account: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${await t.signInAs('Customer', account)}` } });

  it('answers at least the version the command answered, the moment after the command', async () => {
    const account = `acct-${randomUUID()}`;
    const placed = await placeOrder(t, account);
    expect(placed.version).toBe(1);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nhd/orders/${placed.order_id}/cancel`,
      payload: { reason: 'Ordered the wrong property' },
      headers: { authorization: `Bearer ${await t.signInAs('Customer', account)}` },
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = cancel.json().data as NhdOrderView;
    expect(cancelled).toMatchObject({ status: 'cancelled', version: 2 });

    const again = await read(account, `/nhd/orders/${placed.order_id}?min_version=${cancelled.version}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ order_id: placed.order_id, status: 'cancelled', version: 2 });
  });

  it('refuses a min_version that is not a whole number from 0, saying so, and another account’s order is still unknown', async () => {
    const account = `acct-${randomUUID()}`;
    const placed = await placeOrder(t, account);
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const answer = await read(account, `/nhd/orders/${placed.order_id}?min_version=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(answer.body).toContain('min_version must be a whole number');
    }
    const stranger = await read(`acct-${randomUUID()}`, `/nhd/orders/${placed.order_id}?min_version=1`);
    expect(stranger.statusCode).toBe(404);
  });
});
