import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NhdOrderView } from '@acpg/contracts/nhd';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { createTokenService } from '../src/platform/auth/tokens.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { createSqliteEventStore } from '../src/platform/event-store/sqlite.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { freePort } from '../../test/engines.ts';
import { orderBody } from './nhd.ts';
import { startRole, tail, type RoleProcess } from './role-process.ts';
import { waitFor } from './wait-for.ts';

const ORDERS = 12;

/**
 * Issue 9: the app (embedded profile, one SQLite file) is killed with SIGKILL while reports are being made; after a
 * restart every paid order reaches delivered and each recipient is emailed exactly once.
 */
describe('NHD reports survive SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-nhd-kill-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let app: RoleProcess | undefined;
  afterAll(async () => {
    await app?.stop(1000);
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  });

  const start = async (port: number) => {
    const started = startRole('app', {
      MODE: 'embedded',
      ROLE: 'all',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEV_OUTBOX: 'true',
      JWT_PRIVATE_KEY: pem,
      WEB_DIST_DIR: join(dataDir, 'none'),
    });
    await waitFor(() => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false), { timeoutMs: 40_000, what: `the app to start:\n${tail(started.output())}` });
    return started;
  };

  it('leaves every paid order delivered after a restart, each recipient emailed once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = await start(port);
    const tokens = await createTokenService({ privateKeyPem: pem, keys: { keysDir: dataDir }, ttlSeconds: 3600 });
    const account = `acct-${randomUUID()}`;
    const token = await tokens.issueAccessToken({ userId: account, roles: ['Customer'] });
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const json = (await r.json()) as { data: Record<string, unknown> };
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return json.data;
    };

    // Orders placed, each with its card ready; then every payment at once, so reports queue up behind each other.
    const orders: { orderId: string; emails: string[]; method: unknown }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const body = orderBody();
      await post('/nhd/orders', body);
      const method = await post('/payments/test-gateway/payment-methods', { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Kill Test' });
      orders.push({ orderId: body.order_id, emails: body.recipients.map((r) => r.email), method: method.payment_method_id });
    }
    const checkouts = orders.map((o) => ({ checkout_id: randomUUID(), nhd_order_id: o.orderId, accept_terms: true, payment_method_id: o.method }));
    const payments = checkouts.map((c) => post('/payments/checkouts', c).then(() => null, (e: unknown) => e));

    // Killed as soon as a report begins: the others are paid, queued or half made.
    const config = loadConfig({ DATA_DIR: dataDir });
    const db = openSqlite(sqliteFile(config));
    const store = createSqliteEventStore(db);
    let unanswered: typeof checkouts;
    try {
      await waitFor(async () => (await store.readAll({ after: 0, limit: 1, types: ['NhdReportGenerationStarted'] })).length > 0, { timeoutMs: 30_000, intervalMs: 2, what: 'a report to begin' });
      app.child.kill('SIGKILL');
      await app.exited;
      const answers = await Promise.all(payments);
      unanswered = checkouts.filter((_, i) => answers[i] !== null);
      const ready = await store.readAll({ after: 0, limit: 1000, types: ['NhdReportReady'] });
      const paid = await store.readAll({ after: 0, limit: 1000, types: ['PaymentSucceeded'] });
      // The kill interrupted work: some paid orders had no report yet.
      expect(ready.length).toBeLessThan(ORDERS);
      expect(paid.length).toBeGreaterThan(0);
    } finally {
      db.close();
    }

    app = await start(port);
    // A payer whose Pay got no answer presses it again: the same checkout, so it is charged once.
    for (const checkout of unanswered) await post('/payments/checkouts', checkout);
    const view = async (orderId: string) => {
      const r = await fetch(`${base}/api/v1/nhd/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data: NhdOrderView }).data;
    };
    /** Orders whose payment the gateway took (PaymentSucceeded naming the order), read from the log. */
    const paidOrderIds = async () => {
      const reader = openSqlite(sqliteFile(config));
      try {
        const events = await createSqliteEventStore(reader).readAll({ after: 0, limit: 1000, types: ['PaymentSucceeded'] });
        return new Set(events.map((e) => String((e.data as { nhd_order_id?: string }).nhd_order_id)));
      } finally {
        reader.close();
      }
    };
    // After the restart the checkouts under way settle (the gateway's queued events), then every paid order is delivered.
    const delivered = await waitFor(
      async () => {
        const paid = await paidOrderIds();
        if (paid.size < ORDERS) return undefined;
        const views = await Promise.all(orders.map((o) => view(o.orderId)));
        return views.every((v) => v.status === 'delivered') ? views : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'every order paid and delivered' },
    );
    expect(delivered).toHaveLength(ORDERS);
    for (const view of delivered) {
      for (const recipient of view.recipients) {
        const r = await fetch(`${base}/api/v1/dev/outbox?to=${encodeURIComponent(recipient.email)}`);
        const items = ((await r.json()) as { data: { items: { subject: string }[] } }).data.items.filter((m) => m.subject.startsWith('Natural Hazard Disclosure report'));
        expect(items, recipient.email).toHaveLength(1);
      }
    }
  }, 150_000);
});
