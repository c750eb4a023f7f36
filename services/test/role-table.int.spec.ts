import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, may, type Capability } from '@acpg/contracts/role-permissions';
import { ROLES } from '@acpg/contracts/roles';
import { apiRoutesOf } from '../src/platform/http/route-inventory.ts';
import { registerAccount } from './accounts.ts';
import { useTestApp } from './harness.ts';
import { hostileClient, label } from './hostile.ts';

const t = useTestApp();
const { call, as } = hostileClient(() => t);

/** A signed-in route of the inventory with the capability it declares. */
interface GuardedRoute {
  method: string;
  url: string;
  capability: Capability;
}

const guardedRoutes = (): GuardedRoute[] =>
  apiRoutesOf(t.app).flatMap((route) => {
    const auth = route.auth as { capability?: Capability } | 'public' | undefined;
    if (typeof auth !== 'object' || !auth.capability) return [];
    return [{ method: route.method, url: route.url, capability: auth.capability }];
  });

/** The route's url under /api/v1 with every parameter filled by an id nobody used. */
const concrete = (url: string) => url.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, () => randomUUID());

/**
 * Generated from the route inventory: every signed-in route, called by every role, answers 403 exactly where the
 * role table (`@acpg/contracts/role-permissions`) refuses the route's capability, and never 403 where it allows it.
 */
describe('the role table, enforced on every route', () => {
  it('every /api route declares public or a capability of the table', () => {
    const routes = apiRoutesOf(t.app).filter((r) => !r.hidden);
    const undeclared = routes.filter((r) => r.auth !== 'public' && !Object.hasOwn(CAPABILITIES, (r.auth as { capability?: string } | undefined)?.capability ?? ''));
    expect(undeclared).toEqual([]);
    expect(guardedRoutes().length).toBeGreaterThan(100);
  });

  for (const role of ROLES) {
    it(`${role}: 403 exactly where the table refuses, never where it allows`, async () => {
      // A test account of this role (registered as identity registers one), signed in once for all its calls.
      const accountId = randomUUID();
      await registerAccount(t, accountId, { email: `${accountId}@example.test`, full_name: `${role} Tester`, roles: [role] });
      const headers = await as(role, accountId);
      const wrong: string[] = [];
      for (const route of guardedRoutes()) {
        const allowed = may([role], route.capability);
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const response = await call({ method, url: concrete(route.url), headers });
        const refused = response.statusCode === 403;
        if (refused === allowed) wrong.push(`${label({ method, url: route.url }, `${role}, ${route.capability}`)}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        expect.soft(response.statusCode, label({ method, url: route.url }, role)).not.toBe(401);
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });
  }

  it("keeps plans, promo codes, email templates, account administration and the raw events and operations the Super Admin's: an Admin is refused them, and allowed the rest of the admin menu", async () => {
    const refusedToAdmin = guardedRoutes().filter((r) => !may(['Admin'], r.capability));
    expect(new Set(refusedToAdmin.filter((r) => r.url.includes('/admin/')).map((r) => r.capability))).toEqual(new Set(['accounts.administer', 'email-templates.manage', 'events.read', 'operations.manage', 'plans.manage', 'promo-codes.manage']));
    const admin = await as('Admin', `admin-${randomUUID()}`);
    for (const url of ['/admin/plans', '/admin/promo-codes', '/admin/email-templates', '/admin/events', '/admin/operations']) expect((await call({ method: 'GET', url, headers: admin })).statusCode, url).toBe(403);
    for (const url of ['/admin/nhd/orders', '/admin/reimbursements/claims', '/admin/equity/alerts', '/admin/payments', '/admin/accounts/summary']) {
      expect((await call({ method: 'GET', url, headers: admin })).statusCode, url).toBe(200);
    }
  });

  it('lets every member role file claims and order NHD reports, and no admin file a claim', () => {
    for (const role of ['Customer', 'Agent', 'Broker', 'Owner', 'Professional', 'Service Provider', 'Sub User'] as const) {
      expect(may([role], 'claims.file'), role).toBe(true);
      expect(may([role], 'nhd.order'), role).toBe(true);
    }
    for (const role of ['Super Admin', 'Admin', 'Provider Admin'] as const) expect(may([role], 'claims.file'), role).toBe(false);
  });

  it('the OpenAPI document names each signed-in operation\'s capability and its roles', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    for (const route of guardedRoutes()) {
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) continue; // hidden from the document (app.int.spec checks every route is listed)
      expect(operation.description, `${route.method} ${route.url}`).toContain(`Capability \`${route.capability}\` (roles: ${CAPABILITIES[route.capability].roles.join(', ')})`);
    }
    expect(doc.paths['/api/v1/admin/plans']?.get?.description).toContain('(roles: Super Admin);');
  });

  it('every live message of the Super Admins\' lists reaches the Admins too (their role room, in the AsyncAPI document)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/asyncapi.json' })).json() as { channels: Record<string, { messages?: Record<string, unknown> }> };
    const toSuperAdmins = Object.keys(doc.channels['role-super-admin']?.messages ?? {});
    const toAdmins = Object.keys(doc.channels['role-admin']?.messages ?? {});
    expect(toSuperAdmins.length).toBeGreaterThan(3);
    // Plans, promo codes, account administration and the raw events stay the Super Admin's (the role table), so their updates do too.
    expect(toAdmins).toEqual(expect.arrayContaining(toSuperAdmins.filter((m) => !/plan|promo|admin-account|^events\./i.test(m))));
  });
});

