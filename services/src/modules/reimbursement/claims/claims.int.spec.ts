import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLAIM_UPDATED_MESSAGE, type ClaimView } from '@acpg/contracts/reimbursement';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { adminStep, CLAIM_PATH_TO_PAID, claimant, claimBody, claimReaches, fileClaim, TINY_PDF, TINY_PNG, startMembershipFor, verifyPropertyFor } from '../../../../test/reimbursement.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Reimbursement claims over HTTP and socket.io: filing, the review path to paid, access, refusals, the admin list. */
describe('reimbursement claims', () => {
  const t = useTestApp({ DEV_OUTBOX: 'true' });
  const { open, follow } = socketClients(() => t);
  const { as, get, post } = apiClient(() => t);

  const notices = async (email: string) => (await outboxOf(t, email)).filter((m) => (m.subject ?? '').startsWith('Your reimbursement claim'));
  const unchanged = async (act: () => Promise<void>) => {
    const before = await t.platform.eventStore.headPosition();
    await act();
    expect(await t.platform.eventStore.headPosition()).toBe(before);
  };

  it('walks a claim from submitted to paid: documents kept encrypted, one email per status change, the audit trail', async () => {
    const member = await claimant(t);
    const body = claimBody({ documents: [{ name: 'invoice.pdf', data: TINY_PDF.toString('base64') }, { name: 'roof.png', data: `data:image/png;base64,${TINY_PNG.toString('base64')}` }] });
    const filed = await post('/reimbursements/claims', body, member.headers);
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json().data as ClaimView;
    expect(claim).toMatchObject({ status: 'submitted', amount_cents: 45_000, property: { property_id: 'ca-lax-00001', county: 'Los Angeles', apn: '0165-307-174' } });
    expect(claim.documents.map((d) => [d.name, d.content_type])).toEqual([['invoice.pdf', 'application/pdf'], ['roof.png', 'image/png']]);
    const repeat = await post('/reimbursements/claims', body, member.headers);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.claim_id).toBe(claim.claim_id);
    expect((await post('/reimbursements/claims', { ...body, amount_cents: 1 }, member.headers)).json()).toMatchObject({ code: 'CLAIM_MISMATCH' });
    const [event] = await t.platform.eventStore.readStream(`reimbursement-claim-${claim.claim_id}`);
    expect(JSON.stringify(event?.data)).not.toContain(TINY_PDF.toString('base64').slice(0, 12));

    const pdf = await get(`/reimbursements/claims/${claim.claim_id}/documents/${claim.documents[0]?.doc_id}`, member.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('filename="invoice.pdf"');
    expect(Buffer.compare(pdf.rawPayload, TINY_PDF)).toBe(0);

    await adminStep(t, claim.claim_id, 'review');
    await adminStep(t, claim.claim_id, 'request-info', { message: 'Please attach the inspector’s invoice.' });
    const answered = await post(`/reimbursements/claims/${claim.claim_id}/answer`, { message: 'Here is the invoice.', documents: [{ name: 'second.png', data: TINY_PNG.toString('base64') }] }, member.headers);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'under_review', messages: [{ from: 'reviewer' }, { from: 'claimant', message: 'Here is the invoice.' }] });
    expect(answered.json().data.documents).toHaveLength(3);
    await adminStep(t, claim.claim_id, 'approve', { reason: 'Covered inspection', approved_amount_cents: 40_000 });
    await adminStep(t, claim.claim_id, 'payout', { method: 'ach', reference: 'ACH-20261124' });
    const paid = await claimReaches(t, member.accountId, claim.claim_id, 'paid');
    expect(paid).toMatchObject({ approved_amount_cents: 40_000, reason: 'Covered inspection', payout: { method: 'ach', reference: 'ACH-20261124', amount_cents: 40_000 } });
    expect(paid.payout?.paid_at).toBeTruthy();

    const history = (await get(`/reimbursements/claims/${claim.claim_id}/history`, member.headers)).json().data.items as { event_type: string; by: string; summary: string }[];
    expect(history.map((e) => e.event_type)).toEqual(CLAIM_PATH_TO_PAID);
    expect(history.map((e) => e.by)).toEqual([member.accountId, 'claims-admin', 'claims-admin', member.accountId, 'claims-admin', 'claims-admin', 'system']);
    expect(history[6]?.summary).toBe('Paid $400.00 by ACH transfer (reference ACH-20261124).');

    const mails = await waitFor(async () => ((await notices(member.email)).length >= 6 ? notices(member.email) : undefined), { what: 'six status emails' });
    expect(mails.map((m) => m.subject?.split(': ')[1]).sort()).toEqual(['Approved', 'More information requested', 'Paid', 'Submitted', 'Under review', 'Under review']);
    expect(mails.find((m) => m.subject?.endsWith('More information requested'))?.text).toContain('Please attach the inspector’s invoice.');
    expect(claim.number).toMatch(/^CLM-\d{6}$/);
    expect(mails.every((m) => m.subject?.startsWith(`Your reimbursement claim ${claim.number ?? 'number'}: `))).toBe(true);
    await waitFor(async () => (await get(`/reimbursements/claims?status=paid`, member.headers)).json().data.total === 1, { what: 'the paid claim listed' });
  });

  it('shows a claim to its claimant and Super Admins only: 404 (as for no claim) for another member, refused join on the socket, pushes to the owner', async () => {
    const member = await claimant(t);
    const claim = await fileClaim(t, member.accountId);
    const stranger = await as('Customer', `other-${randomUUID()}`);
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    await unchanged(async () => {
      for (const path of ['', '/history', `/documents/${claim.documents[0]?.doc_id}`]) {
        expect((await get(`/reimbursements/claims/${claim.claim_id}${path}`, stranger)).json()).toMatchObject({ code: 'CLAIM_NOT_FOUND' });
        expect((await get(`/reimbursements/claims/${claim.claim_id}${path}`)).statusCode).toBe(401);
        expect((await get(`/reimbursements/claims/${claim.claim_id}${path}`, admin)).statusCode).toBe(200);
      }
      expect((await post(`/reimbursements/claims/${claim.claim_id}/answer`, { message: 'Not my claim at all' }, stranger)).statusCode).toBe(404);
      expect((await post(`/admin/reimbursements/claims/${claim.claim_id}/review`, undefined, member.headers)).statusCode).toBe(403);
      expect((await get('/admin/reimbursements/claims', stranger)).statusCode).toBe(403);
      expect((await get(`/reimbursements/claims/${randomUUID()}`, admin)).statusCode).toBe(404);
      expect((await get(`/reimbursements/claims/${claim.claim_id}/documents/nope`, admin)).json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
      expect((await get('/reimbursements/claims/not-a-uuid', admin)).statusCode).toBe(400);
      expect((await get('/reimbursements/claims', stranger)).json().data.total).toBe(0);
    });

    const ownSocket = await open(member.headers.authorization.slice(7));
    const strangerSocket = await open(stranger.authorization.slice(7));
    const adminSocket = await open(admin.authorization.slice(7));
    expect((await follow(ownSocket, `reimbursement-claim:${claim.claim_id}`)).ok).toBe(true);
    expect((await follow(adminSocket, `reimbursement-claim:${claim.claim_id}`)).ok).toBe(true);
    // Another account's claim answers exactly as an id nobody used; its pushes never reach the stranger (below).
    expect(await follow(strangerSocket, `reimbursement-claim:${claim.claim_id}`)).toEqual(await follow(strangerSocket, `reimbursement-claim:${randomUUID()}`));
    expect((await follow(strangerSocket, 'reimbursement-claim:../../etc')).ok).toBe(false);
    const seen: ClaimView[] = [];
    const strangerSeen: unknown[] = [];
    ownSocket.on(CLAIM_UPDATED_MESSAGE, (view: ClaimView) => seen.push(view));
    strangerSocket.on(CLAIM_UPDATED_MESSAGE, (view: unknown) => strangerSeen.push(view));
    await adminStep(t, claim.claim_id, 'review');
    await waitFor(() => seen.find((v) => v.claim_id === claim.claim_id && v.status === 'under_review'), { what: 'the review pushed to the claimant' });
    expect(strangerSeen).toHaveLength(0);
  });

  it('refuses fake documents, unverified properties, bad bodies and steps out of order, appending nothing', async () => {
    const member = await claimant(t);
    const fake = Buffer.from('just some text, renamed to look like a PDF').toString('base64');
    const bad: [unknown, RegExp][] = [
      [claimBody({ documents: [{ name: 'invoice.pdf', data: fake }] }), /must be a PDF|JPEG, PNG or WebP/],
      [claimBody({ property_id: 'ca-lax-00002' }), /not verified this property/],
      [claimBody({ amount_cents: 0 }), /at least \$0\.01/],
      [claimBody({ amount_cents: 10_000_001 }), /at most \$100,000\.00/],
      [claimBody({ amount_cents: 12.5 }), /whole number of cents/],
      [claimBody({ expense_date: '2099-01-01' }), /in the future/],
      [claimBody({ expense_date: '2020-01-01' }), /more than 365 days old/],
      [claimBody({ expense_date: '2026-02-30' }), /YYYY-MM-DD/],
      [claimBody({ description: 'short' }), /at least 10 characters/],
      [claimBody({ documents: [] }), /at least one document/],
      [claimBody({ documents: Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, data: TINY_PDF.toString('base64') })) }), /at most 5 documents/],
      [claimBody({ category: 'vacation' }), /category must be one of/],
      [claimBody({ claim_id: 'abc' }), /claim_id must be a uuid/],
      [claimBody({ documents: [{ name: 'x.pdf', data: '%%%not base64%%%' }] }), /could not be read/],
      [{ ...claimBody(), amount_cents: { $gt: 0 } }, /amount/],
    ];
    await unchanged(async () => {
      for (const [payload, message] of bad) {
        const r = await post('/reimbursements/claims', payload, member.headers);
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().message).toMatch(message);
      }
      for (const payload of ['{"oops": ', 'null', '[1,2]']) {
        const r = await t.app.inject({ method: 'POST', url: '/api/v1/reimbursements/claims', payload, headers: { ...member.headers, 'content-type': 'application/json' } });
        expect(r.statusCode).toBeGreaterThanOrEqual(400);
        expect(r.statusCode).toBeLessThan(500);
      }
      expect((await post('/reimbursements/claims', claimBody(), await as('Super Admin', `admin-${randomUUID()}`))).statusCode).toBe(403);
      expect((await post('/reimbursements/claims', claimBody(), await as('Provider Admin', `pa-${randomUUID()}`))).statusCode).toBe(403);
    });

    const claim = await fileClaim(t, member.accountId);
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    await unchanged(async () => {
      const steps: [string, unknown, number, string][] = [
        ['request-info', { message: 'Tell us more, please.' }, 409, 'CLAIM_TRANSITION_REFUSED'],
        ['approve', { reason: 'Looks right', approved_amount_cents: 100 }, 409, 'CLAIM_TRANSITION_REFUSED'],
        ['reject', { reason: 'Not covered' }, 409, 'CLAIM_TRANSITION_REFUSED'],
        ['payout', { method: 'check', reference: 'CHK-1' }, 409, 'CLAIM_TRANSITION_REFUSED'],
        ['payout', { method: 'wire', reference: 'W-1' }, 400, 'VALIDATION_FAILED'],
        ['approve', { reason: 'ok', approved_amount_cents: -5 }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [path, payload, status, code] of steps) {
        const r = await post(`/admin/reimbursements/claims/${claim.claim_id}/${path}`, payload, admin);
        expect(r.statusCode, `${path}: ${r.body}`).toBe(status);
        expect(r.json().code).toBe(code);
      }
      const answer = await post(`/reimbursements/claims/${claim.claim_id}/answer`, { message: 'Nobody asked me' }, member.headers);
      expect(answer.json()).toMatchObject({ code: 'CLAIM_TRANSITION_REFUSED' });
    });
    await adminStep(t, claim.claim_id, 'review');
    await unchanged(async () => {
      const tooMuch = await post(`/admin/reimbursements/claims/${claim.claim_id}/approve`, { reason: 'More than asked', approved_amount_cents: 45_001 }, admin);
      expect(tooMuch.json()).toMatchObject({ code: 'APPROVED_AMOUNT_TOO_HIGH' });
      expect((await post(`/admin/reimbursements/claims/${claim.claim_id}/review`, undefined, admin)).json().message).toBe('A review starts on a submitted claim; this one is under review.');
    });
  });

  it("gives Super Admins every claim filtered, sorted and paged, and a Provider Admin an empty list", async () => {
    const member = await claimant(t);
    const other = await claimant(t, `acct-${randomUUID()}`, 'ca-scl-00007');
    const amounts = [1_000, 25_000, 50_000, 75_000, 99_000];
    const claims: ClaimView[] = [];
    for (const amount of amounts) claims.push(await fileClaim(t, member.accountId, { amount_cents: amount }));
    const santaClara = await fileClaim(t, other.accountId, { property_id: 'ca-scl-00007', amount_cents: 30_000 });
    await adminStep(t, claims[1]?.claim_id ?? '', 'review');
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const list = async (query: string) => {
      const r = await get(`/admin/reimbursements/claims?account_id=${member.accountId}&${query}`, admin);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { items: ClaimView[]; total: number; page_size: number };
    };
    await waitFor(async () => (await list('status=under_review')).total === 1, { what: 'the claims projected' });
    expect((await list('')).total).toBe(5);
    expect((await list('')).page_size).toBe(10);
    expect((await list('min_amount_cents=25000&max_amount_cents=75000')).total).toBe(3);
    expect((await list('status=submitted&min_amount_cents=25000')).total).toBe(3);
    expect((await list('sort=amount_cents&order=asc&page_size=2&page=2')).items.map((c) => c.amount_cents)).toEqual([50_000, 75_000]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBe(5);
    expect((await list('to=2020-01-01')).total).toBe(0);
    const county = (await get(`/admin/reimbursements/claims?county=Santa%20Clara&account_id=${other.accountId}`, admin)).json().data;
    expect(county.items.map((c: ClaimView) => c.claim_id)).toEqual([santaClara.claim_id]);
    expect((await list('county=Santa%20Clara')).total).toBe(0);
    for (const query of ['status=nope', 'from=2026-13-01', 'from=2026-11-02&to=2026-11-01', 'min_amount_cents=5&max_amount_cents=1', 'min_amount_cents=x', 'page=0', 'page_size=1000', 'sort=owner']) {
      expect((await get(`/admin/reimbursements/claims?${query}`, admin)).statusCode, query).toBe(400);
    }
    expect((await get('/reimbursements/claims?status=sideways', member.headers)).statusCode).toBe(400);
    expect((await get('/reimbursements/claims', member.headers)).json().data.total).toBe(5);
    expect((await get('/reimbursements/claims', await as('Provider Admin', `pa-${randomUUID()}`))).json().data).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
  });

  it('numbers each claim (CLM-100001), never twice, and finds claims in the admin list by claimant name, email or number', async () => {
    const tag = randomUUID().slice(0, 8);
    const accountId = `acct-${randomUUID()}`;
    await registerAccount(t, accountId, { email: `Quinn.${tag}@Example.test`, full_name: `Quinn Marlowe-${tag}` });
    await verifyPropertyFor(t, accountId);
    await startMembershipFor(t, accountId);
    const other = await claimant(t);
    const mine = await Promise.all([1_000, 2_000, 3_000].map((amount) => fileClaim(t, accountId, { amount_cents: amount })));
    const theirs = await fileClaim(t, other.accountId);
    const numbers = [...mine, theirs].map((c) => c.number ?? '');
    expect(numbers.every((n) => /^CLM-\d{6}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(4);
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const search = async (q: string) => {
      const r = await get(`/admin/reimbursements/claims?q=${encodeURIComponent(q)}&page_size=50`, admin);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data.items as ClaimView[]).map((c) => c.claim_id).sort();
    };
    const ids = mine.map((c) => c.claim_id).sort();
    await waitFor(async () => (await search(`marlowe-${tag}`)).length === 3, { what: 'the claims found by the claimant’s name' });
    expect(await search(`quinn.${tag}@example`)).toEqual(ids);
    expect(await search(`QUINN MARLOWE-${tag}`)).toEqual(ids);
    await waitFor(async () => (await search(theirs.number ?? 'none')).length === 1, { what: 'the other claimant’s claim found by its number' });
    expect(await search(theirs.number ?? 'none')).toEqual([theirs.claim_id]);
    expect(await search(`nobody-${tag}`)).toEqual([]);
    expect((await get(`/admin/reimbursements/claims?q=${'x'.repeat(101)}`, admin)).statusCode).toBe(400);
  });
});
