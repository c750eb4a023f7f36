import { describe, expect, it } from 'vitest';
import { bodyFrom, leaksIn, operationsOf, requestsFor, scopingViolations, type Inject, type OpenApiDocument, type ScopingRun } from './scoping.ts';

const ORDER = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const EMAIL = 'bravo.member@example.test';

/** A document of a few fake operations: a list, an order by id, a checkout that names an order, a public lookup. */
const doc: OpenApiDocument = {
  paths: {
    '/api/v1/things': { get: { description: 'Capability `things.list`', parameters: [{ name: 'account_id', in: 'query' }, { name: 'q', in: 'query' }, { name: 'page', in: 'query' }] } },
    '/api/v1/orders/{id}': { get: { description: 'Capability `records.own`', parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }] } },
    '/api/v1/checkouts': {
      post: {
        description: 'Capability `payments.own`',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Checkout' } } } },
      },
    },
    '/api/v1/lookup/{token}': { get: { parameters: [{ name: 'token', in: 'path', schema: { type: 'string' } }] } },
  },
  components: {
    schemas: {
      Checkout: {
        type: 'object',
        properties: {
          checkout_id: { type: 'string', format: 'uuid' },
          nhd_order_id: { type: 'string', format: 'uuid' },
          kind: { type: 'string', enum: ['card', 'bank'] },
          accept_terms: { type: 'boolean', enum: [true] },
          note: { type: 'string' },
        },
        required: ['checkout_id', 'kind', 'accept_terms'],
      },
    },
  },
};
const ids = new Map([
  [ORDER, ['order_id']],
  [ACCOUNT, ['account_id']],
]);
const owners = [{ accountId: ACCOUNT, providerId: undefined, email: EMAIL }];
const ops = operationsOf(doc);
const op = (key: string) => {
  const found = ops.find((o) => o.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('the scoping check’s generator', () => {
  it('reads every operation with its capability, none for a public one', () => {
    expect(ops.map((o) => [o.key, o.capability])).toEqual([
      ['GET /api/v1/things', 'things.list'],
      ['GET /api/v1/orders/{id}', 'records.own'],
      ['POST /api/v1/checkouts', 'payments.own'],
      ['GET /api/v1/lookup/{token}', undefined],
    ]);
  });

  it('builds a minimal body: required fields, the first enum value, id fields filled or fresh', () => {
    const body = bodyFrom(doc.paths['/api/v1/checkouts']?.post?.requestBody?.content?.['application/json']?.schema ?? {}, doc, (field) => (field === 'checkout_id' ? ORDER : undefined));
    expect(body).toEqual({ checkout_id: ORDER, kind: 'card', accept_terms: true });
    const fresh = bodyFrom({ type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] }, doc, () => undefined) as { order_id: string };
    expect(fresh.order_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("fills a path with each other's id, a list's filters with each owner's, and a body field only with an id of its kind", () => {
    expect(requestsFor(op('GET /api/v1/orders/{id}'), doc, ids, owners).map((r) => [r.url, r.byOthersId])).toEqual([
      [`/api/v1/orders/${ORDER}`, true],
      [`/api/v1/orders/${ACCOUNT}`, true],
    ]);
    expect(requestsFor(op('GET /api/v1/things'), doc, ids, owners).map((r) => r.url)).toEqual(['/api/v1/things', `/api/v1/things?account_id=${ACCOUNT}&q=${encodeURIComponent(EMAIL)}`]);
    const checkouts = requestsFor(op('POST /api/v1/checkouts'), doc, ids, owners);
    // The bare body, and the order's id as the optional nhd_order_id; the account id fits no field of the body.
    expect(checkouts).toHaveLength(2);
    expect(checkouts[1]?.payload).toMatchObject({ nhd_order_id: ORDER });
    expect(checkouts.some((r) => JSON.stringify(r.payload).includes(ACCOUNT))).toBe(false);
    expect(requestsFor(op('GET /api/v1/orders/{id}'), doc, ids, owners, { all: false })).toHaveLength(1);
  });

  it('finds a secret in an answer, whatever its case, but not one the request itself sent', () => {
    expect(leaksIn(`{"email":"${EMAIL.toUpperCase()}"}`, [EMAIL, ORDER], [])).toEqual([EMAIL]);
    expect(leaksIn(`{"message":"Order ${ORDER} not found"}`, [EMAIL, ORDER], [ORDER])).toEqual([]);
  });
});

describe('the scoping check fails on a leaking route', () => {
  const caller = { label: 'Provider Admin of A', headers: {}, may: () => true };
  const run = (inject: Inject, over: Partial<ScopingRun> = {}) => scopingViolations(inject, { doc, ops, callers: [caller], ids, owners, secrets: [...ids.keys(), EMAIL], publicByDesign: {}, ...over });
  /** An app whose routes answer as `answer` says, by method and url. */
  const fake =
    (answer: (method: string, url: string) => { statusCode: number; body: string }): Inject =>
    async (options) =>
      answer(String(options.method), options.url);
  const scoped = fake((_, url) => (url.startsWith('/api/v1/things') ? { statusCode: 200, body: '{"data":{"items":[]}}' } : { statusCode: 404, body: `{"success":false,"message":"${url} not found","code":"NOT_FOUND"}` }));

  it('passes an app that keeps to its own (an empty list, not found echoing the id asked for)', async () => {
    expect((await run(scoped)).violations).toEqual([]);
  });

  it('fails a list showing another member’s email, a read answering another’s id, and a 5xx', async () => {
    const leaky = fake((method, url) => {
      if (url.startsWith('/api/v1/things')) return { statusCode: 200, body: `{"data":{"items":[{"email":"${EMAIL}"}]}}` };
      if (url === `/api/v1/orders/${ORDER}`) return { statusCode: 200, body: '{"data":{"status":"paid"}}' };
      if (method === 'POST') return { statusCode: 500, body: '{"message":"boom"}' };
      return { statusCode: 404, body: '{}' };
    });
    const { violations } = await run(leaky);
    expect(violations).toEqual(
      expect.arrayContaining([
        `GET /api/v1/things as Provider Admin of A: 200 shows ${EMAIL}`,
        expect.stringContaining(`GET /api/v1/orders/${ORDER} as Provider Admin of A: 200 on another's id`),
        expect.stringContaining('POST /api/v1/checkouts as Provider Admin of A: 500'),
      ]),
    );
  });

  it('lets a public-by-design operation show what it shows, and an overseer see everything, but never a 5xx', async () => {
    const shows = fake(() => ({ statusCode: 200, body: `{"email":"${EMAIL}"}` }));
    const publicByDesign = { 'GET /api/v1/lookup/{token}': 'invitees preview by token' };
    expect((await run(shows, { ops: [op('GET /api/v1/lookup/{token}')], publicByDesign })).violations).toEqual([]);
    expect((await run(shows, { overseer: true })).violations).toEqual([]);
    const crashes = fake(() => ({ statusCode: 503, body: '' }));
    // A refusal outside the error envelope is a violation too.
    const bare = (await run(fake(() => ({ statusCode: 404, body: 'Not Found' })), { overseer: true, ops: [op('GET /api/v1/things')] })).violations;
    expect(bare).toHaveLength(2);
    expect(bare.every((violation) => violation.includes('404 not in the error envelope'))).toBe(true);
    expect((await run(crashes, { overseer: true, ops: [op('GET /api/v1/things')] })).violations).toHaveLength(2);
  });

  it('fails an answer other than 401 (anonymous) / 403 in the error envelope to a caller the role table refuses', async () => {
    const refused = { label: 'Customer', headers: {}, may: (capability: string | undefined) => capability !== 'things.list' };
    const anonymous = { label: 'anonymous', headers: {}, anonymous: true, may: () => false };
    const things = [op('GET /api/v1/things')];
    const guard = (status: number): Inject => fake(() => ({ statusCode: status, body: '{"success":false,"message":"No","code":"FORBIDDEN"}' }));
    expect((await run(guard(403), { ops: things, callers: [refused] })).violations).toEqual([]);
    expect((await run(guard(401), { ops: things, callers: [anonymous] })).violations).toEqual([]);
    expect((await run(guard(200), { ops: things, callers: [refused] })).violations).toEqual([expect.stringContaining('GET /api/v1/things as Customer: 200, not 403 (no things.list)')]);
    expect((await run(guard(403), { ops: things, callers: [anonymous] })).violations).toEqual([expect.stringContaining('as anonymous: 403, not 401')]);
    expect((await run(fake(() => ({ statusCode: 403, body: 'Forbidden' })), { ops: things, callers: [refused] })).violations).toHaveLength(1);
    const { covered, refused: ids } = await run(guard(403), { callers: [anonymous, refused] });
    // Every refusal by its request id, for the suite's check that none of them wrote.
    expect(ids.size).toBeGreaterThan(0);
    // Every signed-in operation by each caller, the public one once.
    expect(covered.size).toBe(3 * 2 + 1);
  });
});
