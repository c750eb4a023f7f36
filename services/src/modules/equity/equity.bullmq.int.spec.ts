import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_NOTICES_QUEUE } from '@acpg/contracts/notifications';
import { alertsOf, CSV_HEADER, importCsv, protectProperty } from '../../../test/equity.ts';
import { distributedApp } from '../../../test/distributed.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { MATCHING_QUEUE } from './imports/matching.ts';
import { ENROLMENT_PAYMENTS_QUEUE } from './payment/reaction.ts';
import { acceptedIds } from '../../../test/bullmq-jobs.ts';

/**
 * The distributed profile in one process: the enrolment's payment, the matching job and the alert's notice run on
 * BullMQ over the real redis-server; events travel over Kafka (the mock cluster).
 */
describe('Equity Protect matching and alerts on BullMQ/Redis and Kafka (distributed profile)', () => {
  const { app, redisUrl } = distributedApp('equity', 10);

  it('matches an import once per file, raises one alert per recording and asks for one notice each', async () => {
    const t = app();
    const member = `acct-${randomUUID()}`;
    await protectProperty(t, member, 'ca-lax-00001');
    expect(await acceptedIds(redisUrl(), ENROLMENT_PAYMENTS_QUEUE)).toHaveLength(1);
    const doc = `2026-${Math.floor(Math.random() * 1e7)}`;
    const today = new Date().toISOString().slice(0, 10);
    const csv = `${CSV_HEADER}\n${doc},Los Angeles,0165-307-174,notice_of_default,${today},Western Title Company,Pat Member,4500000\n2026-1,Los Angeles,9999-999-999,lien,${today},A,Pat Member,100\n`;
    const first = await importCsv(t, csv);
    const second = await importCsv(t, csv);
    expect([first.alert_count, second.alert_count]).toEqual([1, 1]);
    expect(await acceptedIds(redisUrl(), MATCHING_QUEUE)).toHaveLength(2);
    const alerts = await waitFor(async () => {
      const list = await alertsOf(t, member);
      return list.length > 0 ? list : undefined;
    }, { what: 'the alert in the member’s list', timeoutMs: 30_000 });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.recording.document_number).toBe(doc);
    const notices = await waitFor(async () => {
      const ids = (await acceptedIds(redisUrl(), ACCOUNT_NOTICES_QUEUE)).filter((id) => id.includes('equity.notices'));
      return ids.length > 0 ? ids : undefined;
    }, { what: 'the alert’s notice job', timeoutMs: 30_000 });
    expect(notices).toHaveLength(1);
    const raised = (await t.platform.eventStore.readStream(`equity-alert-${alerts[0]?.alert_id}`)).filter((e) => e.type === 'EquityAlertRaised');
    expect(raised).toHaveLength(1);
  }, 120_000);
});
