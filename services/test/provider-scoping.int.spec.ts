import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, may, type Capability } from '@acpg/contracts/role-permissions';
import type { RoleName } from '@acpg/contracts/role-names';
import { ProviderSaved } from '@acpg/contracts/providers';
import { ProviderUserSaved } from '@acpg/contracts/provider-users';
import { currentSessionVersion } from '../src/modules/identity/module.ts';
import { registerAccount } from './accounts.ts';
import { alertsOf, CSV_HEADER, importCsv, protectProperty } from './equity.ts';
import { useTestApp } from './harness.ts';
import { orderBody, placeAndPayOrder } from './nhd.ts';
import { waitForMessage } from './outbox.ts';
import { claimBody, fileClaim, startMembershipFor } from './reimbursement.ts';
import { signedUpWith } from './sign-up-steps.ts';
import { operationsOf, scopingViolations, type BodyTable, type Caller, type Inject, type OpenApiDocument, type OthersIds, type Operation, type OwnerKey } from './scoping.ts';
import { signUpWithOutboxCodes } from './sign-up.ts';
import { waitFor } from './wait-for.ts';

/**
 * Issue 21 item 8: generated from the OpenAPI document the app serves. Two providers A and B, a member of each (invited
 * by their Provider Admin, signed up and accepted) and a plain customer C; B's member and C each hold a verified
 * property, a membership, an Equity Protect enrollment and an alert, an NHD order, a claim and payments. Every operation,
 * with every path id filled by each of B's member's and C's ids, called as A's Provider Admin and as every member role
 * (accounts that own none of it), answers below 500 and never shows B's member's or C's ids, emails or names; a call
 * naming their thing in its path is refused (401/403/404 or another 4xx). Super Admin and Admin oversee every member's
 * things: only checked for no 5xx. Holds before and after the Provider Admin's lists are scoped to its members.
 */
const t = useTestApp({ CAPTCHA_COST: '1' });

/** Operations public by design, with the reason: called by every caller (no 5xx) but not checked for what they show. */
const PUBLIC_BY_DESIGN: Readonly<Record<string, string>> = {
  'GET /api/health': 'health check for load balancers',
  'GET /api/health/ready': 'readiness check for load balancers (names and ok/not only)',
  'POST /api/v1/auth/sign-in': 'sign-in: answers a challenge for whoever knows the password',
  'POST /api/v1/auth/sign-in/otp': 'sign-in: sends the code of a challenge',
  'POST /api/v1/auth/sign-in/verify': 'sign-in: exchanges a code for tokens',
  'POST /api/v1/auth/refresh': 'refresh cookie exchange',
  'POST /api/v1/auth/sign-out': 'ends the cookie session',
  'GET /api/v1/auth/sign-up/challenge': 'sign-up: the human check',
  'POST /api/v1/auth/sign-up': 'sign-up: a stranger starts',
  'POST /api/v1/auth/sign-up/otp': "sign-up: by the sign-up cookie, the stranger's own",
  'POST /api/v1/auth/sign-up/verify': "sign-up: by the sign-up cookie, the stranger's own",
  'POST /api/v1/auth/forgot-password': 'password reset request (same answer for any email)',
  'POST /api/v1/auth/reset-password': 'password reset by the emailed token',
  'GET /api/v1/profile-photos/{photo_id}/{width}': 'profile photos by unguessable id (img tags cannot send a token)',
  'POST /api/v1/account/contact-change/undo': 'undo link from the notice email, by its token',
  'GET /api/v1/dev/outbox': 'dev outbox, on only with DEV_OUTBOX (never in production)',
  'GET /api/v1/cms/content/{key}': 'public content: published pages and blog posts',
  'GET /api/v1/cms/blogs': 'public content: the published blog posts',
  'GET /api/v1/cms/images/{image_id}/{width}.webp': 'content images by unguessable id (img tags cannot send a token)',
  'GET /api/v1/cms/contact-messages/challenge': 'contact form: the human check',
  'POST /api/v1/cms/contact-messages': 'contact form: a visitor writes to the team (human check, rate limited)',
  'POST /api/v1/user-interaction/store': 'anonymous interaction tracking (writes only)',
  'GET /api/v1/states': 'lookup: states',
  'GET /api/v1/properties/search': 'lookup: the public property data set',
  'GET /api/v1/properties/counties': 'lookup: counties',
  'GET /api/v1/properties/{id}': 'lookup: a property of the public data set',
  'GET /api/v1/plans': 'public plans and prices',
  'POST /api/v1/payments/promo-codes/quote': 'public price quote for a promo code',
  'GET /api/v1/payments/config': "public payment gateway configuration (publishable key)",
  'POST /api/v1/payments/stripe/webhook': 'gateway webhook, by its signature',
  'GET /api/v1/nhd/report-types': 'public report types and prices',
  'GET /api/v1/nhd/receipts/{token}': 'report recipients open their receipt by its emailed token',
  'GET /api/v1/nhd/receipts/{token}/report': 'report recipients download by their emailed token',
  'POST /api/v1/nhd/receipts/{token}/acknowledge': 'report recipients acknowledge by their emailed token',
  'GET /api/v1/equity/pricing': 'public Equity Protect pricing',
  'GET /api/v1/provider-logos/{logo_id}/{width}': 'provider logos by unguessable id (img tags cannot send a token)',
  'GET /api/v1/provider-invitations/lookup': 'invitees preview their invitation by its emailed token or code',
};
/** Bodies the generator cannot build (a valid order, a property someone else verified), each naming the id under test. */
const BODIES: BodyTable = {
  'POST /api/v1/nhd/orders': (fill) => orderBody({ order_id: fill('order_id') ?? randomUUID() }),
  'POST /api/v1/reimbursements/claims': (fill) => claimBody({ claim_id: fill('claim_id') ?? randomUUID(), property_id: 'ca-lax-00003' }),
  // C's property, which only C verified.
  'POST /api/v1/equity/enrollments': () => ({ property_id: 'ca-lax-00003' }),
  'PUT /api/v1/sign-up/mailing-address': () => ({ same_as_property: true, property_id: 'ca-lax-00003' }),
  'POST /api/v1/properties/{id}/verifications/code': () => ({ code: '123456' }),
};
/** Not callable through `inject`: the raw event stream is a WebSocket upgrade (Super Admin; its own tests cover it). */
const NOT_INJECTABLE = new Set(['GET /api/v1/events/stream']);

const inject: Inject = (options) => t.app.inject(options);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const superAdmin = async () => bearer(await t.signInAs('Super Admin', 'scoping-super-admin'));
const tag = randomUUID().slice(0, 8);

const post = async (url: string, payload: object, headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
  if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data as unknown;
};

/** Provider `name` with a Provider Admin appointed by the Super Admin; answers its id and the admin's headers. */
const providerWithAdmin = async (name: string) => {
  const body = {
    name: `${name} ${tag}`,
    kind: 'Homebuilder',
    contact: { name: `${name} Contact ${tag}`, email: `contact-${name.toLowerCase()}-${tag}@builder.example`, phone: null },
    address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
  };
  const providerId = ProviderSaved.parse(await post('/admin/providers', body, await superAdmin())).id;
  const adminId = randomUUID();
  const adminEmail = `padmin-${name.toLowerCase()}-${tag}@example.test`;
  await registerAccount(t, adminId, { email: adminEmail, full_name: `${name} Admin ${tag}` });
  await post(`/admin/providers/${providerId}/admins`, { email: adminEmail }, await superAdmin());
  // Identity gives the role and the provider (AccountRolesChanged), ending older sessions: sign in after it.
  await waitFor(async () => (await t.platform.eventStore.readStream(`identity-account-${adminId}`)).some((e) => e.type === 'AccountRolesChanged'), { what: `${name}'s admin appointed` });
  const token = await t.platform.tokens.issueAccessToken({ userId: adminId, roles: ['Provider Admin'], providerId, sessionVersion: await currentSessionVersion(t.platform.eventStore, adminId) });
  return { providerId, adminId, adminEmail, headers: bearer(token), shown: [body.name, body.contact.email, adminEmail] };
};

/** A member of the provider: invited by its admin, signed up with the invited email, accepted. */
const invitedMember = async (admin: Record<string, string>, name: string) => {
  const email = `member-${name.toLowerCase()}-${tag}@example.test`;
  const invitation = ProviderUserSaved.parse(await post('/provider-users/invitations', { email, role: 'Customer' }, admin));
  const mail = await waitForMessage(t.app, email, /invited you to ACPG/);
  const token = decodeURIComponent(/invitation=([^\s"&]+)/.exec(mail.text)?.[1] ?? '');
  const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const fullName = `${name} Member ${tag}`;
  const signedUp = await signUpWithOutboxCodes(t, { full_name: fullName, email, phone, password: 'correct horse battery staple 7', role: 'Customer' });
  const headers = bearer(signedUp.AccessToken);
  await post('/provider-invitations/accept', { token }, headers);
  // The sign-up steps a purchase needs first (face photo and signature, mailing address), as identity records them.
  await signedUpWith(t, signedUp.user.id, ['membership'], ['face_signature', 'mailing_address']);
  return { accountId: signedUp.user.id, email, fullName, providerUserId: invitation.id };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Kinds = Map<string, Set<string>>;
const addKind = (ids: Kinds, id: string, kind: string) => ids.set(id, (ids.get(id) ?? new Set()).add(kind));
/** Every uuid in `value`, with the field it is under (its kind: `order_id`, `checkout_id`, `id` ...). */
const collectIds = (value: unknown, ids: Kinds, field = '') => {
  if (typeof value === 'string' && UUID.test(value)) addKind(ids, value.toLowerCase(), field);
  else if (Array.isArray(value)) for (const item of value) collectIds(item, ids, field);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) collectIds(item, ids, key);
};
/** Every id the owner's own lists show (orders, enrollments, alerts, claims, payments, membership, properties ...). */
const idsOwnedBy = async (accountId: string) => {
  const headers = bearer(await t.signInAs('Customer', accountId));
  const lists = ['/nhd/orders/mine', '/equity/enrollments/mine', '/equity/alerts/mine', '/reimbursements/claims', '/payments/mine', '/memberships/mine', '/properties/verified', '/payments/saved-cards/mine'];
  const ids: Kinds = new Map([[accountId, new Set(['account_id'])]]);
  for (const list of lists) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${list}?page_size=100`, headers });
    expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
    collectIds(response.json().data, ids);
  }
  return ids;
};

/** B's member's or C's things: a verified property, membership, enrollment (paid), NHD order (paid), claim. */
const thingsOf = async (accountId: string, propertyId: string) => {
  await startMembershipFor(t, accountId);
  const enrollment = await protectProperty(t, accountId, propertyId);
  const { order, checkoutId } = await placeAndPayOrder(t, accountId);
  const claim = await fileClaim(t, accountId, { property_id: propertyId });
  return [enrollment.enrollment_id, order.order_id, checkoutId, claim.claim_id];
};

interface Seeded {
  doc: OpenApiDocument;
  ops: Operation[];
  ids: OthersIds;
  secrets: string[];
  owners: OwnerKey[];
  callers: Caller[];
  overseers: Caller[];
  /** A's admin and A's member: the only accounts whose things A's admin may see. */
  accountsOfA: string[];
}
let seeded: Seeded | undefined;
const state = () => {
  if (!seeded) throw new Error('not seeded');
  return seeded;
};

describe('scoping, generated from the OpenAPI document: nobody but the owner (and the overseers) sees a member’s things', () => {
  it('seeds two providers, their members and a plain customer, with their things', async () => {
    const a = await providerWithAdmin('Alpha');
    const b = await providerWithAdmin('Bravo');
    const memberA = await invitedMember(a.headers, 'Alpha');
    const memberB = await invitedMember(b.headers, 'Bravo');
    const c = { accountId: randomUUID(), email: `customer-c-${tag}@example.test`, fullName: `Charlie Customer ${tag}` };
    await registerAccount(t, c.accountId, { email: c.email, full_name: c.fullName });

    // Everyone holds the same kinds of things: A's member's are what A's admin will see once its lists are scoped.
    const owned = [
      ...(await thingsOf(memberA.accountId, 'ca-lax-00004')),
      ...(await thingsOf(memberB.accountId, 'ca-lax-00002')),
      ...(await thingsOf(c.accountId, 'ca-lax-00003')),
    ];
    const today = new Date().toISOString().slice(0, 10);
    const recordings = ['0234-314-598', '0240-975-116', '0277-059-125'].map((apn, i) => `S-${tag}-${i},Los Angeles,${apn},grant_deed,${today},Pat Seller,Unknown Buyer LLC,`);
    await importCsv(t, [CSV_HEADER, ...recordings].join('\n'));
    for (const owner of [memberA.accountId, memberB.accountId, c.accountId]) expect((await alertsOf(t, owner, 1)).length).toBeGreaterThan(0);

    const [ofA, ofB, ofC] = [await idsOwnedBy(memberA.accountId), await idsOwnedBy(memberB.accountId), await idsOwnedBy(c.accountId)];
    const ids: Kinds = new Map([...ofB, ...ofC]);
    addKind(addKind(ids, b.providerId, 'provider_id'), b.providerId, 'id');
    addKind(ids, b.adminId, 'account_id');
    addKind(ids, memberB.providerUserId, 'id');
    // Every thing B's member and C hold is among them.
    expect([...ids.keys()]).toEqual(expect.arrayContaining(owned.slice(4)));
    // Not B's or C's: A's, and what their lists share (the Super Admin's import that raised every alert).
    for (const id of [a.providerId, a.adminId, ...owned.slice(0, 4), ...ofA.keys(), ...[...ofB.keys()].filter((id) => ofC.has(id))]) ids.delete(id);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
    const ops = operationsOf(doc).filter((op) => !NOT_INJECTABLE.has(op.key));
    const callerOf = async (role: RoleName): Promise<Caller> => {
      const id = randomUUID();
      await registerAccount(t, id, { email: `caller-${id}@example.test`, full_name: `${role} Caller`, roles: [role] });
      return { label: role, headers: bearer(await t.signInAs(role, id)), may: (capability) => !capability || may([role], capability as Capability) };
    };
    const providerAdminA: Caller = { label: 'Provider Admin of A', headers: a.headers, may: (capability) => !capability || may(['Provider Admin'], capability as Capability) };
    seeded = {
      doc,
      ops,
      ids: new Map([...ids].map(([id, kinds]) => [id, [...kinds]])),
      secrets: [...ids.keys(), memberB.email, memberB.fullName, c.email, c.fullName, ...b.shown],
      owners: [
        { accountId: memberB.accountId, providerId: b.providerId, email: memberB.email },
        { accountId: c.accountId, providerId: undefined, email: c.email },
      ],
      callers: [providerAdminA, ...(await Promise.all(MEMBER_ROLES.map(callerOf)))],
      overseers: await Promise.all((['Super Admin', 'Admin'] as const).map(callerOf)),
      accountsOfA: [a.adminId, memberA.accountId],
    };
    // Every kind of thing is among the ids: the check below would pass vacuously otherwise.
    expect(seeded.ids.size).toBeGreaterThanOrEqual(16);
  }, 90_000);

  it('lists exactly the public operations of the document as public by design, each with its reason', () => {
    const { ops } = state();
    const publicOps = ops.filter((op) => !op.capability && !NOT_INJECTABLE.has(op.key)).map((op) => op.key);
    expect(publicOps.sort()).toEqual(Object.keys(PUBLIC_BY_DESIGN).sort());
    expect(ops.length).toBeGreaterThan(150);
  });

  it("A's Provider Admin and every member role that owns none of it: never a 5xx, never B's member's or C's things", async () => {
    const s = state();
    const { violations, calls } = await scopingViolations(inject, { ...s, publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(calls).toBeGreaterThan(2000);
    expect(violations, violations.join('\n')).toEqual([]);
  }, 120_000);

  it("A's Provider Admin's lists hold its provider's things only: A's member's once scoped, none before", async () => {
    const s = state();
    for (const list of ['/admin/equity/enrollments', '/admin/equity/alerts', '/nhd/orders/mine', '/reimbursements/claims', '/payments/mine']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1${list}?page_size=100`, headers: s.callers[0]?.headers });
      expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
      const owners = (response.json().data.items as { account_id?: string }[]).map((item) => item.account_id);
      expect(owners.filter((owner) => !s.accountsOfA.includes(owner ?? '')), list).toEqual([]);
    }
  });

  it('fails when a route leaks: A’s admin answered the unscoped admin list (its provider filter taken out)', async () => {
    const s = state();
    const leaky = s.ops.filter((op) => op.key === 'GET /api/v1/admin/equity/enrollments');
    expect(leaky).toHaveLength(1);
    const admin = await superAdmin();
    // The route as if its filter were gone: A's admin gets what an overseer gets.
    const unfiltered: Inject = (options) => t.app.inject({ ...options, headers: admin });
    const { violations } = await scopingViolations(unfiltered, { ...s, ops: leaky, callers: s.callers.slice(0, 1), publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(violations.join('\n')).toContain('GET /api/v1/admin/equity/enrollments as Provider Admin of A: 200 shows');
    // And a route answering another's thing by id.
    const byId = s.ops.filter((op) => op.key === 'GET /api/v1/nhd/orders/{id}');
    const asOverseer = await scopingViolations(unfiltered, { ...s, ops: byId, callers: s.callers.slice(1, 2), publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(asOverseer.violations.join('\n')).toMatch(/GET \/api\/v1\/nhd\/orders\/\S+ as Customer: 200/);
  }, 60_000);

  it('Super Admin and Admin (overseers, who may see every member’s things): never a 5xx on any operation and id', async () => {
    const s = state();
    const { violations } = await scopingViolations(inject, { ...s, callers: s.overseers, overseer: true, publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(violations, violations.join('\n')).toEqual([]);
  }, 120_000);
});
