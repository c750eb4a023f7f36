import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { VerifiedProperty } from '@acpg/contracts/properties';
import { InvitationPreview, PROVIDER_PROPERTIES_MAX, ProviderInvitationsImportReport, ProviderUserProperties, ProviderUserSaved } from '@acpg/contracts/provider-users';
import { registerAccount } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createProvider, invitationLinkToken, providerAdminToken } from '../../../test/providers.ts';
import { signUpWithOutboxCodes } from '../../../test/sign-up.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { propertyData } from '../../platform/property-data/select.ts';
import { invitationStream } from './invitation/decider.ts';

const t = useTestApp({ CAPTCHA_COST: '1' });

type Method = 'GET' | 'POST';
const inject = async (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as string }), headers: { authorization: `Bearer ${token}`, ...headers } });
const superAdmin = () => t.signInAs('Super Admin', 'provider-properties-admin');

const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.test`;
/** Sample properties (the bundled dataset), a different slice per call so tests do not share pairs. */
let taken = 0;
const sampleProperties = async (n: number) => {
  const found = await propertyData().search('1', 200);
  const slice = found.slice(taken, taken + n);
  taken += n;
  expect(slice).toHaveLength(n);
  return slice;
};
const account = async (email: string) => {
  const id = randomUUID();
  await registerAccount(t, id, { email, full_name: 'Casey Buyer' });
  return { id, token: await t.platform.tokens.issueAccessToken({ userId: id, roles: ['Customer'] }) };
};
const verifiedOf = async (token: string) => {
  const response = await inject('GET', '/properties/verified', token);
  expect(response.statusCode, response.body).toBe(200);
  return pageOf(VerifiedProperty).parse(response.json().data).items;
};
const invite = (token: string, email: string, properties?: string[]) => inject('POST', '/provider-users/invitations', token, { email, role: 'Customer', ...(properties ? { properties } : {}) });

describe('properties through the provider', () => {
  it('attaches properties to an invitation; the invitee sees them, confirms some; only those become verified for the account, confirmed by the provider', async () => {
    const providerName = `Closing Homes ${randomUUID().slice(0, 6)}`;
    const providerId = await createProvider(t, providerName);
    const admin = await providerAdminToken(t, providerId);
    const [a, b, c] = await sampleProperties(3);
    if (!a || !b || !c) throw new Error('no sample properties');
    const email = uniqueEmail('buyer');

    const invited = await invite(admin, email, [a.id]);
    expect(invited.statusCode, invited.body).toBe(200);
    const id = ProviderUserSaved.parse(invited.json().data).id;
    const attached = await inject('POST', `/provider-users/${id}/attach-properties`, admin, { properties: [b.id, a.id] });
    expect(attached.statusCode, attached.body).toBe(200);
    const types = (await t.platform.eventStore.readStream(invitationStream(id))).map((e) => e.type);
    expect(types).toEqual(['ProviderInvitationSent', 'ProviderPropertiesAttached']);

    const token = await invitationLinkToken(t, email);
    const preview = InvitationPreview.parse((await t.app.inject({ method: 'GET', url: `/api/v1/provider-invitations/lookup?token=${encodeURIComponent(token)}` })).json().data);
    expect(preview.properties.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(preview.properties[0]).toMatchObject({ address_line: a.address_line, city: a.city, zip: a.zip });

    // Another email cannot accept (nor confirm) it; a property the provider did not attach cannot be confirmed.
    const stranger = await account(uniqueEmail('stranger'));
    const wrong = await inject('POST', '/provider-invitations/accept', stranger.token, { token, properties: [a.id] });
    expect(wrong.json().code).toBe('INVITATION_EMAIL_MISMATCH');
    const buyer = await account(email);
    const notAttached = await inject('POST', '/provider-invitations/accept', buyer.token, { token, properties: [a.id, c.id] });
    expect(notAttached.statusCode).toBe(400);
    expect(notAttached.json().code).toBe('PROPERTY_NOT_ATTACHED');

    // b is left unchecked.
    const accepted = await inject('POST', '/provider-invitations/accept', buyer.token, { token, properties: [a.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const verified = await waitFor(async () => {
      const items = await verifiedOf(buyer.token);
      return items.length > 0 && items;
    }, { what: 'the confirmed property verified' });
    expect(verified).toEqual([expect.objectContaining({ property_id: a.id, method: 'provider', source: `confirmed by provider ${providerName}` })]);
    expect(await verifiedOf(stranger.token)).toEqual([]);

    // The provider sees the user's verified properties (its own copy); another provider's admin gets 404.
    const seen = await waitFor(async () => {
      const response = await inject('GET', `/provider-users/${id}/properties`, admin);
      const data = ProviderUserProperties.parse(response.json().data);
      return data.verified.length > 0 && data;
    }, { what: 'the provider copy of verified properties' });
    expect(seen.user).toMatchObject({ id, status: 'active', account_id: buyer.id });
    expect(seen.attached.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(seen.verified).toEqual([expect.objectContaining({ property_id: a.id, method: 'provider' })]);
    const otherAdmin = await providerAdminToken(t, await createProvider(t));
    const hidden = await inject('GET', `/provider-users/${id}/properties`, otherAdmin);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('PROVIDER_USER_NOT_FOUND');
    expect((await inject('GET', `/provider-users/${id}/properties`, await superAdmin())).statusCode).toBe(200);
  }, 60_000);

  it('refuses an unknown property, too many, and attaching to a revoked invitation, recording nothing', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const [a] = await sampleProperties(1);
    if (!a) throw new Error('no sample property');
    const email = uniqueEmail('refused');

    const unknown = await invite(admin, email, [a.id, 'ca-nowhere-99999']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'PROPERTY_NOT_FOUND', errors: [{ path: 'properties.1' }] });
    const tooMany = await invite(admin, email, Array.from({ length: PROVIDER_PROPERTIES_MAX + 1 }, (_, i) => `p-${i}`));
    expect(tooMany.statusCode).toBe(400);

    const id = ProviderUserSaved.parse((await invite(admin, email, [a.id])).json().data).id;
    const unknownAttach = await inject('POST', `/provider-users/${id}/attach-properties`, admin, { properties: ['ca-nowhere-99999'] });
    expect(unknownAttach.statusCode).toBe(400);
    expect(unknownAttach.json().code).toBe('PROPERTY_NOT_FOUND');
    const many = (await sampleProperties(PROVIDER_PROPERTIES_MAX)).map((p) => p.id);
    const overLimit = await inject('POST', `/provider-users/${id}/attach-properties`, admin, { properties: many });
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().code).toBe('TOO_MANY_PROPERTIES');
    expect((await inject('POST', `/provider-users/${id}/revoke`, admin)).statusCode).toBe(200);
    const onRevoked = await inject('POST', `/provider-users/${id}/attach-properties`, admin, { properties: many.slice(0, 1) });
    expect(onRevoked.statusCode).toBe(409);
    expect(onRevoked.json().code).toBe('INVITATION_NOT_WAITING');
    expect((await t.platform.eventStore.readStream(invitationStream(id))).map((e) => e.type)).toEqual(['ProviderInvitationSent', 'ProviderInvitationRevoked']);

    // Another provider's admin: the row answers as unknown.
    const otherAdmin = await providerAdminToken(t, await createProvider(t));
    expect((await inject('POST', `/provider-users/${id}/attach-properties`, otherAdmin, { properties: [a.id] })).statusCode).toBe(404);
  }, 60_000);

  it('imports a CSV with a properties column (ids or APNs separated by ;) and refuses rows with an unknown property by their line', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const [a, b] = await sampleProperties(2);
    if (!a || !b) throw new Error('no sample properties');
    const good = [uniqueEmail('csvp1'), uniqueEmail('csvp2')];
    const bad = uniqueEmail('csvp-bad');
    const csv = ['email,role,properties', `${good[0]},Customer,${a.id}; ${b.apn}`, `${bad},Customer,${a.id};ca-nowhere-1`, `${good[1]},Agent,`].join('\r\n');
    const response = await inject('POST', '/provider-users/invitations/import', admin, csv, { 'content-type': 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    const report = ProviderInvitationsImportReport.parse(response.json().data);
    expect(report.invited).toBe(2);
    expect(report.refused).toEqual([{ line: 3, email: bad, reason: expect.stringContaining('ca-nowhere-1') }]);

    const list = await inject('GET', `/provider-users?q=${encodeURIComponent(good[0]!.slice(0, 12))}`, admin);
    const row = list.json().data.items[0] as { id: string };
    const details = ProviderUserProperties.parse((await inject('GET', `/provider-users/${row.id}/properties`, admin)).json().data);
    expect(details.attached.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(details.verified).toEqual([]);
  }, 60_000);

  it('a new account signing up through the invitation has the property step done by the properties it confirms', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const [a] = await sampleProperties(1);
    if (!a) throw new Error('no sample property');
    const email = uniqueEmail('wizard');
    expect((await invite(admin, email, [a.id])).statusCode).toBe(200);
    const token = await invitationLinkToken(t, email);
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const member = await signUpWithOutboxCodes(t, { full_name: 'Wes Wizard', email, phone, password: 'correct horse battery staple 7', role: 'Owner' });
    const progress = async () => (await inject('GET', '/sign-up', member.AccessToken)).json().data as { current_step: string; completed_steps: string[] };
    expect((await progress()).completed_steps).not.toContain('property');
    const accepted = await inject('POST', '/provider-invitations/accept', member.AccessToken, { token, properties: [a.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Identity gives the account the invitation's role, which ends the tokens issued before (the web refreshes): read
    // the progress with a token of the account as it stands now.
    const now = async () => (await inject('GET', '/sign-up', await t.signInAs('Owner', member.user.id))).json().data as { current_step: string; completed_steps: string[] };
    const after = await waitFor(async () => {
      const p = await now();
      return p.completed_steps.includes('property') && p;
    }, { what: 'the property step done' });
    expect(after.current_step).not.toBe('property');
  }, 60_000);

  it('documents the routes and the CSV properties column in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(doc.paths['/api/v1/provider-users/{id}/attach-properties']?.post?.description).toContain('INVITATION_NOT_WAITING');
    expect(doc.paths['/api/v1/provider-users/{id}/properties']?.get).toBeDefined();
    expect(doc.paths['/api/v1/provider-users/invitations/import']?.post?.description).toContain('`properties`');
    expect(doc.paths['/api/v1/provider-invitations/accept']?.post?.description).toContain('PROPERTY_NOT_ATTACHED');
  });
});
