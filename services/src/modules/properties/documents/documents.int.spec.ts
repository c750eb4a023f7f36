import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_RULES, type OwnershipVerification, type PropertyDocumentReview } from '@acpg/contracts/properties';
import { registerAccount } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { ownershipStream } from '../ownership/decider.ts';

/** The smallest bytes file-type reads as each kind. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b50000000049454e44ae426082', 'hex');

describe('properties: ownership shown by a document a Super Admin reviews', () => {
  const t = useTestApp();
  let alice: string;
  let bob: string;
  let admin: string;
  beforeAll(async () => {
    alice = await t.signInAs('Customer', 'acct-doc-alice');
    bob = await t.signInAs('Customer', 'acct-doc-bob');
    admin = await t.signInAs('Super Admin', 'acct-doc-admin');
  });

  const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const upload = (propertyId: string, token: string | null = alice, body: object = { kind: 'deed', data: PDF.toString('base64') }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/properties/${propertyId}/verifications/documents`, payload: body, headers: auth(token) });
  const mine = async (token = alice) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/properties/verifications/mine', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { items: OwnershipVerification[] } }).data.items;
  };
  const waiting = async (token: string | null = admin) => t.app.inject({ method: 'GET', url: '/api/v1/admin/properties/documents?page_size=100', headers: auth(token) });
  const rowFor = async (accountId: string, propertyId: string) => {
    const res = await waiting();
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { data: { items: PropertyDocumentReview[] } }).data.items;
    const row = items.find((i) => i.account_id === accountId && i.property.id === propertyId);
    if (!row) throw new Error(`no document waiting for ${accountId} on ${propertyId}`);
    return row;
  };
  const review = (documentId: string, action: 'approve' | 'reject', token: string | null = admin, body?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/properties/documents/${documentId}/${action}`, headers: auth(token), ...(body ? { payload: body } : {}) });
  const reject = (documentId: string, reason = 'The owner named on this bill is not you.') => review(documentId, 'reject', admin, { reason });

  it('refuses every route without a token (401) and the review routes for a member (403)', async () => {
    expect((await upload('ca-scl-00030', null)).statusCode).toBe(401);
    expect((await waiting(null)).statusCode).toBe(401);
    expect((await waiting(alice)).statusCode).toBe(403);
    expect((await review('any', 'approve', null)).statusCode).toBe(401);
    expect((await review('any', 'approve', alice)).statusCode).toBe(403);
    expect((await review('any', 'reject', bob, { reason: 'Looks fine to me' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/properties/documents/any/file', headers: auth(alice) })).statusCode).toBe(403);
  });

  it('refuses a file that is not a PDF, JPEG or PNG, an unknown kind and an unknown property, and records nothing', async () => {
    const p = 'ca-scl-00031';
    const bad = await upload(p, alice, { kind: 'deed', data: Buffer.from('just some text, not a deed').toString('base64') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'data' }] });
    expect((await upload(p, alice, { kind: 'passport', data: PDF.toString('base64') })).statusCode).toBe(400);
    expect((await upload(p, alice, { kind: 'deed', data: '' })).statusCode).toBe(400);
    const unknown = await upload('ca-scl-99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROPERTY_NOT_FOUND' });
    expect(await t.platform.eventStore.readStream(ownershipStream('acct-doc-alice', p))).toEqual([]);
    expect((await mine()).find((v) => v.property_id === p)).toBeUndefined();
  });

  it('keeps the document encrypted for review, opens it for Super Admins only, and lets one wait at a time', async () => {
    const p = 'ca-scl-00032';
    const res = await upload(p, alice, { kind: 'tax_bill', data: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: OwnershipVerification }).data).toMatchObject({ property_id: p, status: 'document_review', method: 'document', document: { kind: 'tax_bill', status: 'under_review' }, documents_left: DOCUMENT_RULES.maxDocuments - 1 });
    const row = await rowFor('acct-doc-alice', p);
    expect(row).toMatchObject({ kind: 'tax_bill', content_type: 'image/png', status: 'under_review', reason: null });
    expect(row).not.toHaveProperty('file_key');
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/admin/properties/documents/${row.document_id}/file`, headers: auth(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const again = await upload(p);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOCUMENT_UNDER_REVIEW' });
    // Another account sees nothing of it, and its own upload for the same property is its own.
    expect((await mine(bob)).find((v) => v.property_id === p)).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/admin/properties/documents/no-such-document/file', headers: auth(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect((await review('no-such-document', 'approve')).statusCode).toBe(404);
  });

  it('shows the member the reason of a rejection and lets them send another, up to the lifetime cap', async () => {
    const p = 'ca-scl-00033';
    for (let n = 1; n <= DOCUMENT_RULES.maxDocuments; n += 1) {
      expect((await upload(p)).statusCode).toBe(200);
      const row = await rowFor('acct-doc-alice', p);
      expect((await reject(row.document_id, 'hi')).statusCode).toBe(400); // too short to tell the member anything
      const rejected = await reject(row.document_id, `The owner named on document ${n} is not you.`);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({ data: { status: 'rejected', reason: `The owner named on document ${n} is not you.`, reviewed_by: 'acct-doc-admin' } });
      expect((await review(row.document_id, 'approve')).json()).toMatchObject({ code: 'DOCUMENT_ALREADY_REVIEWED' });
      const shown = (await mine()).find((v) => v.property_id === p);
      expect(shown).toMatchObject({ status: 'document_rejected', document: { status: 'rejected', reason: `The owner named on document ${n} is not you.` }, documents_left: DOCUMENT_RULES.maxDocuments - n });
    }
    const capped = await upload(p);
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toMatchObject({ code: 'TOO_MANY_DOCUMENTS' });
  });

  it('verifies the property on approval the same way as a right code, and tells the accounts that had verified it', async () => {
    const p = 'ca-scl-00034';
    const first = `acct-${randomUUID()}`;
    const second = `acct-${randomUUID()}`;
    await registerAccount(t, first, { email: `${first}@example.test`, full_name: 'First Owner' });
    await registerAccount(t, second, { email: `${second}@example.test`, full_name: 'Second Owner' });
    const firstToken = await t.signInAs('Customer', first);
    const secondToken = await t.signInAs('Customer', second);
    const verified = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/properties/verified', headers: auth(token) });

    expect((await upload(p, firstToken)).statusCode).toBe(200);
    const firstRow = await rowFor(first, p);
    const approved = await review(firstRow.document_id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ data: { status: 'approved', reviewed_by: 'acct-doc-admin' } });
    const events = await t.platform.eventStore.readStream(ownershipStream(first, p));
    expect(events.map((e) => e.type)).toEqual(['PropertyDocumentSubmitted', 'PropertyVerificationPending', 'PropertyDocumentApproved', 'PropertyVerified']);
    expect(events[3]?.data).toMatchObject({ account_id: first, property_id: p, method: 'document' });
    expect((await mine(firstToken)).find((v) => v.property_id === p)).toMatchObject({ status: 'verified', method: 'document' });
    await waitFor(async () => (await verified(firstToken)).json().data.total === 1, { what: 'the first verification in the read model' });
    expect((await upload(p, firstToken)).json()).toMatchObject({ code: 'PROPERTY_ALREADY_VERIFIED' });

    expect((await upload(p, secondToken)).statusCode).toBe(200);
    expect((await review((await rowFor(second, p)).document_id, 'approve')).statusCode).toBe(200);
    const notice = await waitFor(async () => (await outboxOf(t, `${first}@example.test`)).find((m) => m.subject === 'Another account verified your property'), {
      what: 'the notice to the first owner',
    });
    expect(notice.text).toContain(firstRow.property.address_line);
  });
});
