import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAllStores } from '../../../lib/store-reset.ts';
import { forgetVerification, openVerification, rememberTriesLeft } from './verification-cache.ts';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const started = (id: string, expiresInSeconds = 900) => ({
  success: true,
  data: { verification_id: id, property_id: 'p1', questions: [], tries_left: 3, expires_at: new Date(NOW + expiresInSeconds * 1000).toISOString() },
});

/** A fetch answering each start with the next verification id; the calls are counted. */
const stubStarts = (...answers: { status: number; body: unknown }[]) => {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift() ?? { status: 500, body: { success: false, message: 'no more answers', code: 'X' } };
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('open verifications of this tab', () => {
  afterEach(() => {
    resetAllStores();
    vi.unstubAllGlobals();
  });

  it('starts once for a property and reuses the open verification (a re-render or a second mount asks nothing)', async () => {
    const fetchMock = stubStarts({ status: 200, body: started('v1') });
    const [a, b] = await Promise.all([openVerification('p1', NOW), openVerification('p1', NOW)]);
    expect(a.verification_id).toBe('v1');
    expect(b.verification_id).toBe('v1');
    expect(await openVerification('p1', NOW + 60_000)).toMatchObject({ verification_id: 'v1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/properties/p1/verifications', expect.objectContaining({ method: 'POST' }));
  });

  it('starts a new one when the open one is about to expire, was forgotten, or the tab was reset (logout)', async () => {
    const fetchMock = stubStarts({ status: 200, body: started('v1', 60) }, { status: 200, body: started('v2') }, { status: 200, body: started('v3') }, { status: 200, body: started('v4') });
    expect((await openVerification('p1', NOW)).verification_id).toBe('v1');
    expect((await openVerification('p1', NOW + 45_000)).verification_id).toBe('v2');
    forgetVerification('p1');
    expect((await openVerification('p1', NOW)).verification_id).toBe('v3');
    resetAllStores();
    expect((await openVerification('p1', NOW)).verification_id).toBe('v4');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('keeps the tries left after a wrong submission, and does not keep a refused start', async () => {
    stubStarts({ status: 200, body: started('v1') });
    await openVerification('p1', NOW);
    rememberTriesLeft('p1', 1);
    expect((await openVerification('p1', NOW)).tries_left).toBe(1);

    const fetchMock = stubStarts(
      { status: 429, body: { success: false, code: 'TOO_MANY_VERIFICATIONS', message: 'Try again in 5 hours.' } },
      { status: 200, body: started('v9') },
    );
    await expect(openVerification('p2', NOW)).rejects.toMatchObject({ status: 429, message: 'Try again in 5 hours.' });
    expect((await openVerification('p2', NOW)).verification_id).toBe('v9');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
