import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { PIN_RULES } from '@acpg/contracts/member-data';
import { useTestApp } from '../../../../test/harness.ts';
import { outboxOf, waitForMessage } from '../../../../test/outbox.ts';
import { adminStep, claimant, fileClaim } from '../../../../test/reimbursement.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { memberDataStream } from './decider.ts';

const t = useTestApp();

let address = 0;
beforeEach(() => {
  address++;
});

type Member = Awaited<ReturnType<typeof claimant>>;
const call = (method: InjectOptions['method'], url: string, who: Member | null, payload?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: `10.0.8.${address % 250}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { headers: who.headers } : {}),
  });
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];
const dataOf = async (who: Member) => (await call('GET', '/account/data', who)).json().data;
const destinationOf = async (who: Member) => (await call('GET', '/reimbursements/payout-destination', who)).json().data;

const PIN = '4826';
const ACCOUNT_NUMBER = '000123456789';
const ROUTING = '021000021';
const deposit = (over: Record<string, unknown> = {}) => ({
  method: 'direct_deposit',
  account_holder: 'Jane Doe',
  routing_number: ROUTING,
  account_number: ACCOUNT_NUMBER,
  account_type: 'checking',
  pin: PIN,
  ...over,
});
const home = { line1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' };

const withPin = async () => {
  const me = await claimant(t);
  expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
  return me;
};

describe('My Account: payout details', () => {
  it('refuses without a token, without a PIN set, and without the PIN', async () => {
    expect((await call('PUT', '/account/payout-details', null, deposit())).statusCode).toBe(401);
    expect((await call('GET', '/reimbursements/payout-destination', null)).statusCode).toBe(401);
    const me = await claimant(t);
    expect(answer(await call('PUT', '/account/payout-details', me, deposit()))).toEqual([409, 'PIN_NOT_SET']);
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    const { pin: _pin, ...noPin } = deposit();
    expect(answer(await call('PUT', '/account/payout-details', me, noPin))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await dataOf(me)).payout_details).toBeNull();
  });

  it('refuses bad details naming the field, changes nothing and counts no PIN try', async () => {
    const me = await withPin();
    const bad = [
      [deposit({ routing_number: '021000022' }), 'routing_number'],
      [deposit({ routing_number: '12345' }), 'routing_number'],
      [deposit({ account_number: '12' }), 'account_number'],
      [deposit({ account_holder: '  ' }), 'account_holder'],
      [deposit({ account_type: 'brokerage' }), 'account_type'],
    ] as const;
    for (const [body, field] of bad) {
      const r = await call('PUT', '/account/payout-details', me, body);
      expect(answer(r)).toEqual([400, 'VALIDATION_FAILED']);
      expect((r.json().errors as { path: string }[]).map((e) => e.path)).toContain(field);
    }
    // A check needs a mailing address on file.
    expect(answer(await call('PUT', '/account/payout-details', me, { method: 'check', pin: PIN }))).toEqual([409, 'MAILING_ADDRESS_REQUIRED']);
    expect((await dataOf(me)).payout_details).toBeNull();
    const events = await t.platform.eventStore.readStream(memberDataStream(me.accountId));
    expect(events.map((e) => e.type)).toEqual(['MemberPinChanged']);
  });

  it('counts a wrong PIN toward the same lockout as the beneficiaries', async () => {
    const me = await withPin();
    const wrong = await call('PUT', '/account/payout-details', me, deposit({ pin: '1357' }));
    expect(answer(wrong)).toEqual([400, 'PIN_INCORRECT']);
    expect(wrong.json().message).toContain(`${PIN_RULES.maxWrongTries - 1} tries left`);
    for (let i = 2; i <= PIN_RULES.maxWrongTries; i++) {
      const body = i % 2 === 0 ? { beneficiaries: [{ full_name: 'Heir', relationship: 'Child', share_percent: 100 }], pin: '1357' } : deposit({ pin: '1357' });
      expect(answer(await call('PUT', i % 2 === 0 ? '/account/beneficiaries' : '/account/payout-details', me, body))).toEqual([400, 'PIN_INCORRECT']);
    }
    const locked = await call('PUT', '/account/payout-details', me, deposit());
    expect(answer(locked)).toEqual([429, 'PIN_LOCKED']);
    expect((await dataOf(me)).payout_details).toBeNull();
  });

  it('answers and publishes only the last 4 digits: never in clear in an answer, an event, an email or the copy', async () => {
    const me = await withPin();
    const pinNotice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/);
    const saved = await call('PUT', '/account/payout-details', me, deposit({ bank_name: 'Chase' }));
    expect(saved.statusCode).toBe(200);
    const masked = { method: 'direct_deposit', account_holder: 'Jane Doe', bank_name: 'Chase', account_type: 'checking', account_last4: '6789' };
    expect(saved.json().data.payout_details).toEqual({ details: masked, changed_at: expect.any(String) });

    const notice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/, pinNotice);
    expect(notice.text).toContain('The payout details (where your reimbursements are paid) of your account were changed');

    const destination = await waitFor(async () => {
      const d = await destinationOf(me);
      return d.details ? d : undefined;
    }, { what: 'payout details in the reimbursement copy' });
    expect(destination).toEqual({ details: masked, changed_at: expect.any(String), summary: 'Direct deposit to checking ····6789 at Chase, Jane Doe' });
    const copy = await t.platform.documents.get('reimbursement_payout_details', me.accountId);
    expect(copy).toMatchObject({ account_id: me.accountId, details: masked });

    const events = await t.platform.eventStore.readStream(memberDataStream(me.accountId));
    const everything = JSON.stringify([saved.json(), await dataOf(me), destination, copy, events, await outboxOf(t.app, me.email)]);
    expect(everything).not.toContain(ACCOUNT_NUMBER);
    expect(everything).not.toContain('123456789');
    expect(everything).not.toContain(ROUTING);
  });

  it('pays by a check mailed to the mailing address, which follows the address, and the admin sees where a claim goes', async () => {
    const me = await withPin();
    const claim = await fileClaim(t, me.accountId);
    const admin = { authorization: `Bearer ${await t.signInAs('Super Admin', 'claims-admin')}` };
    const adminView = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/admin/reimbursements/claims/${claim.claim_id}/payout-destination`, headers: admin })).json().data;
    expect(await adminView()).toEqual({ details: null, changed_at: null, summary: 'No payout details on file.' });
    // The claimant's own route is theirs: a customer may not read the admin's.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/reimbursements/claims/${claim.claim_id}/payout-destination`, headers: me.headers })).statusCode).toBe(403);

    expect((await call('PUT', '/account/mailing-address', me, { address: home })).statusCode).toBe(200);
    const check = await call('PUT', '/account/payout-details', me, { method: 'check', pin: PIN });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.payout_details.details).toEqual({ method: 'check', mailing_address: home });
    await waitFor(async () => ((await adminView()).summary === 'Check mailed to 1 Main St, Fresno, CA 93701' ? true : undefined), { what: 'check in the copy' });

    expect((await call('PUT', '/account/mailing-address', me, { address: { ...home, line1: '9 Elm St' } })).statusCode).toBe(200);
    expect((await dataOf(me)).payout_details.details.mailing_address.line1).toBe('9 Elm St');
    await waitFor(async () => ((await destinationOf(me)).summary === 'Check mailed to 9 Elm St, Fresno, CA 93701' ? true : undefined), { what: 'the readdressed check' });

    // A manual payout is recorded as before, whatever the details.
    await adminStep(t, claim.claim_id, 'review');
    await adminStep(t, claim.claim_id, 'approve', { approved_amount_cents: 10_000, reason: 'Covered' });
    expect((await adminStep(t, claim.claim_id, 'payout', { method: 'check', reference: 'CHK-1001' })).payout).toMatchObject({ method: 'check', reference: 'CHK-1001' });
  });
});

/** Every byte under the data directory (SQLite files with their WAL, stored files), as latin1 text to search. */
const rawStore = (dir: string): string => {
  const chunks: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) chunks.push(readFileSync(path).toString('latin1'));
    }
  };
  walk(dir);
  return chunks.join('\n');
};

describe('Direct deposit: the full numbers, encrypted, revealed on purpose', () => {
  const reveal = (accountId: string, headers: Record<string, string> | null, payload: unknown = { reason: 'Paying claim 1042 by ACH' }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/accounts/${accountId}/payout-details/reveal`, payload: payload as Record<string, unknown>, ...(headers ? { headers } : {}) });
  const FULL = '000987654321';
  const NEW_ACCOUNT = '4455667788';
  const NEW_ROUTING = '011000015';

  it('keeps them encrypted at rest, and a Super Admin sees them with a reason, which is recorded', async () => {
    const me = await withPin();
    expect((await call('PUT', '/account/payout-details', me, deposit({ account_number: FULL, account_type: 'savings', bank_name: 'Chase' }))).statusCode).toBe(200);
    // The raw event store and document store (the files under the data directory) never hold them in clear.
    const raw = rawStore(t.dataDir);
    expect(raw).toContain(me.accountId);
    expect(raw).not.toContain(FULL);
    expect(raw).not.toContain(ROUTING);
    const stored = (await t.platform.eventStore.readStream(memberDataStream(me.accountId))).find((e) => e.type === 'MemberBankAccountStored');
    expect(String((stored?.data as { bank_encrypted: string }).bank_encrypted)).toMatch(/^v1\./);

    const adminId = `admin-${me.accountId}`;
    const admin = { authorization: `Bearer ${await t.signInAs('Super Admin', adminId)}` };
    expect((await reveal(me.accountId, null)).statusCode).toBe(401);
    expect((await reveal(me.accountId, me.headers)).statusCode).toBe(403);
    expect((await reveal(me.accountId, { authorization: `Bearer ${await t.signInAs('Customer')}` })).statusCode).toBe(403);
    for (const bad of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const r = await reveal(me.accountId, admin, bad);
      expect(answer(r)).toEqual([400, 'VALIDATION_FAILED']);
      expect((r.json().errors as { path: string }[]).map((e) => e.path)).toContain('reason');
    }
    expect(answer(await reveal('acct-nobody', admin))).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    const refused = (await t.platform.eventStore.readStream(memberDataStream(me.accountId))).filter((e) => e.type === 'MemberPayoutDetailsRevealed');
    expect(refused).toEqual([]);

    const shown = await reveal(me.accountId, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.json().data).toEqual({
      account_holder: 'Jane Doe',
      bank_name: 'Chase',
      routing_number: ROUTING,
      account_number: FULL,
      account_type: 'savings',
      revealed_at: expect.any(String),
    });
    const audit = (await t.platform.eventStore.readStream(memberDataStream(me.accountId))).filter((e) => e.type === 'MemberPayoutDetailsRevealed');
    expect(audit.map((e) => e.data)).toEqual([{ account_id: me.accountId, by: adminId, reason: 'Paying claim 1042 by ACH', at: shown.json().data.revealed_at }]);
    // The member's own answer stays masked.
    expect((await dataOf(me)).payout_details.details).toMatchObject({ account_last4: '4321' });
    expect(JSON.stringify(await dataOf(me))).not.toContain(FULL);

    // New details: the next reveal answers the new numbers.
    expect((await call('PUT', '/account/payout-details', me, deposit({ account_number: NEW_ACCOUNT, routing_number: NEW_ROUTING }))).statusCode).toBe(200);
    expect((await reveal(me.accountId, admin)).json().data).toMatchObject({ routing_number: NEW_ROUTING, account_number: NEW_ACCOUNT, account_type: 'checking', bank_name: null });
    const rawAfter = rawStore(t.dataDir);
    expect(rawAfter).not.toContain(NEW_ACCOUNT);
    expect(rawAfter).not.toContain(NEW_ROUTING);
  });

  it('is documented in OpenAPI, with its reason and its refusals', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>> };
    const route = spec.paths['/api/v1/admin/accounts/{account_id}/payout-details/reveal']?.post;
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(JSON.stringify(route?.requestBody)).toContain('reason');
  });

  it('answers 409 when the member has no direct deposit', async () => {
    const me = await withPin();
    const admin = { authorization: `Bearer ${await t.signInAs('Super Admin')}` };
    expect(answer(await reveal(me.accountId, admin))).toEqual([409, 'NO_DIRECT_DEPOSIT']);
    expect((await call('PUT', '/account/mailing-address', me, { address: home })).statusCode).toBe(200);
    expect((await call('PUT', '/account/payout-details', me, deposit())).statusCode).toBe(200);
    expect((await call('PUT', '/account/payout-details', me, { method: 'check', pin: PIN })).statusCode).toBe(200);
    expect(answer(await reveal(me.accountId, admin))).toEqual([409, 'NO_DIRECT_DEPOSIT']);
    const events = await t.platform.eventStore.readStream(memberDataStream(me.accountId));
    expect(events.map((e) => e.type)).not.toContain('MemberPayoutDetailsRevealed');
  });
});
