import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { ACCOUNTS_COLLECTION } from './projection.ts';

const URL = '/api/v1/admin/accounts/names';
let t: TestApp;
let adminId: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  // The seeded Super Admin reaches the read model through the projection; two more accounts are written to it directly.
  adminId = await waitFor<string>(async () => (await t.platform.documents.find(ACCOUNTS_COLLECTION, { email: SEEDED_ADMIN.email }))[0]?._id, { what: 'the admin account' });
  for (const [id, full_name] of [['acct-ada', 'Ada Lovelace'], ['acct-grace', 'Grace Hopper']] as const) {
    await t.platform.documents.upsert(ACCOUNTS_COLLECTION, { _id: id, id, email: `${id}@example.test`, full_name, roles: ['Customer'], phone_masked: null, profile_img: null, created_at: new Date().toISOString() });
  }
  admin = await t.signInAs('Super Admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const names = (ids: string, token = admin) => t.app.inject({ method: 'GET', url: URL, query: { ids }, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/v1/admin/accounts/names', () => {
  it('answers the full name of each account asked for', async () => {
    const response = await names(`${adminId},acct-ada, acct-grace`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { names: { [adminId]: 'Super Admin', 'acct-ada': 'Ada Lovelace', 'acct-grace': 'Grace Hopper' } } });
  });

  it('leaves unknown ids out', async () => {
    const response = await names('acct-ada,nobody,acct-ada');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ names: { 'acct-ada': 'Ada Lovelace' } });
  });

  it('refuses no ids and more than 100 ids with 400 in the error envelope', async () => {
    for (const ids of ['', ' , ']) {
      const response = await names(ids);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'ids: Give at least one account id.' });
    }
    const missing = await t.app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${admin}` } });
    expect(missing.statusCode).toBe(400);
    const tooMany = await names(Array.from({ length: 101 }, (_, n) => `acct-${n}`).join(','));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'ids: Ask for at most 100 accounts at a time.' });
    expect((await names(Array.from({ length: 100 }, (_, n) => `acct-${n}`).join(','))).statusCode).toBe(200);
  });

  it('says in words what is wrong with an over-long id or ids given twice', async () => {
    const long = await names('a'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('ids.0: An account id is at most 100 characters.');
    const twice = await t.app.inject({ method: 'GET', url: `${URL}?ids=acct-ada&ids=acct-grace`, headers: { authorization: `Bearer ${admin}` } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'ids: Give the account ids once, separated by commas (ids=a,b).' });
    const missing = await t.app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${admin}` } });
    expect(missing.json().message).toBe('ids is required.');
  });

  it('answers 401 without a token and 403 to anyone but a Super Admin', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: URL, query: { ids: 'acct-ada' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    for (const role of ['Customer', 'Provider Admin'] as const) {
      const response = await names('acct-ada', await t.signInAs(role));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('is documented in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(spec.paths).toHaveProperty('/api/v1/admin/accounts/names');
  });
});
