import { describe, expect, it } from 'vitest';
import type { OwnershipVerification } from '@acpg/contracts/properties';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { useTestApp } from '../../../../test/harness.ts';
import { streamUpload } from '../../../../test/streamed-upload.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

/** Ownership documents (a deed, a tax bill) stream as multipart: limits as they arrive, refusals before the file's bytes. */
describe('properties: ownership documents as multipart', () => {
  const t = useTestApp();
  const send = async (propertyId: string, accountId: string, fillBytes: number, options: { delayMs?: number; chunkBytes?: number; kind?: string } = {}) => {
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
    const upload = streamUpload({ url: `${t.url}/api/v1/properties/${propertyId}/verifications/documents`, headers, fields: { kind: options.kind ?? 'deed' }, fileField: 'file', filename: 'deed.pdf', head: PDF, fillBytes, ...options });
    try {
      return await upload.answer;
    } finally {
      upload.abort();
    }
  };

  it('takes a deed as multipart/form-data (field kind, part file)', async () => {
    const answer = await send('ca-scl-00041', 'acct-mp-alice', 0);
    expect(answer.status, answer.body).toBe(200);
    expect((JSON.parse(answer.body) as { data: OwnershipVerification }).data).toMatchObject({ property_id: 'ca-scl-00041', status: 'document_review', document: { kind: 'deed', status: 'under_review' } });
  });

  it('refuses a document past 15 MB with 413 as it streams, and records nothing', async () => {
    const before = process.memoryUsage();
    const answer = await send('ca-scl-00042', 'acct-mp-bob', 60 * MB, { chunkBytes: MB });
    const after = process.memoryUsage();
    expect(answer.status, answer.body).toBe(413);
    expect(answer.finishedSending).toBe(false);
    expect(answer.sentWhenAnswered).toBeLessThan(MAX_DOCUMENT_BYTES + 20 * MB);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50 * MB);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/properties/verifications/mine', headers: { authorization: `Bearer ${await t.signInAs('Customer', 'acct-mp-bob')}` } });
    expect((mine.json() as { data: { items: unknown[] } }).data.items).toEqual([]);
  }, 60_000);

  it('refuses a second document while one waits for review before the client has sent the file (a slow stream)', async () => {
    expect((await send('ca-scl-00043', 'acct-mp-carol', 0)).status).toBe(200);
    const answer = await send('ca-scl-00043', 'acct-mp-carol', 8 * MB, { chunkBytes: 64 * 1024, delayMs: 50 });
    expect(answer.status, answer.body).toBe(409);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'DOCUMENT_UNDER_REVIEW' });
    expect(answer.finishedSending).toBe(false);
    expect(answer.sentWhenAnswered).toBeLessThan(2 * MB);
    const unknown = await send('ca-scl-99999', 'acct-mp-carol', 8 * MB, { chunkBytes: 64 * 1024, delayMs: 50 });
    expect(unknown.status, unknown.body).toBe(404);
    expect(unknown.finishedSending).toBe(false);
  }, 60_000);
});
