import { SCHEDULES_QUEUE } from '../../../platform/schedules/start.ts';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../../composition/embedded.ts';
import { loadConfig } from '../../../platform/config/load.ts';
import { reactionGroup } from '../../../platform/reactions/start.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { outboxOf, signInWithOutboxCode } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { formatSignInTime, signInNoticeReaction } from './reaction.ts';
import { signInNoticeEmail } from './template.ts';

const running: TestApp[] = [];
afterAll(async () => {
  for (const t of running) await t.stop();
  for (const t of running) rmSync(t.dataDir, { recursive: true, force: true });
});

const notices = async (t: TestApp) => (await outboxOf(t, SEEDED_ADMIN.email)).filter((m) => m.subject === 'New sign-in to your account');

const ADMIN_PHONE = '+14155550100';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** A second connection to the app's SQLite file (WAL: reads and small writes beside the running app). */
const database = (t: TestApp) => openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));

describe('new sign-in notice (a reaction to SessionStarted)', () => {
  it('emails the account holder exactly one notice per sign-in, rendered from the registered template, even when the event is delivered again', async () => {
    const first = await startTestApp({ SEED_ADMIN_PHONE: ADMIN_PHONE });
    running.push(first);
    await signInWithOutboxCode(first);
    const [notice] = await waitFor(async () => ((await notices(first)).length > 0 ? notices(first) : undefined), { what: 'the sign-in notice' });

    const [started] = await first.platform.eventStore.readAll({ after: 0, limit: 10, types: ['SessionStarted'] });
    if (!started) throw new Error('no SessionStarted event');
    const expected = await first.platform.templates.render(signInNoticeEmail.key, {
      full_name: 'Super Admin',
      signed_in_at: formatSignInTime(started.occurredAt, 'America/Los_Angeles'),
    });
    expect(expected.channel === 'email' && expected.subject).toBe('New sign-in to your account');
    expect(notice).toMatchObject({ to: SEEDED_ADMIN.email, subject: expected.channel === 'email' ? expected.subject : '', text: expected.text });
    expect(notice?.text).toMatch(/When: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M P[SD]T/);
    expect(notice?.text).toContain('If this was not you');
    expect(notice?.text).not.toContain('Device:'); // fetch's own agent names no browser

    // Redelivery: what a crash before the group's checkpoint write leaves; restart on the same data and deliver again.
    await first.stop();
    const db = database(first);
    db.prepare('UPDATE bus_checkpoints SET position = 0 WHERE group_name = ?').run(reactionGroup(signInNoticeReaction));
    db.close();
    const second = await startTestApp({ DATA_DIR: first.dataDir, SEED_ADMIN_PHONE: ADMIN_PHONE }); // its own dataDir stays empty
    running.push(second);
    const check = database(first);
    try {
      await waitFor(() => {
        const row = check.prepare('SELECT position FROM bus_checkpoints WHERE group_name = ?').get(reactionGroup(signInNoticeReaction)) as { position: number };
        const idle = check.prepare(`SELECT COUNT(*) AS n FROM job_queue WHERE state IN ('waiting', 'active') AND queue <> '${SCHEDULES_QUEUE}'`).get() as { n: number };
        return row.position >= started.position && idle.n === 0;
      }, { what: 'the event delivered again and the queue idle' });
    } finally {
      check.close();
    }
    expect(await notices(second)).toHaveLength(1);

    // A later sign-in is a new event: its own notice, naming the browser the user agent of the request says.
    await signInWithOutboxCode(second, { channel: 'phone', destination: ADMIN_PHONE, headers: { 'user-agent': `  ${FIREFOX_ON_WINDOWS}  ` } });
    const both = await waitFor(async () => ((await notices(second)).length === 2 ? notices(second) : undefined), { what: 'the second notice' });
    expect(both.filter((m) => m.text.includes('Device: Firefox on Windows'))).toHaveLength(1);
    const sessions = await second.platform.eventStore.readAll({ after: 0, limit: 10, types: ['SessionStarted'] });
    expect(sessions.map((e) => (e.data as { user_agent?: string }).user_agent)).toEqual([expect.not.stringMatching(/Firefox/), FIREFOX_ON_WINDOWS]);
  }, 60_000);
});
