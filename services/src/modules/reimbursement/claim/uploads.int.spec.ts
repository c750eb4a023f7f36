import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { useTestApp } from '../../../../test/harness.ts';
import { claimant, claimBody, fileClaim, TINY_PDF } from '../../../../test/reimbursement.ts';
import { streamUpload, type StreamedUpload } from '../../../../test/streamed-upload.ts';
import { UPLOAD_SLOTS } from '../../../platform/uploads/in-flight.ts';

/**
 * Claim documents cannot exhaust memory (issue 20, item 8): multipart read as it streams with per-file limits, who may
 * upload checked before a file byte is read, and at most 2 uploads per account in flight. Over real HTTP, with bodies
 * the client produces as it sends (never held whole).
 */

const t = useTestApp();
const MB = 1024 * 1024;
let owner: Awaited<ReturnType<typeof claimant>>;
const open: StreamedUpload[] = [];

beforeAll(async () => {
  owner = await claimant(t);
}, 60_000);

afterEach(() => {
  for (const upload of open.splice(0)) upload.abort();
});

const claimFields = (over: Record<string, string> = {}) => {
  const { documents: _documents, ...body } = claimBody();
  return { ...Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])), ...over };
};

const upload = (path: string, headers: Record<string, string>, fields: Record<string, string>, fillBytes: number, options: { delayMs?: number; chunkBytes?: number; contentLength?: boolean } = {}) => {
  const started = streamUpload({ url: `${t.url}/api/v1${path}`, headers, fields, fileField: 'documents', filename: 'receipt.pdf', head: TINY_PDF, fillBytes, ...options });
  open.push(started);
  return started;
};

const waitUntil = async (check: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('claim documents as multipart', () => {
  it('files a claim with documents sent as multipart/form-data, named by their file names', async () => {
    const answer = await upload('/reimbursements/claims', owner.headers, claimFields(), 0).answer;
    expect(answer.status, answer.body).toBe(201);
    const claim = JSON.parse(answer.body).data as { documents: { name: string; content_type: string; size: number }[] };
    expect(claim.documents).toEqual([expect.objectContaining({ name: 'receipt.pdf', content_type: 'application/pdf', size: TINY_PDF.length })]);
  });

  it('refuses an oversized document with 413 as it streams, without the server holding the body', async () => {
    const before = process.memoryUsage();
    const sentSize = 100 * MB;
    const answer = await upload('/reimbursements/claims', owner.headers, claimFields(), sentSize, { chunkBytes: MB }).answer;
    const after = process.memoryUsage();
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    // Answered once the file passed 15 MB, long before the 100 MB were sent ...
    expect(answer.finishedSending).toBe(false);
    expect(answer.sentWhenAnswered).toBeLessThan(MAX_DOCUMENT_BYTES + 20 * MB);
    // ... and memory grew by far less than the body (generous bounds: the 15 MB read, the client's buffers, noise).
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(60 * MB);
    expect(after.rss - before.rss).toBeLessThan(80 * MB);
    // Nothing was filed.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/reimbursements/claims?page_size=100', headers: owner.headers });
    expect((list.json().data.items as unknown[]).length).toBe(1);
  }, 60_000);

  it('refuses a body that announces more than the documents may weigh before reading it', async () => {
    const answer = await upload('/reimbursements/claims', owner.headers, claimFields(), 200 * MB, { contentLength: true, delayMs: 50 }).answer;
    expect(answer.status, answer.body).toBe(413);
    expect(answer.sentWhenAnswered).toBeLessThan(5 * MB);
  });

  it("answers an upload to another member's claim before the client has sent its body (a slow stream)", async () => {
    const stranger = await claimant(t);
    const theirs = await fileClaim(t, owner.accountId);
    // The answer route: the claim id is in the path. Sent slowly: 64 KB every 50 ms, 8 MB in all (6 s and more).
    const answer = await upload(`/reimbursements/claims/${theirs.claim_id}/answer`, stranger.headers, { message: 'Here are my documents' }, 8 * MB, { chunkBytes: 64 * 1024, delayMs: 50 }).answer;
    expect(answer.status, answer.body).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'CLAIM_NOT_FOUND' });
    expect(answer.finishedSending).toBe(false);
    expect(answer.sentWhenAnswered).toBeLessThan(2 * MB);
    // Filing under another member's claim_id: refused on the fields, before the document's bytes.
    const filing = await upload('/reimbursements/claims', stranger.headers, claimFields({ claim_id: theirs.claim_id }), 8 * MB, { chunkBytes: 64 * 1024, delayMs: 50 }).answer;
    expect(filing.status, filing.body).toBe(409);
    expect(JSON.parse(filing.body)).toMatchObject({ code: 'CLAIM_MISMATCH' });
    expect(filing.finishedSending).toBe(false);
    expect(filing.sentWhenAnswered).toBeLessThan(2 * MB);
    // A property the caller did not verify: the same, before the bytes.
    const unverified = await upload('/reimbursements/claims', stranger.headers, claimFields({ property_id: 'ca-lax-99999' }), 8 * MB, { chunkBytes: 64 * 1024, delayMs: 50 }).answer;
    expect(unverified.status, unverified.body).toBe(400);
    expect(JSON.parse(unverified.body)).toMatchObject({ code: 'PROPERTY_NOT_VERIFIED' });
    expect(unverified.finishedSending).toBe(false);
  }, 60_000);

  it('answers a third parallel upload from one account 429 with Retry-After, and frees the slots when uploads end', async () => {
    const member = await claimant(t);
    const slow = () => upload('/reimbursements/claims', member.headers, claimFields(), 4 * MB, { chunkBytes: 16 * 1024, delayMs: 100 });
    const first = slow();
    const second = slow();
    await waitUntil(() => UPLOAD_SLOTS.inFlight(member.accountId) === 2, 'two uploads in flight');
    const third = await upload('/reimbursements/claims', member.headers, claimFields(), 0).answer;
    expect(third.status, third.body).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(third.body)).toMatchObject({ code: 'UPLOADS_IN_FLIGHT' });
    // Another account is not held up by this one's uploads.
    expect((await upload('/reimbursements/claims', owner.headers, claimFields(), 0).answer).status).toBe(201);
    first.abort();
    second.abort();
    await waitUntil(() => UPLOAD_SLOTS.inFlight(member.accountId) === 0, 'the slots freed');
    const again = await upload('/reimbursements/claims', member.headers, claimFields(), 0).answer;
    expect(again.status, again.body).toBe(201);
  }, 60_000);

  it('refuses a file that is not a PDF or an image by its first bytes, while it streams', async () => {
    const started = streamUpload({ url: `${t.url}/api/v1/reimbursements/claims`, headers: owner.headers, fields: claimFields(), fileField: 'documents', filename: 'receipt.pdf', head: Buffer.from('MZ\x90\x00 not a pdf'), fillBytes: 8 * MB, chunkBytes: 64 * 1024, delayMs: 20 });
    open.push(started);
    const answer = await started.answer;
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'documents.0' }] });
    expect(answer.finishedSending).toBe(false);
  }, 60_000);

  it('keeps JSON with base64 documents for small scans only (1 MB body)', async () => {
    const big = Buffer.alloc(2 * MB, 0x20);
    TINY_PDF.copy(big);
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/reimbursements/claims', headers: owner.headers, payload: claimBody({ documents: [{ name: 'scan.pdf', data: big.toString('base64') }] }) });
    expect(r.statusCode).toBe(413);
  });

  it('is documented in OpenAPI as multipart/form-data (documents as binary parts) and JSON, with 413 and 429', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties?: Record<string, { items?: { format?: string } }> } }> }; responses: Record<string, unknown> } }>;
    };
    for (const path of ['/api/v1/reimbursements/claims', '/api/v1/reimbursements/claims/{id}/answer']) {
      const post = doc.paths[path]?.post;
      expect(Object.keys(post?.requestBody?.content ?? {}), path).toEqual(expect.arrayContaining(['multipart/form-data', 'application/json']));
      expect(post?.requestBody?.content['multipart/form-data']?.schema.properties?.documents?.items?.format, path).toBe('binary');
      expect(Object.keys(post?.responses ?? {}), path).toEqual(expect.arrayContaining(['413', '429']));
    }
    const deed = doc.paths['/api/v1/properties/{id}/verifications/documents']?.post;
    expect(Object.keys(deed?.requestBody?.content ?? {})).toEqual(expect.arrayContaining(['multipart/form-data', 'application/json']));
  });
});
