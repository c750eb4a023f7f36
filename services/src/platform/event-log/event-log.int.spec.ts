import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventTailPage, StreamHistoryPage } from '@acpg/contracts/event-log';
import { useTestApp } from '../../../test/harness.ts';
import { registerAccount } from '../../../test/accounts.ts';

describe('admin events: tail, stream history, export', () => {
  const t = useTestApp();
  const get = async (url: string, query: Record<string, string | string[]> = {}, role: 'Super Admin' | 'Admin' | 'Customer' | null = 'Super Admin') =>
    t.app.inject({
      method: 'GET',
      url,
      query,
      headers: role ? { authorization: `Bearer ${await t.signInAs(role)}` } : {},
    });
  const tail = async (query: Record<string, string | string[]>) => {
    const res = await get('/api/v1/admin/events', query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: EventTailPage }).data;
  };
  /**
   * Two streams of this test, `<base>-a` (registered, then its time zone) and `<base>-b` (registered): three events of
   * two types, appended as identity appends them.
   */
  const seedProbes = async () => {
    const id = `evlog-${randomUUID()}`;
    await registerAccount(t, `${id}-a`, { email: `${id}-a@example.test`, full_name: 'Ada Probe', time_zone: 'America/Denver' });
    await registerAccount(t, `${id}-b`, { email: `${id}-b@example.test`, full_name: 'Bo Probe' });
    return `identity-account-${id}`;
  };

  it('answers the tail newest first, filtered by type and by exact or prefixed stream, keyset-paged by position', async () => {
    const base = await seedProbes();
    const all = await tail({ stream: base });
    expect(all.items.map((e) => [e.stream, e.type])).toEqual([
      [`${base}-b`, 'AccountRegistered'],
      [`${base}-a`, 'AccountTimeZoneSet'],
      [`${base}-a`, 'AccountRegistered'],
    ]);
    expect(all.next_before).toBeNull();
    expect((await tail({ stream: `${base}-a`, stream_match: 'exact' })).items.map((e) => e.version)).toEqual([2, 1]);
    expect(await tail({ stream: base, stream_match: 'exact' })).toEqual({ items: [], next_before: null });
    expect((await tail({ stream: base, type: 'AccountRegistered' })).items.map((e) => e.stream)).toEqual([`${base}-b`, `${base}-a`]);
    expect((await tail({ stream: base, type: ['AccountTimeZoneSet', 'AccountRegistered'] })).items).toHaveLength(3);

    const first = await tail({ stream: base, limit: '2' });
    expect(first.items.map((e) => e.position)).toEqual(all.items.slice(0, 2).map((e) => e.position));
    expect(first.next_before).toBe(all.items[1]?.position);
    const second = await tail({ stream: base, limit: '2', before: String(first.next_before) });
    expect(second.items.map((e) => e.position)).toEqual([all.items[2]?.position]);
    expect(second.next_before).toBeNull();
  });

  it('redacts a sensitive event’s data in the tail and in its stream’s history', async () => {
    const { items } = await tail({ type: 'AccountPasswordSet', limit: '1' });
    const event = items[0];
    if (!event) throw new Error('the seeded Super Admin has no AccountPasswordSet event');
    const [stored] = await t.platform.eventStore.readStream(event.stream, event.version);
    expect(JSON.stringify(stored?.data)).toContain('password_hash'); // the store holds it; the answer must not
    expect(event.data).toEqual({ redacted: true });

    const res = await get(`/api/v1/admin/events/streams/${encodeURIComponent(event.stream)}`);
    expect(res.statusCode, res.body).toBe(200);
    const history = (res.json() as { data: StreamHistoryPage }).data;
    expect(history.items.map((e) => e.version)).toEqual(history.items.map((_, i) => i + 1));
    expect(history.items.find((e) => e.type === 'AccountPasswordSet')?.data).toEqual({ redacted: true });
    expect(res.body).not.toContain('password_hash');
  });

  it('pages a stream’s history oldest first by version; an unknown stream has none', async () => {
    const base = await seedProbes();
    const url = `/api/v1/admin/events/streams/${base}-a`;
    const first = (await get(url, { limit: '1' })).json() as { data: StreamHistoryPage };
    expect(first.data.items.map((e) => [e.version, e.type])).toEqual([[1, 'AccountRegistered']]);
    expect(first.data.next_version).toBe(2);
    const second = (await get(url, { limit: '1', from_version: '2' })).json() as { data: StreamHistoryPage };
    expect(second.data.items.map((e) => [e.version, e.type, e.data])).toEqual([[2, 'AccountTimeZoneSet', expect.objectContaining({ time_zone: 'America/Denver' })]]);
    expect(second.data.next_version).toBeNull();
    const none = (await get(`/api/v1/admin/events/streams/${base}-z`)).json() as { data: StreamHistoryPage };
    expect(none.data).toEqual({ stream: `${base}-z`, items: [], next_version: null });
  });

  it('exports by type and range as a streamed JSONL or CSV attachment, redacted', async () => {
    const base = await seedProbes();
    const today = new Date().toISOString().slice(0, 10);
    const jsonl = await get('/api/v1/admin/events/export', { format: 'jsonl', type: ['AccountTimeZoneSet', 'AccountPasswordSet'], from: today, to: today });
    expect(jsonl.statusCode, jsonl.body).toBe(200);
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(jsonl.headers['content-disposition']).toBe(`attachment; filename="events-${today}-to-${today}.jsonl"`);
    const lines = jsonl.body.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; stream: string; data: unknown });
    expect(lines.some((e) => e.stream === `${base}-a` && e.type === 'AccountTimeZoneSet')).toBe(true);
    expect(lines.every((e) => e.type === 'AccountTimeZoneSet' || e.type === 'AccountPasswordSet')).toBe(true);
    expect(lines.filter((e) => e.type === 'AccountPasswordSet').map((e) => e.data)).toContainEqual({ redacted: true });
    expect(jsonl.body).not.toContain('password_hash');

    const csv = await get('/api/v1/admin/events/export', { format: 'csv', type: 'AccountRegistered', from: today });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="events-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csv.body.trimEnd().split('\n');
    expect(rows[0]).toBe('position,id,type,stream,version,occurredAt,actor,correlationId,causationId,schemaVersion,data');
    expect(rows.filter((row) => row.includes(`,AccountRegistered,${base}-`))).toHaveLength(2);

    const past = await get('/api/v1/admin/events/export', { format: 'csv', type: 'AccountRegistered', to: '2000-01-01' });
    expect(past.body.trimEnd().split('\n')).toHaveLength(1); // the header only
  });

  it('refuses a bad export range or format with 400 before sending anything', async () => {
    const queries: Record<string, string>[] = [{ from: 'yesterday' }, { from: '2026-02-02', to: '2026-02-01' }, { format: 'xlsx' }];
    for (const query of queries) {
      const res = await get('/api/v1/admin/events/export', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
  });

  it('refuses Admins, members and anonymous callers on every route', async () => {
    const urls = ['/api/v1/admin/events', '/api/v1/admin/events/types', '/api/v1/admin/events/streams/probe-x', '/api/v1/admin/events/export'];
    for (const url of urls) {
      expect((await get(url, {}, 'Admin')).statusCode, url).toBe(403);
      expect((await get(url, {}, 'Customer')).statusCode, url).toBe(403);
      expect((await get(url, {}, null)).statusCode, url).toBe(401);
    }
  });

  it('lists the known event types with their module and whether they are redacted', async () => {
    const res = await get('/api/v1/admin/events/types');
    const types = (res.json() as { data: { type: string; module: string; sensitive: boolean }[] }).data;
    expect(types).toContainEqual({ type: 'AccountPasswordSet', module: 'identity', sensitive: true });
    expect(types).toContainEqual({ type: 'AccountRegistered', module: 'identity', sensitive: false });
  });
});
