import { expect } from 'vitest';
import type { TestApp } from '../../../services/test/harness.ts';
import { waitFor } from '../../../services/test/wait-for.ts';
import { newCustomer } from './customer.ts';

/** A provider and its Provider Admin (the providers e2e makes them through the Super Admin's screens; here by the API). */
export const providerWithAdmin = async (app: TestApp, name: string) => {
  const headers = { authorization: `Bearer ${await app.signInAs('Super Admin')}` };
  const payload = { name, kind: 'Homebuilder', contact: { name: 'Pat Lee', email: 'pat@sunrise.example', phone: null }, address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' } };
  const created = await app.app.inject({ method: 'POST', url: '/api/v1/admin/providers', payload, headers });
  expect(created.statusCode, created.body).toBe(200);
  const providerId = String(created.json().data.id);
  const admin = await newCustomer(app, 'Quinn Builder');
  const appointed = await app.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${providerId}/admins`, payload: { email: admin.email }, headers });
  expect(appointed.statusCode, appointed.body).toBe(200);
  const roles = async () => (await app.platform.eventStore.readStream(`identity-account-${admin.accountId}`)).some((e) => e.type === 'AccountRolesChanged');
  await waitFor(async () => ((await roles()) ? true : undefined), { what: 'the Provider Admin role given', timeoutMs: 15_000 });
  return { providerId, admin };
};
