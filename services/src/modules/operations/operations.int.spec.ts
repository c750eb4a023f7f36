import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import type { JobDetail, JobsPage, OperationsOverview, OperatorActionsPage } from '@acpg/contracts/operations';
import type { Role } from '@acpg/contracts/roles';
import { useTestApp } from '../../../test/harness.ts';
import { registerAccount } from '../../../test/accounts.ts';
import { waitFor } from '../../../test/wait-for.ts';

const base = '/api/v1/admin/operations';

describe('operations (Super Admin): queues, dead jobs, lag, readiness', () => {
  const t = useTestApp();
  let admin: string;
  beforeAll(async () => {
    await registerAccount(t, 'acc-ops-admin', { email: 'ops-admin@example.test', full_name: 'Olive Operator', roles: ['Super Admin'] });
    admin = await t.signInAs('Super Admin', 'acc-ops-admin');
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = admin) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
  const jobUrl = (id: string, tail = '') => `${base}/queues/${NOTIFICATIONS_QUEUE}/jobs/${encodeURIComponent(id)}${tail}`;

  /** A notification whose data does not parse: the worker dead-letters it at once. */
  const deadJob = async () => {
    const id = `ops-test:${randomUUID()}`;
    await t.platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'notification', { bogus: true, code: '424242' }, { id });
    await waitFor(async () => (await t.platform.jobs.job(NOTIFICATIONS_QUEUE, id))?.state === 'dead', { what: 'the job to die' });
    return id;
  };

  it('shows every queue with its counts, projections and consumers with lag, and dependencies', async () => {
    const res = await call('GET', base);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: OperationsOverview }).data;
    expect(data.mode).toBe('embedded');
    expect(data.queues.map((q) => q.queue)).toContain(NOTIFICATIONS_QUEUE);
    expect(data.projections.find((p) => p.name === 'operations.actions')).toMatchObject({ capped: false });
    expect(data.projections.length).toBeGreaterThan(10);
    expect(data.consumers.length).toBeGreaterThan(0);
    expect(data.consumers.every((c) => c.known)).toBe(true);
    expect(data.dependencies).toEqual([
      { name: 'sqlite', ok: true, error: null },
      { name: 'projections', ok: true, error: null },
    ]);
  });

  it('lists dead jobs, shows one with its error and its data redacted, and retries it with a reason recorded', async () => {
    const id = await deadJob();
    const list = await call('GET', `${base}/queues/${NOTIFICATIONS_QUEUE}/jobs?state=dead&page_size=100`);
    expect(list.statusCode, list.body).toBe(200);
    const page = (list.json() as { data: JobsPage }).data;
    expect(page.items.find((job) => job.id === id)).toMatchObject({ state: 'dead', name: 'notification' });

    const one = await call('GET', jobUrl(id));
    expect(one.statusCode, one.body).toBe(200);
    const detail = (one.json() as { data: JobDetail }).data;
    expect(detail.error).toBeTruthy();
    expect(JSON.stringify(detail.data)).not.toContain('424242');
    expect(detail.data).toMatchObject({ bogus: true });

    expect((await call('POST', jobUrl(id, '/retry'), { reason: 'no' })).statusCode).toBe(400);
    const retried = await call('POST', jobUrl(id, '/retry'), { reason: 'SMTP is back up' });
    expect(retried.statusCode, retried.body).toBe(200);
    // It ran again (attempts reset) and, its data still bad, died again.
    await waitFor(async () => (await t.platform.jobs.job(NOTIFICATIONS_QUEUE, id))?.state === 'dead', { what: 'the retried job to die again' });

    const history = await call('GET', `${base}/actions`);
    expect(history.statusCode, history.body).toBe(200);
    const actions = (history.json() as { data: OperatorActionsPage }).data;
    expect(actions.items[0]).toMatchObject({ action: 'retried', queue: NOTIFICATIONS_QUEUE, job_id: id, by: 'acc-ops-admin', by_name: 'Olive Operator', reason: 'SMTP is back up' });
  });

  it('discards a dead job; an unknown or no longer dead job answers 404 or 409 and records nothing', async () => {
    const id = await deadJob();
    const discarded = await call('POST', jobUrl(id, '/discard'), { reason: 'Bad data, never deliverable' });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(await t.platform.jobs.job(NOTIFICATIONS_QUEUE, id)).toBeNull();
    const before = (await call('GET', `${base}/actions?page_size=100`)).json() as { data: OperatorActionsPage };
    expect(before.data.items.filter((a) => a.job_id === id).map((a) => a.action)).toEqual(['discarded']);

    const again = await call('POST', jobUrl(id, '/discard'), { reason: 'Once more' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, code: 'JOB_NOT_FOUND' });
    const delayedId = `ops-test:${randomUUID()}`;
    await t.platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'notification', {}, { id: delayedId, delayMs: 3_600_000 });
    const notDead = await call('POST', jobUrl(delayedId, '/retry'), { reason: 'Not dead yet' });
    expect(notDead.statusCode).toBe(409);
    expect(notDead.json()).toMatchObject({ success: false, code: 'JOB_NOT_DEAD' });
    expect((await call('POST', `${base}/queues/no-such-queue/jobs/x/retry`, { reason: 'Whatever' })).statusCode).toBe(404);

    const after = (await call('GET', `${base}/actions?page_size=100`)).json() as { data: OperatorActionsPage };
    expect(after.data.total).toBe(before.data.total);
  });

  it('refuses Admins, members and anonymous callers', async () => {
    for (const role of ['Admin', 'Customer', 'Provider Admin'] as Role[]) {
      const token = await t.signInAs(role);
      for (const url of [base, `${base}/actions`, `${base}/queues/${NOTIFICATIONS_QUEUE}/jobs`]) expect((await call('GET', url, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', jobUrl('x', '/retry'), { reason: 'Not mine' }, token)).statusCode).toBe(403);
    }
    expect((await call('GET', base, undefined, null)).statusCode).toBe(401);
  });

  it('/api/health/ready answers 200 when every dependency passes, 503 naming the one that does not', async () => {
    const ready = await call('GET', '/api/health/ready', undefined, null);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { status: 'ready', checks: [{ name: 'sqlite', ok: true }, { name: 'projections', ok: true }] } });
    t.platform.operations.projectionsRunning(false);
    try {
      const down = await call('GET', '/api/health/ready', undefined, null);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ success: false, code: 'NOT_READY', checks: [{ name: 'sqlite', ok: true }, { name: 'projections', ok: false }] });
      expect(down.body).not.toContain('not running'); // no details beyond names and ok/not
    } finally {
      t.platform.operations.projectionsRunning(true);
    }
    expect((await call('GET', '/api/health', undefined, null)).statusCode).toBe(200);
  });
});
