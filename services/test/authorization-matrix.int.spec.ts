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
import { placeAndPayOrder } from './nhd.ts';
import { accountingGaps, BODIES, inventoryOf, NOT_INJECTABLE, PUBLIC_BY_DESIGN, WRITES_ON_REFUSAL } from './operation-inventory.ts';
import { waitForMessage } from './outbox.ts';
import { fileClaim, startMembershipFor } from './reimbursement.ts';
import { signedUpWith } from './sign-up-steps.ts';
import { scopingViolations, type Caller, type Inject, type OpenApiDocument, type OthersIds, type Operation, type OwnerKey, type Refused } from './scoping.ts';
import { signUpWithOutboxCodes } from './sign-up.ts';
import { waitFor } from './wait-for.ts';

/**
 * The authorization matrix (issue 21 item 8, issue 23 item 5): generated from the OpenAPI document the app serves.
 * Every operation as every caller: anonymous, each member role, another provider's Provider Admin, Admin and Super
 * Admin. Where the role table refuses the caller the operation's capability: 401 (anonymous) / 403 in the error
 * envelope, never 2xx. Every operation of the document is accounted for (`operation-inventory.ts`: signed-in with a
 * capability of the table, public by design with its reason, or not injectable with its reason), so a new route is
 * covered without code of its own.
 * Two providers A and B, a member of each (invited
 * by their Provider Admin, signed up and accepted) and a plain customer C; B's member and C each hold a verified
 * property, a membership, an Equity Protect enrollment and an alert, an NHD order, a claim and payments. Every operation,
 * with every path id filled by each of B's member's and C's ids, called as A's Provider Admin and as every member role
 * (accounts that own none of it), answers below 500 and never shows B's member's or C's ids, emails or names; a call
 * naming their thing in its path is refused (401/403/404 or another 4xx). Super Admin and Admin oversee every member's
 * things: only checked for no 5xx. Holds before and after the Provider Admin's lists are scoped to its members.
 */
const t = useTestApp({ CAPTCHA_COST: '1' });

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
  /** Every operation of the document; `ops` less the ones `inject` cannot call. */
  all: Operation[];
  ops: Operation[];
  anonymous: Caller;
  /** A token the app never issued: answered as anonymous (401). */
  forged: Caller;
  providerAdminA: Caller;
  ids: OthersIds;
  secrets: string[];
  owners: OwnerKey[];
  callers: Caller[];
  overseers: Caller[];
  /** A's admin and A's member: the only accounts whose things A's admin may see. */
  accountsOfA: string[];
}
let seeded: Seeded | undefined;
/** The operations and callers called (`op.key as caller`), over the runs of the matrix. */
const covered = new Set<string>();

/**
 * What refused requests wrote: the events carrying one's request id as correlation (its command's or a reaction's),
 * but for the operations that write on refusal by design (`WRITES_ON_REFUSAL`).
 */
const writtenByRefused = async (after: number, refused: ReadonlyMap<string, Refused>) =>
  (await t.platform.eventStore.readAll({ after, limit: 100_000 })).flatMap((event) => {
    const request = refused.get(event.correlationId);
    return request && !Object.hasOwn(WRITES_ON_REFUSAL, request.key) ? [`${request.where}: refused, yet wrote ${event.type} on ${event.stream}`] : [];
  });
const state = () => {
  if (!seeded) throw new Error('not seeded');
  return seeded;
};

describe('the authorization matrix, generated from the OpenAPI document: every operation as every caller; nobody but the owner (and the overseers) sees a member’s things', () => {
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

    const { doc, all, ops } = await inventoryOf(t);
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
      all,
      anonymous: { label: 'anonymous', headers: {}, anonymous: true, may: (capability) => !capability },
      forged: { label: 'a forged token', headers: bearer('not.a.jwt'), anonymous: true, may: (capability) => !capability },
      providerAdminA,
      callers: [
        providerAdminA,
        ...(await Promise.all(MEMBER_ROLES.map(callerOf))),
        // A token for an account that does not exist (a synthetic user): a member's capabilities, nothing of its own.
        { label: 'Customer without an account', headers: bearer(await t.signInAs('Customer', randomUUID())), may: (capability) => !capability || may(['Customer'], capability as Capability) },
      ],
      overseers: await Promise.all((['Super Admin', 'Admin'] as const).map(callerOf)),
      accountsOfA: [a.adminId, memberA.accountId],
    };
    // Every kind of thing is among the ids: the check below would pass vacuously otherwise.
    expect(seeded.ids.size).toBeGreaterThanOrEqual(16);
  }, 90_000);

  it('accounts for every operation of the document: a capability of the role table, or public or not injectable with its reason', () => {
    const { all, ops } = state();
    expect(accountingGaps(all), 'list a new public operation in PUBLIC_BY_DESIGN (operation-inventory.ts) with its reason').toEqual([]);
    expect(all.filter((op) => !ops.includes(op)).map((op) => op.key)).toEqual(Object.keys(NOT_INJECTABLE));
    expect(ops.length).toBeGreaterThan(150);
  });

  it("anonymous, A's Provider Admin and every member role that owns none of it: refused as the role table says, never a 5xx, never B's member's or C's things", async () => {
    const s = state();
    // Anonymous first: a public operation (called by the first caller only) is called as the public calls it.
    const start = await t.platform.eventStore.headPosition();
    const { violations, calls, covered: seen, refused } = await scopingViolations(inject, { ...s, callers: [s.anonymous, s.forged, ...s.callers], publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    for (const pair of seen) covered.add(pair);
    expect(calls).toBeGreaterThan(2000);
    expect(refused.size).toBeGreaterThan(1000);
    violations.push(...(await writtenByRefused(start, refused)));
    expect(violations, violations.join('\n')).toEqual([]);
  }, 120_000);

  it("A's Provider Admin's lists hold its provider's things only: A's member's once scoped, none before", async () => {
    const s = state();
    for (const list of ['/admin/equity/enrollments', '/admin/equity/alerts', '/nhd/orders/mine', '/reimbursements/claims', '/payments/mine']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1${list}?page_size=100`, headers: s.providerAdminA.headers });
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
    const { violations } = await scopingViolations(unfiltered, { ...s, ops: leaky, callers: [s.providerAdminA], publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(violations.join('\n')).toContain('GET /api/v1/admin/equity/enrollments as Provider Admin of A: 200 shows');
    // And a route answering another's thing by id.
    const byId = s.ops.filter((op) => op.key === 'GET /api/v1/nhd/orders/{id}');
    const asOverseer = await scopingViolations(unfiltered, { ...s, ops: byId, callers: s.callers.slice(1, 2), publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    expect(asOverseer.violations.join('\n')).toMatch(/GET \/api\/v1\/nhd\/orders\/\S+ as Customer: 200/);
  }, 60_000);

  it('Super Admin and Admin (overseers, who may see every member’s things): refused as the role table says, never a 5xx on any operation and id', async () => {
    const s = state();
    const start = await t.platform.eventStore.headPosition();
    const { violations, covered: seen, refused } = await scopingViolations(inject, { ...s, callers: s.overseers, overseer: true, publicByDesign: PUBLIC_BY_DESIGN, bodies: BODIES });
    for (const pair of seen) covered.add(pair);
    violations.push(...(await writtenByRefused(start, refused)));
    expect(violations, violations.join('\n')).toEqual([]);
  }, 120_000);

  it('covered every signed-in operation as every caller, and every public one', () => {
    const s = state();
    const callers = [s.anonymous, s.forged, ...s.callers, ...s.overseers];
    const signedIn = s.ops.filter((op) => op.capability);
    const missing = [...signedIn.flatMap((op) => callers.map((caller) => `${op.key} as ${caller.label}`)), ...s.ops.filter((op) => !op.capability).map((op) => `${op.key} as anyone`)].filter((pair) => !covered.has(pair));
    expect(missing).toEqual([]);
    console.info(`authorization matrix: ${signedIn.length} signed-in operations × ${callers.length} callers (${callers.map((c) => c.label).join(', ')}) and ${s.ops.length - signedIn.length} public operations: ${covered.size} pairs`);
  });
});
