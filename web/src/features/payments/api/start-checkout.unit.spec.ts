import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, useKvStorage } from '../../../lib/kv.ts';
import { resetSession } from '../../../lib/session.ts';
import { startCheckout } from './payments.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stillRecording = () => json(429, { success: false, code: 'STILL_BEING_RECORDED', message: 'This was made a moment ago and is still being recorded. Try again in a moment.', retry_after_seconds: 0.01 });
const paid = () => json(200, { success: true, data: { checkout_id: 'c-1', status: 'succeeded' } });
const body = { checkout_id: 'c-1', nhd_order_id: 'o-1', payment_method_id: 'pm-1', accept_terms: true };

beforeEach(() => {
  useKvStorage(memoryStorage());
  resetSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('startCheckout', () => {
  it('sends the same checkout again while the order is still being recorded, then answers its result', async () => {
    const answers = [stillRecording(), stillRecording(), paid()];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    await expect(startCheckout(body)).resolves.toMatchObject({ checkout_id: 'c-1', status: 'succeeded' });
    expect(fetch).toHaveBeenCalledTimes(3);
    for (const [, init] of fetch.mock.calls as unknown as [string, RequestInit][]) expect(JSON.parse(String(init.body))).toMatchObject({ checkout_id: 'c-1' });
  });

  it('gives the payer the message after a few tries, and never retries another refusal', async () => {
    const fetch = vi.fn(async () => stillRecording());
    vi.stubGlobal('fetch', fetch);
    await expect(startCheckout(body)).rejects.toThrow(/still being recorded/);
    expect(fetch).toHaveBeenCalledTimes(4);
    const refused = vi.fn(async () => json(409, { success: false, code: 'NHD_ORDER_NOT_PAYABLE', message: 'This order was paid already.' }));
    vi.stubGlobal('fetch', refused);
    await expect(startCheckout(body)).rejects.toThrow(/paid already/);
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
