import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EventEnvelope } from '@acpg/contracts/envelope';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { STREAM_CLOSE_FORBIDDEN, STREAM_CLOSE_UNAUTHORIZED } from './event-stream.ts';
import { managedContent, saveContentDraft } from '../../../test/content.ts';

describe('GET /api/v1/events/stream (WebSocket)', () => {
  let t: TestApp;
  let admin: string;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signInAs('Super Admin');
  });
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await t?.close();
  });

  const streamUrl = (query: Record<string, string>) => `${t.url.replace(/^http/, 'ws')}/api/v1/events/stream?${new URLSearchParams(query).toString()}`;
  const connect = (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const ws = new WebSocket(streamUrl(query), { headers });
    open.push(ws);
    const received: EventEnvelope[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as EventEnvelope));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
    return { ws, received, closed };
  };
  const store = (page_name: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user-interaction/store', payload: { page_name, button_name: 'Go' } });

  it('sends the stored events after `from`, filtered by type, then tails new ones', async () => {
    const page = `stream-${randomUUID()}`;
    const from = await t.platform.eventStore.headPosition();
    for (let i = 0; i < 3; i += 1) expect((await store(page)).statusCode).toBe(200);

    const { received } = connect({ from: String(from), type: 'UserInteractionRecorded', token: admin });
    await waitFor(() => received.length >= 3, { what: 'the three stored events' });
    expect(received.map((e) => e.type)).toEqual(['UserInteractionRecorded', 'UserInteractionRecorded', 'UserInteractionRecorded']);
    expect(received.every((e) => e.position > from && (e.data as { page_name: string }).page_name === page)).toBe(true);
    expect(received.map((e) => e.position)).toEqual([...received.map((e) => e.position)].sort((a, b) => a - b));

    expect((await store(page)).statusCode).toBe(200);
    await waitFor(() => received.length === 4, { what: 'the appended event' });
    expect(received[3]?.position).toBeGreaterThan(received[2]?.position ?? Infinity);
  });

  it('sends only the types asked for, from the start, with the token as a Bearer header', async () => {
    const { received } = connect({ from: '0', type: 'ContentDraftSaved,NoSuchType' }, { authorization: `Bearer ${admin}` });
    await waitFor(() => received.length >= 1, { what: 'the seeded content drafts' });
    const seeded = (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ContentDraftSaved'] })).length;
    await waitFor(() => received.length >= seeded, { what: 'every seeded draft' });
    expect((await store(`noise-${randomUUID()}`)).statusCode).toBe(200);
    // The noise is not of a requested type; a later draft saved is.
    const contact = await managedContent(t, admin, 'contact');
    const save = await saveContentDraft(t, admin, 'contact', { ...contact.draft, email: 'stream@example.com' }, contact.revision);
    expect(save.statusCode, save.body).toBe(200);
    await waitFor(() => received.length >= seeded + 1, { what: 'the draft saved' });
    expect(received.map((e) => e.type).every((type) => type === 'ContentDraftSaved')).toBe(true);
    expect(received.at(-1)?.data).toMatchObject({ key: 'contact', body: { email: 'stream@example.com' } });
  });

  it('closes with 4401 without a token or with a bad one, and 4403 for a Customer', async () => {
    expect((await connect({ from: '0' }).closed).code).toBe(STREAM_CLOSE_UNAUTHORIZED);
    expect((await connect({ from: '0', token: 'nope' }).closed).code).toBe(STREAM_CLOSE_UNAUTHORIZED);
    const customer = connect({ from: '0', token: await t.signInAs('Customer') });
    expect((await customer.closed).code).toBe(STREAM_CLOSE_FORBIDDEN);
    expect(customer.received).toEqual([]);
  });

  it('leaves no listener behind when the client leaves while its token is being checked', async () => {
    const { tokens, eventStore } = t.platform;
    const realVerify = tokens.verifyAccessToken.bind(tokens);
    const realOnAppended = eventStore.onAppended.bind(eventStore);
    let listening = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const checks: Promise<unknown>[] = [];
    tokens.verifyAccessToken = (token) => {
      const check = released.then(() => realVerify(token));
      checks.push(check);
      return check;
    };
    eventStore.onAppended = (listener) => {
      listening += 1;
      const stop = realOnAppended(listener);
      return () => {
        listening -= 1;
        stop();
      };
    };
    try {
      const { ws } = connect({ from: '0', token: admin });
      await waitFor(() => checks.length === 1, { what: 'the token check to start' });
      const clients = t.app.websocketServer.clients.size;
      ws.terminate();
      await waitFor(() => t.app.websocketServer.clients.size === clients - 1, { what: 'the server to see the client leave' });
      release();
      await Promise.all(checks);
      await new Promise((resolve) => setImmediate(resolve)); // the handler resumes after the check
      await waitFor(() => listening === 0, { timeoutMs: 2000, what: 'no event listener left for the departed client' });
    } finally {
      tokens.verifyAccessToken = realVerify;
      eventStore.onAppended = realOnAppended;
    }
  });

  it('closes with 4401 when the access token expires', async () => {
    const shortLived = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: '2' });
    try {
      const url = `${shortLived.url.replace(/^http/, 'ws')}/api/v1/events/stream?from=0&token=${await shortLived.signInAs('Super Admin')}`;
      const ws = new WebSocket(url);
      open.push(ws);
      let received = 0;
      ws.on('message', () => (received += 1));
      let closed: { code: number; at: number } | undefined;
      ws.once('close', (code) => (closed = { code, at: Date.now() }));
      await waitFor(() => received > 0, { what: 'the stream to send the stored events' });
      const started = Date.now();
      const { code, at } = await waitFor(() => closed, { timeoutMs: 5000, what: 'the stream to close at expiry' });
      expect(code).toBe(STREAM_CLOSE_UNAUTHORIZED);
      expect(at - started).toBeLessThan(3500);
    } finally {
      await shortLived.close();
    }
  });

  it('tells a plain GET to upgrade', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/events/stream' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ success: false, code: 'UPGRADE_REQUIRED' });
  });
});
