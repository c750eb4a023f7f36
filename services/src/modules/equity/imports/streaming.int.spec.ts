import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, type ImportView } from '@acpg/contracts/equity';
import { useTestApp } from '../../../../test/harness.ts';
import { bearer, CSV_HEADER } from '../../../../test/equity.ts';

/**
 * A big recorder-feed file never holds the event loop (issue 20, item 8): the CSV is parsed as a stream a few hundred
 * rows at a time, so the health check keeps answering while a 200,000-row import runs.
 */
describe('POST /admin/equity/imports: a big file', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = await bearer(t, 'test-super-admin', 'Super Admin');
  }, 60_000);

  const today = () => new Date().toISOString().slice(0, 10);
  const bigCsv = (rows: number) => {
    const stamp = Date.now();
    const lines = [CSV_HEADER];
    for (let n = 0; n < rows; n += 1) lines.push(`2026-S${stamp}-${n},Los Angeles,${String(1000 + (n % 9000)).padStart(4, '0')}-307-174,lien,${today()},Grantor ${n},Grantee ${n},${100 + n}`);
    return lines.join('\n');
  };

  it('answers the health check while a 200,000-row CSV is imported, long before the import finishes', async () => {
    const csv = bigCsv(MAX_IMPORT_ROWS);
    const started = Date.now();
    let importDone = 0;
    const importing = fetch(`${t.url}/api/v1/admin/equity/imports?file_name=big.csv`, { method: 'POST', body: csv, headers: { ...auth, 'content-type': 'text/csv' } }).then(async (res) => {
      importDone = Date.now();
      return { status: res.status, body: (await res.json()) as { data: ImportView } };
    });
    const health: { at: number; took: number }[] = [];
    while (importDone === 0) {
      const asked = Date.now();
      const res = await fetch(`${t.url}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (importDone === 0) health.push({ at: Date.now(), took: Date.now() - asked });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const imported = await importing;
    expect(imported.status, JSON.stringify(imported.body).slice(0, 500)).toBe(201);
    expect(imported.body.data).toMatchObject({ row_count: MAX_IMPORT_ROWS, refused_count: 0 });
    // Health checks were answered all along the import (a blocking parse of the file answered none for seconds) ...
    const times = [started, ...health.map((h) => h.at), importDone];
    const longestSilence = Math.max(...times.slice(1).map((at, i) => at - (times[i] ?? at)));
    expect(health.length, JSON.stringify(health)).toBeGreaterThanOrEqual(10);
    // (relative to the import's own length, so a busy machine that slows both does not fail it: a blocking parse is
    // one silence as long as the import)
    expect(longestSilence, JSON.stringify(health)).toBeLessThan((importDone - started) / 2);
    // ... and the health check was answered before the import finished.
    expect(Math.min(...health.map((h) => h.at))).toBeLessThan(importDone);
  }, 120_000);

  it('refuses a file past 200,000 rows as a whole, naming the limit, and records nothing', async () => {
    const res = await fetch(`${t.url}/api/v1/admin/equity/imports?file_name=huge.csv`, { method: 'POST', body: bigCsv(MAX_IMPORT_ROWS + 1), headers: { ...auth, 'content-type': 'text/csv' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID', message: expect.stringContaining('send at most 200,000 per import') });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/equity/imports?page_size=100', headers: auth });
    expect((list.json().data.items as ImportView[]).some((i) => i.file_name === 'huge.csv')).toBe(false);
  }, 120_000);
});
