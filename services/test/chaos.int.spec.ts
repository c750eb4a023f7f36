import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoredEvent } from '../src/platform/event-store/port.ts';
import { createTokenService } from '../src/platform/auth/tokens.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { createSqliteEventStore } from '../src/platform/event-store/sqlite.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
// The typing of inject('redisUrl') and inject('kafkaBrokers') (the harness's ProvidedContext).
import type {} from '../../test/engines.global-setup.ts';
import { freePort } from '../../test/engines.ts';
import { call, startChaosLoad, type ChaosLedger } from './chaos-load.ts';
import { startRole, tail, type RoleProcess } from './role-process.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { waitFor } from './wait-for.ts';

type Role = 'api' | 'projector' | 'worker';
// Three processes start at once on a shared 2-core machine (about 15 s alone); the bound is for a loaded run.
const START_MS = 60_000;
const REPORT_SUBJECT = 'Natural Hazard Disclosure report';

/** Counts of `key` over `items`. */
const countBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const moreThanOnce = (counts: Map<string, number>) => [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);

/**
 * Issue 23 item 6: the three-process topology (api, projector, worker on librdkafka's mock cluster, Redis, one shared
 * SQLite file) under a steady load of writes, each role killed with SIGKILL in turn and restarted as a supervisor
 * would; a client retries what got no answer where the API has an idempotency key. Then nothing acknowledged is lost
 * or doubled: events in the log, payments, order steps, emails; and the read models have caught up with the log.
 */
describe('chaos: each role of the three-process topology killed under load', () => {
  const run = `chaos${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-chaos-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const processes: RoleProcess[] = [];
  const current = new Map<Role, RoleProcess>();
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let env: Record<string, string>;
  let base = '';

  const start = (role: Role) => {
    const child = startRole(role, { ...env, ROLE: role });
    processes.push(child);
    current.set(role, child);
    return child.waitForLine(/"msg":"(started|listening on [^"]+)"/, `${role} start`, START_MS);
  };
  const outputs = () => processes.map((p) => `--- ${p.name}${p.alive() ? '' : ' (exited)'}\n${tail(p.output(), 15)}`).join('\n');
  /** SIGKILL, then a restart once it is gone (a supervisor's restart), resolved when the new process has started. */
  const killAndRestart = async (role: Role) => {
    const victim = current.get(role);
    if (!victim) throw new Error(`no ${role} running`);
    victim.child.kill('SIGKILL');
    await victim.exited;
    await start(role);
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      MODE: 'distributed',
      STORE: 'sqlite',
      DATA_DIR: dataDir,
      KEYS_DIR: `${dataDir}-keys`,
      LOG_LEVEL: 'info', // the roles say "started" at info
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      KAFKA_BROKERS: inject('kafkaBrokers'),
      KAFKA_TOPIC_PREFIX: run,
      KAFKA_CLIENT_ID: run,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_MAX_WAIT_MS: '100',
      // A database of its own on the shared redis-server, so no other suite's worker takes this run's jobs.
      REDIS_URL: `${inject('redisUrl')}/12`,
      // A killed worker's jobs run again within seconds, not BullMQ's 30 s.
      JOBS_LOCK_DURATION_MS: '3000',
      JWT_PRIVATE_KEY: pem,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      SMS_API_URL: 'http://127.0.0.1:9/sms',
      SMS_API_TOKEN: 'unused',
      SMS_FROM: 'ACPG',
      INTERACTION_RATE_LIMIT_PER_MINUTE: '0',
      PAYMENTS_GATEWAY: 'test',
    };
    await Promise.all((['api', 'projector', 'worker'] as const).map(start));
  }, START_MS + 10_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop(2000)));
    await smtp?.close();
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  /** Every event of the shared log, read from the SQLite file beside the processes. */
  const theLog = async (): Promise<StoredEvent[]> => {
    const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: dataDir })));
    try {
      const store = createSqliteEventStore(db);
      const events: StoredEvent[] = [];
      for (;;) {
        const page = await store.readAll({ after: events.at(-1)?.position ?? 0, limit: 5000 });
        events.push(...page);
        if (page.length < 5000) return events;
      }
    } finally {
      db.close();
    }
  };

  it('loses and doubles nothing acknowledged when the api, the projector and the worker are killed in turn', async () => {
    const tokens = await createTokenService({ privateKeyPem: pem, keys: { keysDir: `${dataDir}-test-keys` }, ttlSeconds: 3600 });
    const admin = await tokens.issueAccessToken({ userId: `admin-${run}`, roles: ['Super Admin'] });
    const page = `chaos ${run}`;
    // About 20 writes a second: 12 interactions, and two customers ordering and paying (four writes an order).
    const load = startChaosLoad({ base, page, issueToken: () => tokens.issueAccessToken({ userId: `acct-${randomUUID()}`, roles: ['Customer'] }), interactionsPerSecond: 12, orderLoops: 2, orderPauseMs: 300 });
    const { ledger } = load;
    /** Waits until the load has had `orders` more orders paid and `interactions` more stored since now. */
    const progress = async (what: string, orders = 3, interactions = 30) => {
      const [o, i] = [ledger.paidOrders.length, ledger.interactions.length];
      await waitFor(() => ledger.paidOrders.length >= o + orders && ledger.interactions.length >= i + interactions, { timeoutMs: 60_000, intervalMs: 100, what }).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${ledger.refusals.slice(0, 5).join('\n')}\n${outputs()}`);
      });
    };
    let final: ChaosLedger;
    try {
      await progress('the load to get going');
      for (const role of ['api', 'projector', 'worker'] as const) {
        await killAndRestart(role);
        await progress(`the load to go on after the ${role}'s restart`);
      }
    } finally {
      final = await load.stop();
    }
    expect(final.refusals, `answers other than success: ${final.refusals.slice(0, 5).join('; ')}`).toEqual([]);
    expect(final.retries, 'requests sent again while the api was down').toBeGreaterThan(0);

    // Every paid order reaches its last step (delivered), its read model holding the stream's head.
    const headOf = (events: StoredEvent[], stream: string) => events.filter((e) => e.stream === stream).at(-1)?.version ?? 0;
    await waitFor(
      async () => {
        const events = await theLog();
        for (const order of final.paidOrders) {
          const view = await call(base, 'GET', `/nhd/orders/${order.orderId}`, order.token);
          if (view?.status !== 200 || view.body.data?.status !== 'delivered') return false;
          if (view.body.data.version !== headOf(events, `nhd-order-${order.orderId}`)) return false;
        }
        return true;
      },
      { timeoutMs: 90_000, intervalMs: 500, what: `all ${final.paidOrders.length} paid orders delivered` },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${outputs()}`);
    });
    // Every report email went out (the jobs after the worker's restart included).
    const reportMails = () => smtp.messages.filter((m) => m.subject.startsWith(REPORT_SUBJECT));
    const expectedMails = final.paidOrders.flatMap((o) => o.emails);
    await waitFor(() => expectedMails.every((email) => reportMails().some((m) => m.to.includes(email))), { timeoutMs: 30_000, intervalMs: 200, what: 'every report email' });

    const events = await theLog();
    // The log: no event twice, every stream's versions 1..n without a gap.
    expect(moreThanOnce(countBy(events, (e) => e.id)), 'event ids stored twice').toEqual([]);
    const versions = new Map<string, number[]>();
    for (const e of events) versions.set(e.stream, [...(versions.get(e.stream) ?? []), e.version]);
    const gapped = [...versions].filter(([, v]) => v.some((version, i) => version !== i + 1)).map(([stream]) => stream);
    expect(gapped, 'streams whose versions are not 1..n').toEqual([]);

    // Interactions: each acknowledged one exactly once; an unanswered one at most once (it was not sent again).
    const recorded = countBy(
      events.filter((e) => e.type === 'UserInteractionRecorded' && (e.data as { page_name?: string }).page_name === page),
      (e) => String((e.data as { button_name?: string }).button_name),
    );
    expect(final.interactions.filter((b) => recorded.get(b) !== 1), 'acknowledged interactions not in the log exactly once').toEqual([]);
    expect(moreThanOnce(recorded), 'interactions stored twice').toEqual([]);

    // Orders and payments: each step once per paid order, one payment per checkout and per order.
    const ofOrder = (orderId: string) => countBy(events.filter((e) => e.stream === `nhd-order-${orderId}`), (e) => e.type);
    const steps = ['NhdOrderPlaced', 'NhdOrderPaid', 'NhdReportReady', 'NhdOrderDelivered'];
    const wrongSteps = final.paidOrders.flatMap((o) => {
      const counts = ofOrder(o.orderId);
      return steps.filter((step) => counts.get(step) !== 1).map((step) => `${o.orderId} ${step} ×${counts.get(step) ?? 0}`);
    });
    expect(wrongSteps, 'order steps not recorded exactly once').toEqual([]);
    const succeeded = events.filter((e) => e.type === 'PaymentSucceeded').map((e) => e.data as { checkout_id: string; nhd_order_id?: string });
    const byCheckout = countBy(succeeded, (p) => p.checkout_id);
    expect(final.paidOrders.filter((o) => byCheckout.get(o.checkoutId) !== 1).map((o) => o.checkoutId), 'acknowledged payments not recorded exactly once').toEqual([]);
    expect(moreThanOnce(countBy(succeeded, (p) => String(p.nhd_order_id))), 'orders charged twice').toEqual([]);
    const sentSteps = countBy(events.filter((e) => e.type === 'NhdReportSent'), (e) => `${e.stream} ${String((e.data as { recipient_id: string }).recipient_id)}`);
    expect(moreThanOnce(sentSteps), 'recipients marked sent twice').toEqual([]);

    // Emails: each recipient's report once (one Message-ID: a copy sent again after a crash carries the same one).
    const messageIds = new Map<string, Set<string>>();
    for (const mail of reportMails()) for (const to of mail.to) messageIds.set(to, (messageIds.get(to) ?? new Set()).add(mail.messageId));
    expect(expectedMails.filter((email) => messageIds.get(email)?.size !== 1).map((email) => `${email} ×${messageIds.get(email)?.size ?? 0}`), 'report emails not sent exactly once').toEqual([]);

    // The interactions read model has caught up with the log: it lists what the log holds, once each.
    await waitFor(
      async () => {
        const listed = await call(base, 'GET', `/admin/user-interactions?page_name=${encodeURIComponent(page)}&page_size=1`, admin);
        return listed?.status === 200 && (listed.body.data as { total: number }).total === recorded.size;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: `the interactions read model to list all ${recorded.size} recorded` },
    );
    console.log(
      `chaos: ${final.interactions.length} interactions acknowledged (${final.unansweredInteractions.length} unanswered), ` +
        `${final.paidOrders.length} orders paid and delivered, ${reportMails().length} report emails, ${final.retries} requests sent again, ${final.notYetPayable} checkouts of an order not yet in payments' copy`,
    );
  }, 240_000);
});
