import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { registerAccount } from '../../../../test/accounts.ts';

type ListBody = { success: true; data: { items: Interaction[]; total: number; page: number; page_size: number } };

describe('user interactions: store, list, summary', () => {
  let t: TestApp;
  let admin: string;
  const realClock = () => new Date();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signInAs('Super Admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const store = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user-interaction/store', payload: body as object, headers });

  const list = async (query: Record<string, string | number>, token = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/user-interactions',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ListBody).data;
  };
  const summary = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/user-interactions/summary', query, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: InteractionSummary }).data;
  };
  /** Waits until the read model holds `count` interactions of this page. */
  const projected = (page_name: string, count: number) =>
    waitFor(async () => (await list({ page_name })).total === count, { what: `${count} interactions of ${page_name} projected` });

  it('stores an interaction and lists it with its location and the time it happened', async () => {
    const page = `home-${randomUUID()}`;
    const res = await store(
      { data_id: 17, page_name: page, button_name: 'Get started' },
      { 'user-location': JSON.stringify({ latitude: 34.05, longitude: -118.24 }), authorization: `Bearer ${await t.signInAs('Customer', 'u-9')}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    await projected(page, 1);
    const { items } = await list({ page_name: page });
    expect(items).toEqual([
      {
        id: expect.any(String),
        data_id: '17',
        page_name: page,
        interaction_type: 'click',
        button_name: 'Get started',
        user_id: 'u-9',
        location: { latitude: 34.05, longitude: -118.24 },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        version: 1,
        position: expect.any(Number),
      },
    ]);
    expect(items[0]!.position).toBeGreaterThan(0);
  });

  it('records a missing User-Location and the header "null" as no location', async () => {
    const page = `loc-${randomUUID()}`;
    expect((await store({ page_name: page, button_name: 'a' })).statusCode).toBe(200);
    expect((await store({ page_name: page, button_name: 'b' }, { 'user-location': 'null' })).statusCode).toBe(200);
    await projected(page, 2);
    expect((await list({ page_name: page })).items.map((i) => i.location)).toEqual([null, null]);
  });

  it('records the signed-in caller as the user, whatever user_id the page sent', async () => {
    const page = `signed-${randomUUID()}`;
    const customer = await t.signInAs('Customer', 'customer-42');
    const res = await store({ page_name: page, button_name: 'Buy', user_id: 'someone-else' }, { authorization: `Bearer ${customer}` });
    expect(res.statusCode).toBe(200);
    await projected(page, 1);
    expect((await list({ page_name: page })).items[0]?.user_id).toBe('customer-42');
  });

  it('attributes an anonymous interaction to nobody, whatever user_id it names (no one can act in another’s name)', async () => {
    const page = `anonymous-${randomUUID()}`;
    const victim = randomUUID();
    await registerAccount(t, victim, { email: `vic.${victim}@example.test`, full_name: 'Vic Tim' });
    for (const user_id of [victim, 'customer-42', 42]) {
      expect((await store({ page_name: page, button_name: 'Buy', user_id })).statusCode).toBe(200);
    }
    await projected(page, 3);
    expect((await list({ page_name: page })).items.map((i) => i.user_id)).toEqual([null, null, null]);
    expect((await list({ page_name: page, user_id: victim })).total).toBe(0);
    expect((await list({ page_name: page, user_id: 'customer-42' })).total).toBe(0);
  });

  it('finds a user’s interactions by their name or email (insights’ copy of identity’s events), in the list and the summary', async () => {
    const page = `people-${randomUUID()}`;
    const tag = randomUUID().slice(0, 8);
    const [ana, bo] = [`acct-ana-${tag}`, `acct-bo-${tag}`];
    await registerAccount(t, ana, { email: `ana.${tag}@Example.test`, full_name: `Ana Quill ${tag}` });
    await registerAccount(t, bo, { email: `bo.${tag}@example.test`, full_name: `Bo Ridge ${tag}` });
    for (const [who, times] of [[ana, 2], [bo, 1]] as const) {
      const token = await t.signInAs('Customer', who);
      for (let i = 0; i < times; i++) expect((await store({ page_name: page, button_name: 'Go' }, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    }
    await projected(page, 3);
    await waitFor(async () => (await list({ page_name: page, user: `ana quill ${tag}` })).total === 2, { what: 'Ana found by her name' });
    expect((await list({ page_name: page, user: `ANA.${tag}@example` })).items.every((i) => i.user_id === ana)).toBe(true);
    expect((await list({ page_name: page, user: tag })).total).toBe(3);
    expect((await list({ page_name: page, user: `nobody-${tag}` })).total).toBe(0);
    expect((await list({ page_name: page, user: `bo ridge ${tag}`, user_id: ana })).total).toBe(0);
    expect((await summary({ page_name: page, user: `bo.${tag}` })).total).toBe(1);
    const tooLong = await t.app.inject({ method: 'GET', url: '/api/v1/admin/user-interactions', query: { user: 'x'.repeat(101) }, headers: { authorization: `Bearer ${admin}` } });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a malformed body with 400 and stores nothing', async () => {
    const head = await t.platform.eventStore.headPosition();
    for (const body of [{ button_name: 'x' }, { page_name: '', button_name: 'x' }, { page_name: 'p', button_name: 'x', interaction_type: 'y'.repeat(51) }]) {
      const res = await store(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json() as { success: boolean; code: string; message: string; errors: { path: string }[] };
      expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(error.errors.length).toBeGreaterThan(0);
    }
    const missing = (await store({ button_name: 'x' })).json() as { message: string; errors: { path: string }[] };
    expect(missing.message).toBe('page_name is required.');
    expect(missing.errors[0]?.path).toBe('page_name');
    expect(await t.platform.eventStore.headPosition()).toBe(head);
  });

  it('refuses a bad User-Location header with 400 and stores nothing', async () => {
    const head = await t.platform.eventStore.headPosition();
    for (const header of ['{not json', '{"latitude": 91, "longitude": 0}', '"here"', '{"latitude": 1}']) {
      const res = await store({ page_name: 'p', button_name: 'b' }, { 'user-location': header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'User-Location must be JSON with latitude and longitude, or null.',
        errors: [{ path: 'user-location' }],
      });
    }
    expect(await t.platform.eventStore.headPosition()).toBe(head);
  });

  it('lets only a Super Admin read the list and the summary', async () => {
    for (const url of ['/api/v1/admin/user-interactions', '/api/v1/admin/user-interactions/summary']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const customer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.signInAs('Customer')}` } });
      expect(customer.statusCode, url).toBe(403);
      expect(customer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  describe('filters, sort, paging and summary', () => {
    const page = `dash-${randomUUID()}`;
    const other = `dash-other-${randomUUID()}`;
    // 12 interactions over three UTC days, on two buttons; 2 on another page.
    const plan: { at: string; button: string; type?: string }[] = [
      ...Array.from({ length: 5 }, (_, i) => ({ at: `2025-01-30T23:0${i}:00.000Z`, button: 'Buy' })),
      ...Array.from({ length: 4 }, (_, i) => ({ at: `2025-01-31T12:0${i}:00.000Z`, button: 'Help' })),
      ...Array.from({ length: 3 }, (_, i) => ({ at: `2025-02-01T00:0${i}:00.000Z`, button: 'Buy', type: 'view' })),
    ];

    beforeAll(async () => {
      const helper = { authorization: `Bearer ${await t.signInAs('Customer', 'helper')}` };
      for (const step of plan) {
        t.platform.clock = () => new Date(step.at);
        const res = await store({ page_name: page, button_name: step.button, interaction_type: step.type ?? 'click' }, step.button === 'Help' ? helper : {});
        expect(res.statusCode).toBe(200);
      }
      t.platform.clock = () => new Date('2025-01-31T08:00:00.000Z');
      for (let i = 0; i < 2; i += 1) expect((await store({ page_name: other, button_name: 'Buy' })).statusCode).toBe(200);
      t.platform.clock = realClock;
      await projected(page, plan.length);
      await projected(other, 2);
    });

    it('pages with 10 by default, newest first, without overlap', async () => {
      const first = await list({ page_name: page });
      expect(first).toMatchObject({ total: 12, page: 1, page_size: 10 });
      expect(first.items).toHaveLength(10);
      const second = await list({ page_name: page, page: 2 });
      expect(second.items).toHaveLength(2);
      const all = [...first.items, ...second.items].map((i) => i.created_at);
      expect(all).toEqual([...plan.map((p) => p.at)].sort().reverse());
      expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(12);
    });

    it('sorts by the field and order asked', async () => {
      const { items } = await list({ page_name: page, sort: 'button_name', order: 'asc', page_size: 12 });
      expect(items.map((i) => i.button_name)).toEqual([...Array(8).fill('Buy'), ...Array(4).fill('Help')]);
      // Ties within a button follow the order asked too: oldest first when ascending, newest first when descending.
      const times = (button: string, rows: typeof items) => rows.filter((i) => i.button_name === button).map((i) => i.created_at);
      expect(times('Buy', items)).toEqual([...times('Buy', items)].sort());
      expect(times('Help', items)).toEqual([...times('Help', items)].sort());
      const descending = (await list({ page_name: page, sort: 'button_name', order: 'desc', page_size: 12 })).items;
      expect(descending.map((i) => i.button_name)).toEqual([...Array(4).fill('Help'), ...Array(8).fill('Buy')]);
      expect(times('Buy', descending)).toEqual([...times('Buy', descending)].sort().reverse());
      const oldest = await list({ page_name: page, sort: 'created_at', order: 'asc', page_size: 1 });
      expect(oldest.items[0]?.created_at).toBe('2025-01-30T23:00:00.000Z');
    });

    it('filters by exact fields', async () => {
      expect((await list({ page_name: page, button_name: 'Help' })).total).toBe(4);
      expect((await list({ page_name: page, interaction_type: 'view' })).total).toBe(3);
      expect((await list({ page_name: page, user_id: 'helper' })).total).toBe(4);
      expect((await list({ page_name: page, button_name: 'Hel' })).total).toBe(0);
    });

    it('filters by time: a bare date `to` includes its whole day', async () => {
      expect((await list({ page_name: page, from: '2025-01-31', to: '2025-01-31' })).total).toBe(4);
      expect((await list({ page_name: page, to: '2025-01-31' })).total).toBe(9);
      expect((await list({ page_name: page, from: '2025-01-31T12:02:00Z' })).total).toBe(5);
      expect((await list({ page_name: page, to: '2025-01-31T12:00:00Z' })).total).toBe(6);
    });

    it('refuses filters it cannot read', async () => {
      for (const query of ['from=yesterday', 'page_size=0', 'page_size=101', 'sort=location', 'order=up']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/user-interactions?${query}`, headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
    });

    it('refuses a `from` later than `to`, and says how to write a date', async () => {
      const get = (url: string, query: string) => t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { authorization: `Bearer ${admin}` } });
      for (const url of ['/api/v1/admin/user-interactions', '/api/v1/admin/user-interactions/summary']) {
        for (const query of ['from=2025-02-01&to=2025-01-31', 'from=2025-01-31T12:00:01Z&to=2025-01-31T12:00:00Z', 'from=2025-02-01T00:00:00Z&to=2025-01-31']) {
          const res = await get(url, query);
          expect(res.statusCode, `${url}?${query}`).toBe(400);
          expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'from must not be later than to.' });
        }
        // The same instant, and a time within a bare date's day, are fine.
        for (const query of ['from=2025-01-31&to=2025-01-31', 'from=2025-01-31T23:59:59Z&to=2025-01-31', 'from=2025-01-31T12:00:00Z&to=2025-01-31T14:00:00%2B02:00']) {
          expect((await get(url, query)).statusCode, `${url}?${query}`).toBe(200);
        }
        for (const field of ['from', 'to']) {
          const res = await get(url, `${field}=yesterday`);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time.` });
        }
      }
    });

    it('reaches the end of year 9999: `to=9999-12-31` includes everything, `from` then includes nothing', async () => {
      const lists = [(query: Record<string, string>) => list(query), (query: Record<string, string>) => summary(query)];
      for (const read of lists) {
        expect((await read({ page_name: page, to: '9999-12-31' })).total).toBe(12);
        expect((await read({ page_name: page, to: '9999-12-31T23:59:59.999Z' })).total).toBe(12);
        // 23:00 at UTC-5 is in year 10000 in UTC: still the end of everything stored, not before it.
        expect((await read({ page_name: page, from: '2025-01-31', to: '9999-12-31T23:00:00-05:00' })).total).toBe(7);
        expect((await read({ page_name: page, from: '9999-12-31T23:00:00-05:00' })).total).toBe(0);
        expect((await read({ page_name: page, from: '9999-12-31' })).total).toBe(0);
        expect((await read({ page_name: page, from: '0000-01-01', to: '9999-12-31' })).total).toBe(12);
      }
    });

    it('refuses a year past 9999 with a clear 400', async () => {
      for (const url of ['/api/v1/admin/user-interactions', '/api/v1/admin/user-interactions/summary']) {
        for (const [field, value] of [
          ['to', '10000-01-01'],
          ['to', '+010000-01-01T00:00:00Z'],
          ['from', '10000-01-01T00:00:00Z'],
        ] as const) {
          const res = await t.app.inject({ method: 'GET', url, query: { [field]: value }, headers: { authorization: `Bearer ${admin}` } });
          expect(res.statusCode, `${url} ${field}=${value}`).toBe(400);
          expect(res.json()).toEqual({
            success: false,
            code: 'VALIDATION_FAILED',
            message: `${field} must be a date no later than 9999-12-31.`,
            errors: [{ path: field, message: `${field} must be a date no later than 9999-12-31.` }],
          });
        }
      }
    });

    it('summarises exactly what was stored: total, by page, by button, by UTC day', async () => {
      expect(await summary({ page_name: page })).toEqual({
        total: 12,
        by_page: [{ page_name: page, count: 12 }],
        by_button: [
          { button_name: 'Buy', count: 8 },
          { button_name: 'Help', count: 4 },
        ],
        by_day: [
          { day: '2025-01-30', count: 5 },
          { day: '2025-01-31', count: 4 },
          { day: '2025-02-01', count: 3 },
        ],
        position: expect.any(Number),
      });
      const day = await summary({ from: '2025-01-31', to: '2025-01-31' });
      expect(day.by_page).toEqual(expect.arrayContaining([{ page_name: page, count: 4 }, { page_name: other, count: 2 }]));
      expect(day.by_day).toEqual([{ day: '2025-01-31', count: day.total }]);
    });
  });
});
