import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { MODULES } from '../../composition/modules.ts';
import { EVENT_LOG_DECLARATIONS } from '../event-log/live.ts';
import { entityRooms } from './rooms.ts';

type Doc = {
  asyncapi: string;
  servers: Record<string, { pathname: string; host: string; security: unknown[] }>;
  channels: Record<string, { address: string | null; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; reply?: unknown; channel: { $ref: string } }>;
  components: { messages: Record<string, { payload: { schema?: { type?: string; properties?: Record<string, unknown> } } }>; securitySchemes: Record<string, unknown> };
};

/** Every `*_MESSAGE` constant the contracts export that names a live message (`kind.event`). */
const contractMessages = async (): Promise<string[]> => {
  const dir = resolve(import.meta.dirname, '../../../../contracts/src');
  const names: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.spec.'))) {
    const exports = (await import(resolve(dir, file))) as Record<string, unknown>;
    for (const [key, value] of Object.entries(exports)) {
      if (key.endsWith('_MESSAGE') && typeof value === 'string' && /^[a-z][a-z_-]*\.[a-z_]+$/.test(value)) names.push(value);
    }
  }
  return names;
};

describe('the live channel documented (AsyncAPI 3 at /api/v1/asyncapi.json)', () => {
  const t = useTestApp();
  let doc: Doc;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
  }, 60_000);

  it('says how to connect: socket.io path, the token in the handshake auth', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.servers.api).toMatchObject({ pathname: '/socket.io', security: [{ $ref: '#/components/securitySchemes/accessToken' }] });
    expect(JSON.stringify(doc.components.securitySchemes)).toContain('auth: { token }');
  });

  it('lists every entity room the modules declare, with its id parameter', () => {
    const kinds = entityRooms(MODULES, t.platform).kinds;
    expect(kinds).toEqual(expect.arrayContaining(['account', 'checkout', 'nhd-order', 'reimbursement-claim', 'equity-alert']));
    for (const kind of kinds) expect(doc.channels[kind]?.address, kind).toBe(`${kind}:{id}`);
    expect(doc.channels['role-super-admin']?.address).toBe('role:Super Admin');
  });

  it('lists every pushed message, each with its JSON Schema payload and the rooms it goes to', async () => {
    const declared = [...MODULES, EVENT_LOG_DECLARATIONS].flatMap((m) => (m.pushes ?? []).map((p) => p.name));
    const named = await contractMessages();
    expect(named.length).toBeGreaterThanOrEqual(10);
    // A message named in the contracts but not declared by its module would be refused at push time: both lists agree.
    expect([...named].sort()).toEqual([...declared].sort());
    for (const name of declared) {
      const schema = doc.components.messages[name]?.payload.schema;
      expect(schema?.type, name).toBe('object');
      expect(Object.keys(schema?.properties ?? {}).length, name).toBeGreaterThan(2);
      const inChannels = Object.values(doc.channels).some((c) => Object.keys(c.messages).includes(name));
      expect(inChannels, name).toBe(true);
    }
    expect(doc.components.messages['payment.updated']?.payload.schema?.properties).toHaveProperty('equity_enrollment_id');
  });

  it('documents subscribe with its acknowledgement (success and refusal) and unsubscribe', () => {
    expect(doc.operations.subscribe).toMatchObject({ action: 'send', reply: { messages: [{ $ref: '#/channels/control/messages/subscribeAck' }] } });
    expect(doc.operations.unsubscribe?.action).toBe('send');
    const ack = JSON.stringify(doc.components.messages.subscribeAck);
    expect(ack).toContain('"const":true');
    expect(ack).toContain('"const":false');
    expect(JSON.stringify(doc.components.messages.subscribe)).toContain('before POSTing');
    expect(doc.operations['receive-checkout']?.action).toBe('receive');
  });

  it('is linked from the OpenAPI document', async () => {
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { info: { description: string } };
    expect(openapi.info.description).toContain('/api/v1/asyncapi.json');
  });

  it('refuses a push of a message no module declares, so none goes undocumented', () => {
    expect(() => t.platform.realtime.toRole('Super Admin', 'undocumented.message', {})).toThrow(/not declared in any module's pushes/);
    expect(() => t.platform.realtime.toEntity('checkout:x', 'undocumented.message', {})).toThrow(/not declared/);
    expect(() => t.platform.realtime.toRole('Super Admin', 'payment.updated', { nothing: true })).not.toThrow();
  });
});
