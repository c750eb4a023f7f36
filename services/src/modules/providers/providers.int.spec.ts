import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { ProviderDetail, ProviderSaved, ProviderView } from '@acpg/contracts/providers';
import { registerAccount } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/harness.ts';
import { signInWithOutboxCode } from '../../../test/sign-in.ts';
import { signUpWithOutboxCodes } from '../../../test/sign-up.ts';
import { waitFor } from '../../../test/wait-for.ts';

const t = useTestApp({ CAPTCHA_COST: '1' });

/** A minute later on the app's clock: the next code to a destination may be sent (the resend delay is 60 s). */
const aMinuteLater = () => {
  const previous = t.platform.clock;
  t.platform.clock = () => new Date(previous().getTime() + 61_000);
};

const details = (name = `Provider ${randomUUID().slice(0, 8)}`) => ({
  name,
  kind: 'Homebuilder',
  contact: { name: 'Pat Lee', email: 'Pat@Builder.example', phone: '+14155550123' },
  address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
});

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token ?? (await t.signInAs('Super Admin', 'providers-admin'))}` },
  });

const create = async (body = details()) => {
  const response = await call('POST', '/admin/providers', body);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderSaved.parse(response.json().data);
};
const detail = async (id: string) => {
  const response = await call('GET', `/admin/providers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderDetail.parse(response.json().data);
};

describe('providers (Super Admin, /admin/providers)', () => {
  it('creates a provider, lists it by name and status, and reads it back', async () => {
    const name = `Lennar ${randomUUID().slice(0, 8)}`;
    const saved = await create(details(name));
    expect(saved).toMatchObject({ status: 'active', version: 1 });
    const read = await detail(saved.id);
    expect(read).toMatchObject({ name, kind: 'Homebuilder', status: 'active', admins: [], counts: { provider_admins: 0 }, logo: null });
    expect(read.contact.email).toBe('pat@builder.example');

    const list = await call('GET', `/admin/providers?q=${encodeURIComponent(name.toUpperCase())}&status=active`);
    expect(list.statusCode, list.body).toBe(200);
    expect(pageOf(ProviderView).parse(list.json().data).items.map((p) => p.id)).toEqual([saved.id]);
    const none = await call('GET', `/admin/providers?q=${encodeURIComponent(name)}&status=deactivated`);
    expect(none.json().data.items).toEqual([]);
  });

  it('refuses bad input with 400 naming the field and records nothing', async () => {
    const before = (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ProviderCreated'] })).length;
    for (const [body, path] of [
      [{ ...details(), name: '' }, 'name'],
      [{ ...details(), kind: 'Bank' }, 'kind'],
      [{ ...details(), contact: { name: 'A', email: 'not-an-email', phone: null } }, 'contact.email'],
      [{ ...details(), contact: { name: 'A', email: 'a@b.example', phone: '+1999' } }, 'contact.phone'],
      [{ ...details(), contact: { name: 'A', email: 'a@b.example', phone: '+14150000000' } }, 'contact.phone'], // well formed, not a real number
      [{ ...details(), address: { line1: '1 Main', city: 'X', state: 'CA', zip: '123' } }, 'address.zip'],
    ] as const) {
      const response = await call('POST', '/admin/providers', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ProviderCreated'] })).toHaveLength(before);
    expect((await call('GET', '/admin/providers?status=gone')).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to every other role, on every route', async () => {
    const { id } = await create();
    const routes = [
      ['GET', '/admin/providers'],
      ['GET', `/admin/providers/${id}`],
      ['POST', '/admin/providers', details()],
      ['PUT', `/admin/providers/${id}`, { ...details(), version: 1 }],
      ['POST', `/admin/providers/${id}/deactivate`],
      ['POST', `/admin/providers/${id}/admins`, { email: 'x@example.test' }],
      ['DELETE', `/admin/providers/${id}/admins/someone`],
      ['PUT', `/admin/providers/${id}/logo`, { data: 'AAAA' }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      // Admins share providers.manage with Super Admins (the role table); Provider Admins and members do not.
      for (const role of ['Provider Admin', 'Customer'] as const) {
        const refused = await call(method, url, payload, await t.signInAs(role, `providers-${role}`));
        expect(refused.statusCode, `${method} ${url} as ${role}`).toBe(403);
      }
    }
    expect((await detail(id)).version).toBe(1); // nothing changed
  });

  it('answers 404 for an unknown provider and 409 for an edit at a stale version', async () => {
    expect((await call('GET', '/admin/providers/nope')).json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
    expect((await call('GET', '/admin/providers/nope')).statusCode).toBe(404);
    expect((await call('PUT', '/admin/providers/nope', { ...details(), version: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/admin/providers/nope/deactivate')).statusCode).toBe(404);
    expect((await call('POST', '/admin/providers/nope/admins', { email: 'x@example.test' })).statusCode).toBe(404);

    const body = details();
    const { id } = await create(body);
    const first = await call('PUT', `/admin/providers/${id}`, { ...body, name: `${body.name} West`, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(2);
    const stale = await call('PUT', `/admin/providers/${id}`, { ...body, name: `${body.name} East`, version: 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await detail(id)).name).toBe(`${body.name} West`);

    const off = await call('POST', `/admin/providers/${id}/deactivate`);
    expect(off.json().data).toMatchObject({ status: 'deactivated', version: 3 });
    expect((await call('POST', `/admin/providers/${id}/admins`, { email: 'x@example.test' })).statusCode).toBe(404); // no such account
    const on = await call('POST', `/admin/providers/${id}/reactivate`);
    expect(on.json().data).toMatchObject({ status: 'active', version: 4 });
  });

  it('keeps a logo checked by its content and serves it at the srcset widths', async () => {
    const { id } = await create();
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#336699' } }).png().toBuffer();
    const notImage = Buffer.from('%PDF-1.4 not an image').toString('base64');
    const refused = await call('PUT', `/admin/providers/${id}/logo`, { data: notImage });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors[0].path).toBe('data');
    const saved = await call('PUT', `/admin/providers/${id}/logo`, { data: `data:image/png;base64,${png.toString('base64')}` });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = (await detail(id)).logo;
    expect(logo?.srcset).toMatch(/64w, .*128w, .*256w$/);
    const image = await t.app.inject({ method: 'GET', url: logo?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(256);
    const tooBig = await call('PUT', `/admin/providers/${id}/logo`, { data: Buffer.alloc(3 * 1024 * 1024).toString('base64') });
    expect(tooBig.statusCode).toBe(413);
  });

  it('appoints an account by email as Provider Admin: its old access token is refused, a new one has the role; removal takes it back', async () => {
    const email = `pa-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'correct horse battery staple 5';
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const member = await signUpWithOutboxCodes(t, { full_name: 'Pia Admin', email, phone, password, role: 'Customer' });
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(member.AccessToken)).statusCode).toBe(200);

    const { id } = await create();
    const unknown = await call('POST', `/admin/providers/${id}/admins`, { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', errors: [{ path: 'email' }] });

    const appointed = await call('POST', `/admin/providers/${id}/admins`, { email: email.toUpperCase() });
    expect(appointed.statusCode, appointed.body).toBe(200);
    const read = await detail(id);
    expect(read.admins).toEqual([expect.objectContaining({ account_id: member.user.id, full_name: 'Pia Admin', email, appointed_by: 'providers-admin' })]);
    expect(read.counts.provider_admins).toBe(1);

    await waitFor(async () => (await me(member.AccessToken)).statusCode === 401, { what: 'the old token refused', timeoutMs: 15_000 });
    const changed = await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['AccountRolesChanged'] });
    expect(changed.filter((e) => (e.data as { account_id: string }).account_id === member.user.id).map((e) => e.data)).toEqual([
      expect.objectContaining({ roles: ['Provider Admin', 'Customer'], provider_id: id, changed_by: 'providers-admin' }),
    ]);
    aMinuteLater();
    const fresh = await signInWithOutboxCode(t, { account: { email, password } });
    const meNow = await me(fresh.token);
    expect(meNow.statusCode, meNow.body).toBe(200);
    expect(meNow.json().data.role).toEqual(['Provider Admin', 'Customer']);
    expect((await t.platform.tokens.verifyAccessToken(fresh.token)).providerId).toBe(id);

    // One provider at a time: another provider cannot appoint them.
    const other = await create();
    const twice = await call('POST', `/admin/providers/${other.id}/admins`, { email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_PROVIDER_ADMIN');

    const removed = await call('DELETE', `/admin/providers/${id}/admins/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await waitFor(async () => (await me(fresh.token)).statusCode === 401, { what: 'the Provider Admin token refused', timeoutMs: 15_000 });
    expect((await detail(id)).admins).toEqual([]);
    aMinuteLater();
    const again = await signInWithOutboxCode(t, { account: { email, password } });
    expect((await me(again.token)).json().data.role).toEqual(['Customer']);
    expect((await call('DELETE', `/admin/providers/${id}/admins/${member.user.id}`)).statusCode).toBe(404);
  }, 60_000);

  it('finds an account registered a moment ago (the copy of account contacts catches up first)', async () => {
    const accountId = randomUUID();
    const email = `fresh-${accountId.slice(0, 8)}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Fresh Person' });
    const { id } = await create();
    const appointed = await call('POST', `/admin/providers/${id}/admins`, { email });
    expect(appointed.statusCode, appointed.body).toBe(200);
  });
});

describe('appointing one account to two providers at once', () => {
  it('lets one appointment through and refuses the others with 409 ALREADY_PROVIDER_ADMIN (the account\'s seat stream, not a lock in one process)', async () => {
    const accountId = randomUUID();
    const email = `race-${accountId.slice(0, 8)}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Race Person' });
    const providers = [await create(), await create(), await create()];
    const answers = await Promise.all(providers.map((p) => call('POST', `/admin/providers/${p.id}/admins`, { email })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(['ALREADY_PROVIDER_ADMIN', 'ALREADY_PROVIDER_ADMIN']);
    const admins = await Promise.all(providers.map(async (p) => (await detail(p.id)).admins.length));
    expect(admins.sort()).toEqual([0, 0, 1]);
    const seat = await t.platform.eventStore.readStream(`providers-adminship-${accountId}`);
    expect(seat.map((e) => e.type)).toEqual(['ProviderAdminSeatTaken']);
  });

  it('a seat taken elsewhere (another process, the read model not there yet) refuses the appointment; removal gives it back', async () => {
    const accountId = randomUUID();
    const email = `seat-${accountId.slice(0, 8)}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Seat Person' });
    const [a, b] = [await create(), await create()];
    expect((await call('POST', `/admin/providers/${a.id}/admins`, { email })).statusCode).toBe(200);
    const refused = await call('POST', `/admin/providers/${b.id}/admins`, { email });
    expect(refused.json()).toMatchObject({ code: 'ALREADY_PROVIDER_ADMIN' });
    expect((await call('DELETE', `/admin/providers/${a.id}/admins/${accountId}`)).statusCode).toBe(200);
    expect((await call('POST', `/admin/providers/${b.id}/admins`, { email })).statusCode).toBe(200);
  });
});

describe('appointing a Super Admin or Admin', () => {
  it('is refused with 409 OVERSEER_NOT_PROVIDER_ADMIN and records nothing', async () => {
    const { id } = await create();
    for (const role of ['Super Admin', 'Admin'] as const) {
      const accountId = randomUUID();
      const email = `staff-${accountId.slice(0, 8)}@example.test`;
      await registerAccount(t, accountId, { email, full_name: 'Staff Person', roles: [role] });
      const refused = await call('POST', `/admin/providers/${id}/admins`, { email });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'OVERSEER_NOT_PROVIDER_ADMIN', message: expect.stringContaining(role) });
      expect(await t.platform.eventStore.readStream(`providers-adminship-${accountId}`)).toEqual([]);
    }
    expect((await detail(id)).admins).toEqual([]);
  });
});
