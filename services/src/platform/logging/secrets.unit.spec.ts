import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { isTokenShaped, REDACTED, scrubUrl, scrubValue, withoutSecrets } from './secrets.ts';

const ORDER = '3c6d8e73-a0d9-4195-b229-d7d3b1565300';
const MAC = 'qaCFXqE73bjo1-Xv_S6WH1Zv1cRXZe-A7mcmDv71kHk';
const RESET = `${'97d2fc7d0d8378d5264544b1afe76cfe'.repeat(2)}.-qE4G3oQdavTD3P0i_leHLkCX2-SgIgM1GwbiKspJ5s`;
const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhY2N0LTEiLCJyb2xlcyI6WyJDdXN0b21lciJdfQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';

describe('the URL scrubber', () => {
  it('takes a receipt link’s MAC out of the path and keeps the order id', () => {
    expect(scrubUrl(`/nhd-receipt/${ORDER}.r1.${MAC}`)).toBe(`/nhd-receipt/${ORDER}.r1.${REDACTED}`);
    expect(scrubUrl(`/api/v1/nhd/receipts/${ORDER}.r1.${MAC}/report`)).toBe(`/api/v1/nhd/receipts/${ORDER}.r1.${REDACTED}/report`);
  });

  it('drops secret-named query values whatever they look like, and token-shaped values under any name', () => {
    expect(scrubUrl(`/authentication/reset-password?token=${RESET}`)).toBe(`/authentication/reset-password?token=${REDACTED}`);
    expect(scrubUrl(`/account/undo-change?change=${ORDER}&token=abc`)).toBe(`/account/undo-change?change=${ORDER}&token=${REDACTED}`);
    expect(scrubUrl('/x?code=123456&Password=hunter2&PIN=4826&page=2')).toBe(`/x?code=${REDACTED}&Password=${REDACTED}&PIN=${REDACTED}&page=2`);
    expect(scrubUrl(`/api/v1/events/stream?from=0&access_token=${JWT}`)).toBe(`/api/v1/events/stream?from=0&access_token=${REDACTED}`);
    expect(scrubUrl(`/somewhere?link=${MAC}`)).toBe(`/somewhere?link=${REDACTED}`);
  });

  it('sees a percent-encoded token as the token it is', () => {
    const encoded = [...MAC].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    expect(scrubUrl(`/nhd-receipt/${ORDER}.r1.${encoded}`)).toBe(`/nhd-receipt/${ORDER}.r1.${REDACTED}`);
    expect(scrubUrl('/x?to=pat%40example.test')).toBe('/x?to=pat%40example.test');
  });

  it('leaves ids, account ids, slugs and ordinary paths alone', () => {
    for (const url of [
      `/api/v1/payments/checkouts/${ORDER}/receipt`,
      `/api/v1/admin/accounts/acct-${ORDER}/payout-details/reveal`,
      '/api/v1/content/blogs/how-to-protect-your-home-title-in-2026',
      '/api/v1/admin/payments?page=2&sort=-created_at&q=pat',
      '/assets/index-B3xq9.js',
    ]) {
      expect(scrubUrl(url)).toBe(url);
    }
    expect(isTokenShaped(ORDER)).toBe(false);
    expect(isTokenShaped(MAC)).toBe(true);
    expect(isTokenShaped('0123456789abcdef0123456789abcdef')).toBe(true);
  });
});

describe('logged values', () => {
  it('lose secret-named fields at any depth, keep an error’s code, and scrub strings', () => {
    expect(scrubValue({ to: 'pat@example.test', variables: { code: '123456', link: `https://acpg.test/nhd-receipt/${ORDER}.r1.${MAC}` }, password: 'p' })).toEqual({
      to: 'pat@example.test',
      variables: { code: REDACTED, link: `https://acpg.test/nhd-receipt/${ORDER}.r1.${REDACTED}` },
      password: REDACTED,
    });
    expect(scrubValue({ code: 'RESET_USED', message: 'x' }, new Set(['code']))).toEqual({ code: 'RESET_USED', message: 'x' });
  });

  it('never reach the log through withoutSecrets, at trace', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => void (lines.push(chunk.toString()), done()) });
    const log = withoutSecrets(pino({ level: 'trace' }, sink));
    log.trace({ req: { method: 'GET', url: `/nhd-receipt/${ORDER}.r1.${MAC}`, headers: { authorization: `Bearer ${JWT}` } } }, 'incoming request');
    log.trace({ token: JWT, data: { altcha: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=', new_password: 'hunter2 hunter2' } }, 'job');
    log.error({ err: Object.assign(new Error(`Route GET:/api/v1/nhd/receipts/${ORDER}.r1.${MAC}/x not found`), { code: 'FST_ERR_NOT_FOUND' }) }, 'failed');
    const log_ = lines.join('');
    for (const secret of [MAC, JWT, 'hunter2', 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0']) expect(log_).not.toContain(secret);
    expect(log_).toContain(ORDER);
    expect(log_).toContain('FST_ERR_NOT_FOUND');
  });
});
