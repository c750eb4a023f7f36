import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { allProjections } from '../src/composition/modules.ts';
import { pino } from 'pino';
import { MODULES } from '../src/composition/modules.ts';
import { openAdapters } from '../src/composition/open-adapters.ts';
import { replayReadModels } from '../src/cli/replay-read-models.ts';
import type { Module } from '../src/platform/module.ts';
import { SEEDED_ADMIN, startTestApp, type TestApp } from './harness.ts';
import { outboxOf, signInWithOutboxCode } from './sign-in.ts';
import { signUpWithOutboxCodes } from './sign-up.ts';
import { PROPERTY_VERIFIED, type PropertyVerifiedData } from '@acpg/contracts/properties';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { waitFor } from './wait-for.ts';
import { joinProviderThroughInvitation, providerAdminToken, removeProviderUserThroughApi } from './providers.ts';
import { orderReaches, placeAndPayOrder, placeOrder } from './nhd.ts';
import { payOrderWithTestCard } from './payments.ts';
import { checkoutExpirySchedule } from '../src/modules/payments/module.ts';
import { alertsOf, CSV_HEADER, enrolProperty, importCsv, payEnrolment } from './equity.ts';
import { propertyData } from '../src/platform/property-data/select.ts';
import { adminStep, claimReaches, fileClaim, renewMembershipFor, startMembershipFor, TINY_PDF, verifyPropertyFor } from './reimbursement.ts';
import { runNow, savedCard } from './renewals.ts';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { codeNotificationJob } from '../src/platform/jobs/notifications.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Every read-model document, byte for byte, in a stable order. */
const snapshot = (dataDir: string) => {
  const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: dataDir })));
  try {
    return db.prepare('SELECT collection, id, body FROM documents ORDER BY collection, id').all() as { collection: string; id: string; body: string }[];
  } finally {
    db.close();
  }
};

/** What a reaction leaves behind: jobs, sent messages, reaction groups' checkpoints. A replay must change none. */
const sideEffects = (dataDir: string) => {
  const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: dataDir })));
  try {
    return {
      jobs: db.prepare('SELECT queue, id, state FROM job_queue ORDER BY queue, id').all(),
      sent: db.prepare('SELECT id FROM dev_outbox ORDER BY id').all(),
      reactionGroups: db.prepare(`SELECT group_name, position FROM bus_checkpoints WHERE group_name LIKE 'reaction:%' ORDER BY group_name`).all(),
    };
  } finally {
    db.close();
  }
};

/**
 * Every projection has considered every event written so far (its saved checkpoint is at the head). Waiting for one
 * document is not enough: a projection that lags (the sign-up progress one, say) would be rebuilt by the replay with a
 * document the live read model had not written yet.
 */
const projectionsCaughtUp = async (t: TestApp) => {
  const groups = allProjections().map((p) => `projection:${p.name}`);
  await waitFor(
    async () => {
      const head = await t.platform.eventStore.headPosition(); // read each time: a reaction's job may append more
      const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));
      try {
        const rows = db.prepare(`SELECT group_name, position FROM bus_checkpoints WHERE group_name LIKE 'projection:%'`).all() as { group_name: string; position: number }[];
        const at = new Map(rows.map((r) => [r.group_name, r.position]));
        return groups.every((g) => (at.get(g) ?? 0) >= head) ? true : undefined;
      } finally {
        db.close();
      }
    },
    { what: 'every projection at the head of the log', timeoutMs: 30_000, intervalMs: 100 },
  );
};

/** The seeded Super Admin signs in with the emailed code: a SessionStarted event, to which a reaction sends a notice. */
const signIn = async (t: TestApp) => {
  await signInWithOutboxCode(t);
  await waitFor(async () => (await outboxOf(t, SEEDED_ADMIN.email)).some((m) => m.subject === 'New sign-in to your account'), { what: 'the sign-in notice' });
};

/** A customer pays with the test card: checkout events, and the membership their payment starts (a reaction's job). */
const payForMembership = async (t: TestApp) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Customer', 'replay-customer')}` };
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Pat Member' };
  const method = await t.app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: card, headers });
  const payload = { checkout_id: '0193a5f0-0000-7000-8000-000000000001', plan_id: 'monthly', accept_terms: true, payment_method_id: method.json().data.payment_method_id };
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers })).statusCode).toBe(200);
  await waitFor(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine', headers })).json().data.total === 1, { what: 'the membership' });
};

/** A promo code (Super Admin): a document in the promo codes read model. */
const createPromoCode = async (t: TestApp) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
  const payload = { code: 'REPLAY10', discount_kind: 'percent', discount_value: 10, plan_ids: ['monthly'], valid_from: '2026-01-01T00:00:00Z', valid_to: null, max_redemptions: null, max_per_account: null };
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/promo-codes', payload, headers });
  expect(created.statusCode, created.body).toBe(200);
  await waitFor(async () => (await t.platform.documents.get('payments_promo_codes', 'REPLAY10')) ?? undefined, { what: 'the promo code projected' });
};

/**
 * Content documents edited by a Super Admin: a blog post saved, published, changed, unpublished and restored (read models
 * content_managed, content_published, content_versions, content_history; the seed publishes the rest).
 */
const editContent = async (t: TestApp) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
  const key = 'blog.replay-post';
  const body = (heading: string) => ({ title: heading, description: 'A post for the replay', heading, excerpt: 'Replayed', body_html: '<p>Replay</p><script>x</script>', author: 'Replay Team', image_id: null });
  const steps: [string, string, object][] = [
    ['PUT', 'draft', { body: body('First'), expected_revision: 0 }],
    ['POST', 'publish', { expected_revision: 1 }],
    ['PUT', 'draft', { body: body('Second'), expected_revision: 2 }],
    ['POST', 'publish', { expected_revision: 3 }],
    ['POST', 'unpublish', { expected_revision: 4 }],
    ['POST', 'restore', { expected_revision: 5, version: 1 }],
  ];
  for (const [method, action, payload] of steps) {
    const r = await t.app.inject({ method: method as 'PUT' | 'POST', url: `/api/v1/cms/admin/content/${key}/${action}`, payload, headers });
    expect(r.statusCode, r.body).toBe(200);
  }
  await waitFor(async () => ((await t.platform.documents.get('content_managed', key))?.revision === 6 ? true : undefined), { what: 'the content edits projected' });
};

/**
 * A provider with a Provider Admin (Super Admin): a document in the providers read model, the applicant in its copy of
 * account contacts, and identity's AccountRolesChanged (the accounts read model's roles).
 */
const createProvider = async (t: TestApp, adminEmail: string) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
  const payload = {
    name: 'Replay Homes',
    kind: 'Homebuilder',
    contact: { name: 'Rae Play', email: 'rae@replay.example', phone: null },
    address: { line1: '1 Sample Street', city: 'San Jose', state: 'CA', zip: '95112' },
  };
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/providers', payload, headers });
  expect(created.statusCode, created.body).toBe(200);
  const id = String(created.json().data.id);
  const appointed = await t.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${id}/admins`, payload: { email: adminEmail }, headers });
  expect(appointed.statusCode, appointed.body).toBe(200);
  await waitFor(async () => ((await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['AccountRolesChanged'] })).length > 0 ? true : undefined), {
    what: 'the Provider Admin role given',
  });
  // Its provider users (read model provider_users): one invited, resent and revoked, one invited again.
  const adminToken = await providerAdminToken(t, id, 'replay-provider-admin');
  const providerAdmin = { authorization: `Bearer ${adminToken}` };
  for (const email of ['invitee-1@replay.example', 'invitee-2@replay.example']) {
    const invited = await t.app.inject({ method: 'POST', url: '/api/v1/provider-users/invitations', payload: { email, role: 'Agent' }, headers: providerAdmin });
    expect(invited.statusCode, invited.body).toBe(200);
  }
  const first = await t.app.inject({ method: 'GET', url: '/api/v1/provider-users?q=invitee-1', headers: providerAdmin });
  const invitationId = String(first.json().data.items[0].id);
  // Properties attached to the waiting invitation (ProviderPropertiesAttached) before it is resent and revoked.
  const attached = await t.app.inject({ method: 'POST', url: `/api/v1/provider-users/${invitationId}/attach-properties`, payload: { properties: ['ca-scl-00009'] }, headers: providerAdmin });
  expect(attached.statusCode, attached.body).toBe(200);
  for (const action of ['resend', 'revoke']) {
    const acted = await t.app.inject({ method: 'POST', url: `/api/v1/provider-users/${invitationId}/${action}`, headers: providerAdmin });
    expect(acted.statusCode, acted.body).toBe(200);
  }
  // A user who accepted (every module's copy of provider members: equity's, nhd's, reimbursement's), and one who left.
  await joinProviderThroughInvitation(t, adminToken, 'replay-provider-member', 'Rory Member');
  const leaver = await joinProviderThroughInvitation(t, adminToken, 'replay-provider-leaver', 'Lee Leaver');
  await removeProviderUserThroughApi(t, adminToken, leaver.providerUserId);
};

/** A verified property (the event as the properties module writes it): documents in the verified-properties read model. */
const verifyProperty = async (t: TestApp) => {
  const data: PropertyVerifiedData = {
    verification_id: '0193a5f0-0000-7000-8000-0000000000a1',
    account_id: 'replay-customer',
    property_id: 'ca-scl-00007',
    address_line: '1 Sample Street',
    city: 'San Jose',
    county: 'Santa Clara',
    state: 'CA',
    zip: '95112',
    apn: '123-45-678',
    verified_at: '2026-01-02T03:04:05.000Z',
  };
  const meta = { now: new Date(data.verified_at), actor: data.account_id, correlationId: 'replay-test' };
  await t.platform.eventStore.append(`properties-verification-${data.verification_id}`, 0, [
    eventEnvelope('0193a5f0-0000-7000-8000-0000000000a2', PROPERTY_VERIFIED, data, meta),
  ]);
  const headers = { authorization: `Bearer ${await t.signInAs('Customer', data.account_id)}` };
  await waitFor(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/properties/verified', headers })).json().data.total === 1, {
    what: 'the verified property',
  });
};

describe('npm run replay -- --all', () => {
  it('rebuilds every read model from position 0, leaves each document as it was, and runs no reaction', async () => {
    const t = await startTestApp({ CAPTCHA_COST: '1' }); // dev outbox on: the sign-in reads its code there
    const dataDir = t.dataDir;
    const stored = 25;
    for (let i = 0; i < stored; i += 1) {
      const response = await fetch(`${t.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-location': JSON.stringify({ latitude: 34.05, longitude: -118.24 }) },
        body: JSON.stringify({ data_id: `d${i}`, page_name: i % 2 ? 'home' : 'faq', button_name: `b${i % 3}`, user_id: null }),
      });
      expect(response.status).toBe(200);
    }
    await signIn(t);
    // A stranger signs up: the sign-up progress read model gets its document.
    const applicant = await signUpWithOutboxCodes(t, { full_name: 'Replay Applicant', email: 'replay@example.test', phone: '+14155550142', password: 'a long and uncommon passphrase', role: 'Broker' }, 'America/New_York');
    await waitFor(async () => (await t.platform.documents.get('sign_up_progress', applicant.user.id)) ?? undefined, { what: 'the sign-up progress projected' });
    // Account administration: the applicant's roles changed, then suspended and reactivated (identity_admin_accounts,
    // and the sessions read model identity_sessions ends their session).
    const superAdmin = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
    for (const [path, payload] of [
      ['roles', { roles: ['Broker', 'Agent'], reason: 'Replay: also an Agent (a Provider Admin next: an Admin would be refused)' }],
      ['suspend', { reason: 'Replay: suspended' }],
      ['reactivate', { reason: 'Replay: reactivated' }],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/admin/accounts/${applicant.user.id}/${path}`, payload, headers: superAdmin });
      expect(r.statusCode, r.body).toBe(200);
    }
    await payForMembership(t);
    // A card saved for later charges (memberships keeps a copy of it: memberships_saved_cards).
    const card = await savedCard(t, 'replay-customer', TEST_CARDS.succeeds);
    await waitFor(async () => (await t.platform.documents.get('memberships_saved_cards', card)) ?? undefined, { what: 'the saved card copied' });
    await verifyProperty(t);
    // An NHD order paid, reported and delivered, one recipient's link withdrawn (read model nhd_orders).
    const { order } = await placeAndPayOrder(t, 'replay-orderer');
    await orderReaches(t, 'replay-orderer', order.order_id, 'delivered');
    const revoked = await t.app.inject({ method: 'POST', url: `/api/v1/nhd/orders/${order.order_id}/receipt-links/revoke`, payload: { recipient_id: 'r1' }, headers: { authorization: `Bearer ${await t.signInAs('Customer', 'replay-orderer')}` } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Equity Protect: the verified property protected and paid, a recording imported, its alert reported as fraud
    // (read models equity_enrolments, equity_imports, equity_alerts).
    const enrolment = await enrolProperty(t, 'replay-customer', 'ca-scl-00007');
    expect((await payEnrolment(t, 'replay-customer', enrolment.enrollment_id)).status).toBe(200);
    await waitFor(async () => ((await t.platform.documents.get('equity_enrolments', enrolment.enrollment_id))?.status === 'active' ? true : undefined), { what: 'the enrolment active' });
    const parcel = await propertyData().findById('ca-scl-00007');
    await importCsv(t, `${CSV_HEADER}\n2026-0000042,${parcel?.county},${parcel?.apn},grant_deed,${new Date().toISOString().slice(0, 10)},Replay Customer,Someone Else,90000000\n`);
    const [alert] = await alertsOf(t, 'replay-customer', 1);
    const reported = await t.app.inject({ method: 'POST', url: `/api/v1/equity/alerts/${alert?.alert_id}/report`, payload: { note: 'Not us' }, headers: { authorization: `Bearer ${await t.signInAs('Customer', 'replay-customer')}` } });
    expect(reported.statusCode).toBe(200);
    await createPromoCode(t);
    await editContent(t);
    await createProvider(t, 'replay@example.test');
    // A reimbursement claim on a verified property, covered by a membership past its waiting period, reviewed, approved
    // and paid out (read model reimbursement_claims; the copies reimbursement_memberships, with a renewal's stretch, and
    // reimbursement_plans; the claim's coverage ledger is a stream, not a read model).
    await verifyPropertyFor(t, 'replay-claimant', 'ca-scl-00007');
    const replayMembership = await startMembershipFor(t, 'replay-claimant', 400);
    await renewMembershipFor(t, replayMembership, new Date(Date.parse(replayMembership.started_at) + 365 * 86_400_000).toISOString());
    const claim = await fileClaim(t, 'replay-claimant', { property_id: 'ca-scl-00007' });
    await adminStep(t, claim.claim_id, 'review');
    await adminStep(t, claim.claim_id, 'approve', { reason: 'Covered inspection', approved_amount_cents: 40_000 });
    await adminStep(t, claim.claim_id, 'payout', { method: 'check', reference: 'CHK-1001' });
    await claimReaches(t, 'replay-claimant', claim.claim_id, 'paid');
    await waitFor(async () => (await t.platform.documents.get('reimbursement_claims', claim.claim_id))?.status === 'paid', { what: 'the paid claim projected' });
    // The claimant's payout details on My Account (PIN asked), copied by reimbursement (reimbursement_payout_details).
    const claimantAuth = { authorization: `Bearer ${await t.signInAs('Customer', 'replay-claimant')}` };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/account/pin', payload: { new_pin: '4826' }, headers: claimantAuth })).statusCode).toBe(200);
    const payout = { method: 'direct_deposit', account_holder: 'Replay Claimant', routing_number: '021000021', account_number: '000123456789', account_type: 'savings', pin: '4826' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/account/payout-details', payload: payout, headers: claimantAuth })).statusCode).toBe(200);
    await waitFor(async () => (await t.platform.documents.get('reimbursement_payout_details', 'replay-claimant')) ?? undefined, { what: 'the payout details copied' });
    // A checkout left at the card's second step, abandoned when it expired (CheckoutAbandoned in payments_charges).
    const left = await payOrderWithTestCard(t, 'replay-abandoner', TEST_CARDS.requiresAction, (await placeOrder(t, 'replay-abandoner')).order_id);
    expect(left.result?.status, left.body).toBe('requires_action');
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', left.checkoutId))?.status === 'requires_action' ? true : undefined), { what: 'the waiting charge' });
    const clock = t.platform.clock;
    t.platform.clock = () => new Date(clock().getTime() + 31 * 60_000);
    try {
      await runNow(t, [checkoutExpirySchedule]);
    } finally {
      t.platform.clock = clock;
    }
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', left.checkoutId))?.status === 'failed' ? true : undefined), { what: 'the abandoned charge' });
    // A deed sent for review (read model property_documents).
    const deed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/ca-scl-00008/verifications/documents',
      payload: { kind: 'deed', data: TINY_PDF.toString('base64') },
      headers: { authorization: `Bearer ${await t.signInAs('Customer', 'replay-deed-owner')}` },
    });
    expect(deed.statusCode, deed.body).toBe(200);
    await waitFor(async () => ((await t.platform.documents.find('property_documents', {})).length > 0 ? true : undefined), { what: 'the deed waiting for review' });
    // An email template edited then reset (notifications_template_overrides, notifications_template_versions).
    for (const [method, path, payload] of [
      ['PUT', '', { subject: 'Replay: new sign-in', expected_version: 0 }],
      ['POST', '/reset', { expected_version: 1 }],
    ] as const) {
      const r = await t.app.inject({ method, url: `/api/v1/admin/email-templates/identity.sign-in-notice${path}`, payload, headers: superAdmin });
      expect(r.statusCode, r.body).toBe(200);
    }
    // An operator discards a dead job, saying why (operations_actions).
    await t.platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'notification', { bogus: true }, { id: 'replay-dead-job' });
    await waitFor(async () => ((await t.platform.jobs.job(NOTIFICATIONS_QUEUE, 'replay-dead-job'))?.state === 'dead' ? true : undefined), { what: 'the dead job' });
    const discarded = await t.app.inject({ method: 'POST', url: `/api/v1/admin/operations/queues/${NOTIFICATIONS_QUEUE}/jobs/replay-dead-job/discard`, payload: { reason: 'Replay: bad data' }, headers: superAdmin });
    expect(discarded.statusCode, discarded.body).toBe(200);
    await waitFor(async () => ((await t.platform.documents.find('operations_actions', {})).length > 0 ? true : undefined), { what: 'the operator action projected' });
    // A code delivery that fails (its template is unknown: refused for good), for the dashboard's failing deliveries.
    await codeNotificationJob.enqueue(t.platform, { channel: 'email', to: 'nobody@example.test', template: 'replay.no-such-template', variables: {} }, { id: 'replay-failing-code' });
    await waitFor(async () => ((await t.platform.documents.find('insights_dashboard_deliveries', {})).length > 0 ? true : undefined), { what: 'the failed delivery on the dashboard' });
    const token = await t.signInAs('Super Admin');
    await waitFor(async () => {
      const r = await fetch(`${t.url}/api/v1/admin/user-interactions`, { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data: { total: number } }).data.total === stored;
    }, { what: 'interactions projected' });
    await projectionsCaughtUp(t);
    await t.stop(); // the data folder stays for the replay
    const before = snapshot(dataDir);
    const effects = sideEffects(dataDir);
    expect(effects.reactionGroups.length).toBeGreaterThan(0);

    const collections = new Set(before.map((d) => d.collection));
    for (const projection of allProjections()) expect(collections, projection.name).toContain(projection.collection);

    const { stdout } = await run(process.execPath, ['services/src/cli/replay.ts', '--all'], {
      cwd: root,
      env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir },
    }).catch((error: unknown) => {
      throw new Error(`replay failed: ${String((error as { stderr?: string }).stderr ?? error)}`);
    });
    expect(stdout).toMatch(/events\/s/);
    expect(snapshot(dataDir)).toEqual(before);
    expect(sideEffects(dataDir)).toEqual(effects);

    // Given every module's reactions and one that would react to every event, a replay still runs none.
    const reacted: string[] = [];
    const everything = [...new Set(MODULES.flatMap((m) => [...(m.projections ?? []).flatMap((p) => p.handles), ...(m.reactions ?? []).flatMap((r) => r.handles)]))];
    const spy: Module = { name: 'spy', reactions: [{ name: 'spy.everything', handles: everything, jobs: async (event) => (reacted.push(event.type), []) }] };
    const adapters = await openAdapters(loadConfig({ MODE: 'embedded', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
    try {
      const replayed = await replayReadModels(adapters, [...MODULES, spy], 'all');
      expect(replayed.map((r) => r.projection)).toEqual(allProjections().map((p) => p.name));
      expect(replayed.reduce((sum, r) => sum + r.events, 0)).toBeGreaterThan(stored);
    } finally {
      await adapters.close();
    }
    expect(reacted).toEqual([]);
    expect(snapshot(dataDir)).toEqual(before);
    expect(sideEffects(dataDir)).toEqual(effects);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
