import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UPLOAD_SLOTS } from '../src/platform/uploads/in-flight.ts';
import { distributedSettings } from './distributed.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { streamUpload } from './streamed-upload.ts';

/**
 * Two api processes of the distributed profile on one redis-server (a database of this suite's own), each with its own
 * data, Kafka topics and keys: what one process counts against a client, the other counts too.
 */
describe('abuse counters shared by two api processes through Redis', () => {
  const apps: TestApp[] = [];
  const app = (index: 0 | 1): TestApp => {
    const started = apps[index];
    if (!started) throw new Error(`app ${index} has not started`);
    return started;
  };

  beforeAll(async () => {
    const redisUrl = `${inject('redisUrl')}/13`;
    for (const name of ['counters-a', 'counters-b']) {
      const settings = distributedSettings(`${name}-${randomUUID().slice(0, 8)}`, inject('kafkaBrokers'), redisUrl);
      // api processes (no consumers: nothing here needs them); behind a proxy that says who the client is; 5 interactions a minute per client.
      apps.push(await startTestApp({ ...settings, ROLE: 'api', TRUST_PROXY: 'true', INTERACTION_RATE_LIMIT_PER_MINUTE: '5' }));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((started) => started.close()));
  }, 60_000);

  const interact = (index: 0 | 1, from: string) =>
    app(index).app.inject({
      method: 'POST',
      url: '/api/v1/user-interaction/store',
      headers: { 'x-forwarded-for': from },
      payload: { page_name: 'limits', button_name: 'Go' },
    });

  it('counts a rate limit across both processes, for every address of one IPv6 /64', async () => {
    // 5 allowed a minute: 3 on the first process and 2 on the second, each from another address of one /64.
    for (const from of ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1::3']) expect((await interact(0, from)).statusCode).toBe(200);
    for (const from of ['2001:db8:77:1:ffff::4', '2001:db8:77:1::5']) expect((await interact(1, from)).statusCode).toBe(200);
    // The sixth is refused on either process, from any address of that /64 (each process alone has seen at most 3).
    const refused = await interact(1, '2001:db8:77:1::6');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect((await interact(0, '2001:db8:77:1:abcd:ef01:2345:6789')).statusCode).toBe(429);
    // Another /64 is another client.
    expect((await interact(0, '2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client and its IPv4-mapped IPv6 spelling as one, across both processes', async () => {
    for (let i = 0; i < 3; i += 1) expect((await interact(0, '203.0.113.50')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await interact(1, '::ffff:203.0.113.50')).statusCode).toBe(200);
    expect((await interact(1, '203.0.113.50')).statusCode).toBe(429);
    expect((await interact(0, '::ffff:203.0.113.50')).statusCode).toBe(429);
    expect((await interact(0, '203.0.113.51')).statusCode).toBe(200);
  });

  it("counts an account's uploads in flight across both processes: a third parallel upload is refused on either", async () => {
    const admin = `admin-${randomUUID().slice(0, 8)}`;
    const headersOn = async (index: 0 | 1) => ({ authorization: `Bearer ${await app(index).signInAs('Super Admin', admin)}` });
    const importOn = async (index: 0 | 1, fillBytes: number, slow: boolean) =>
      streamUpload({
        url: `${app(index).url}/api/v1/admin/equity/imports`,
        headers: await headersOn(index),
        fields: {},
        fileField: 'file',
        filename: 'recordings.csv',
        head: Buffer.from('document_number,county,apn,document_type,recorded_at,grantor,grantee,amount_cents\n'),
        fillBytes,
        ...(slow ? { chunkBytes: 16 * 1024, delayMs: 100 } : {}),
      });
    // One slow import on each process: the account's 2 slots, one held by each.
    const first = await importOn(0, 4 * 1024 * 1024, true);
    const second = await importOn(1, 4 * 1024 * 1024, true);
    const deadline = Date.now() + 10_000;
    while (UPLOAD_SLOTS.inFlight(admin) < 2) {
      if (Date.now() > deadline) throw new Error('timed out waiting for both imports to hold a slot');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const index of [0, 1] as const) {
      const third = await (await importOn(index, 0, false)).answer;
      expect(third.status, third.body).toBe(429);
      expect(JSON.parse(third.body)).toMatchObject({ code: 'UPLOADS_IN_FLIGHT' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Ending one frees its slot for the account on the other process too.
    first.abort();
    second.abort();
    const freed = Date.now() + 10_000;
    while (UPLOAD_SLOTS.inFlight(admin) > 0) {
      if (Date.now() > freed) throw new Error('timed out waiting for the slots to be freed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    let again = await (await importOn(1, 0, false)).answer;
    // The shared slot is freed just after the answer went out (not awaited): give it a moment, with a deadline.
    for (const until = Date.now() + 5_000; again.status === 429 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await (await importOn(1, 0, false)).answer;
    }
    expect(again.status, again.body).not.toBe(429);
  }, 60_000);
});
