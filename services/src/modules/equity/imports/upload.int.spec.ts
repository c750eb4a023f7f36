import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '@acpg/contracts/equity';
import { useTestApp } from '../../../../test/harness.ts';
import { bearer, CSV_HEADER } from '../../../../test/equity.ts';

const today = () => new Date().toISOString().slice(0, 10);
const csvOf = (...rows: string[]) => [CSV_HEADER, ...rows].join('\n');
const row = (n: number) => `2026-U${Date.now()}${n},Los Angeles,0165-307-174,lien,${today()},A,B,100`;

/** The recorder-feed import takes the file as an integrator sends it: multipart/form-data, a text/csv body, or JSON. */
describe('POST /admin/equity/imports: the file as sent', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = await bearer(t, 'test-super-admin', 'Super Admin');
  }, 60_000);

  const send = (body: string | FormData, headers: Record<string, string> = {}, query = '') =>
    fetch(`${t.url}/api/v1/admin/equity/imports${query}`, { method: 'POST', body, headers: { ...auth, ...headers } });
  const form = (file: Blob, filename: string, fields: Record<string, string> = {}, part = 'file') => {
    const data = new FormData();
    data.append(part, file, filename);
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return data;
  };

  it('takes a CSV file as multipart/form-data (part "file"; name and format from the file)', async () => {
    const res = await send(form(new Blob([csvOf(row(1), row(2), '2026-bad,Los Angeles')], { type: 'text/csv' }), 'county-feed.csv'));
    expect(res.status).toBe(201);
    const view = ((await res.json()) as { data: ImportView }).data;
    expect(view).toMatchObject({ source: 'file', file_name: 'county-feed.csv', format: 'csv', row_count: 3, accepted_count: 2, refused_count: 1 });
  });

  it('takes a JSONL file as multipart with an explicit format and file name', async () => {
    const line = JSON.stringify({ document_number: `2026-J${Date.now()}`, county: 'Kern', apn: '123-456-78', document_type: 'lien', recorded_at: today(), grantor: 'A', grantee: 'B' });
    const res = await send(form(new Blob([line]), 'feed.txt', { format: 'jsonl', file_name: 'Kern feed' }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: ImportView }).data).toMatchObject({ file_name: 'Kern feed', format: 'jsonl', accepted_count: 1 });
  });

  it('takes the CSV file itself as a text/csv body, named by ?file_name=', async () => {
    const res = await send(csvOf(row(3)), { 'content-type': 'text/csv; charset=utf-8' }, '?file_name=raw.csv');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: ImportView }).data).toMatchObject({ file_name: 'raw.csv', format: 'csv', accepted_count: 1 });
  });

  it('still takes JSON with base64 data', async () => {
    const res = await send(JSON.stringify({ file_name: 'json.csv', format: 'csv', data: Buffer.from(csvOf(row(4))).toString('base64') }), { 'content-type': 'application/json' });
    expect(res.status).toBe(201);
  });

  it('refuses in API terms, naming where the file came in', async () => {
    const bodies: unknown[] = [];
    const body = async (res: Response) => {
      const json = (await res.json()) as unknown;
      bodies.push(json);
      return json;
    };
    const noFile = await send(form(new Blob(['x']), 'x.csv', {}, 'attachment'));
    expect(noFile.status).toBe(400);
    expect(await body(noFile)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'file', message: expect.stringContaining('part "file"') }] });

    const unknown = await send(form(new Blob([csvOf(row(5))]), 'feed.bin'));
    expect(await body(unknown)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'format' }] });

    const empty = await send(form(new Blob([]), 'empty.csv'));
    expect(await body(empty)).toMatchObject({ code: 'IMPORT_FILE_INVALID', errors: [{ path: 'file' }] });

    const noHeader = await send('a,b\n1,2', { 'content-type': 'text/csv' });
    expect(await body(noHeader)).toMatchObject({ code: 'IMPORT_FILE_INVALID', message: expect.stringContaining('The first row must name the columns') });

    const notBase64 = (await body(await send(JSON.stringify({ file_name: 'x.csv', format: 'csv', data: '!!!' }), { 'content-type': 'application/json' }))) as { code: string; message: string; errors: { path: string }[] };
    expect(notBase64).toMatchObject({ code: 'IMPORT_FILE_INVALID', errors: [{ path: 'data' }] });
    expect(notBase64.message).toContain('send the file again as base64');
    expect(notBase64.message).toContain('multipart/form-data');

    const missing = await send(JSON.stringify({ format: 'csv' }), { 'content-type': 'application/json' });
    expect(await body(missing)).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.arrayContaining([expect.objectContaining({ path: 'file_name' }), expect.objectContaining({ path: 'data' })]) });

    // No refusal speaks of a screen.
    expect(bodies).toHaveLength(6);
    for (const refusal of bodies) expect(JSON.stringify(refusal)).not.toMatch(/Choose/);
  });

  it('is documented in OpenAPI with each way of sending the file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> } } }>;
    };
    const content = doc.paths['/api/v1/admin/equity/imports']?.post?.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(expect.arrayContaining(['multipart/form-data', 'text/csv', 'application/x-ndjson', 'application/json']));
    expect(content['multipart/form-data']?.schema.properties?.file?.format).toBe('binary');
    expect(content['application/json']?.schema.properties).toHaveProperty('data');
  });
});
