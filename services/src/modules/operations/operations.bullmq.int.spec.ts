import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import type { OperationsOverview, OperatorActionsPage } from '@acpg/contracts/operations';
import { distributedApp } from '../../../test/distributed.ts';
import { waitFor } from '../../../test/wait-for.ts';

describe('operations on the distributed profile (BullMQ on Redis, Kafka, SQLite store)', () => {
  const { app } = distributedApp('ops', 13);

  it('is ready when SQLite, Redis, Kafka and the projections answer, and shows them with the queues', async () => {
    const ready = await app().app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((ready.json() as { data: { checks: { name: string }[] } }).data.checks.map((c) => c.name).sort()).toEqual(['kafka', 'projections', 'redis', 'sqlite']);
    const admin = { authorization: `Bearer ${await app().signInAs('Super Admin', 'ops-admin')}` };
    const overview = await app().app.inject({ method: 'GET', url: '/api/v1/admin/operations', headers: admin });
    expect(overview.statusCode, overview.body).toBe(200);
    const data = (overview.json() as { data: OperationsOverview }).data;
    expect(data.mode).toBe('distributed');
    expect(data.dependencies.filter((d) => !d.ok)).toEqual([]);
    expect(data.queues.map((q) => q.queue)).toContain(NOTIFICATIONS_QUEUE);
  });

  it('discards a dead BullMQ job with a reason, recorded once', async () => {
    const admin = { authorization: `Bearer ${await app().signInAs('Super Admin', 'ops-admin')}` };
    const id = `ops-bull:${randomUUID()}`;
    await app().platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'notification', { bogus: true }, { id });
    await waitFor(async () => (await app().platform.jobs.job(NOTIFICATIONS_QUEUE, id))?.state === 'dead', { what: 'the job to die', timeoutMs: 20_000 });
    const url = `/api/v1/admin/operations/queues/${NOTIFICATIONS_QUEUE}/jobs/${encodeURIComponent(id)}`;
    const discarded = await app().app.inject({ method: 'POST', url: `${url}/discard`, payload: { reason: 'Bad data from a test' }, headers: admin });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect((await app().app.inject({ method: 'POST', url: `${url}/discard`, payload: { reason: 'Twice' }, headers: admin })).statusCode).toBe(404);
    const actions = await waitFor(
      async () => {
        const r = await app().app.inject({ method: 'GET', url: '/api/v1/admin/operations/actions', headers: admin });
        const page = (r.json() as { data: OperatorActionsPage }).data;
        return page.items.some((a) => a.job_id === id) ? page : undefined;
      },
      { what: 'the action in the history', timeoutMs: 20_000 },
    );
    expect(actions.items.filter((a) => a.job_id === id)).toMatchObject([{ action: 'discarded', by: 'ops-admin', reason: 'Bad data from a test' }]);
  });
});
