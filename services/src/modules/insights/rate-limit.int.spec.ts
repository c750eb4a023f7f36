import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

describe('POST /user-interaction/store rate limit', () => {
  const t = useTestApp({ INTERACTION_RATE_LIMIT_PER_MINUTE: '5' });

  it('answers 429 in the error envelope past the limit per client address, and stores nothing more', async () => {
    const post = () => t.app.inject({ method: 'POST', url: '/api/v1/user-interaction/store', payload: { page_name: 'limit', button_name: 'Go' } });
    for (let i = 0; i < 5; i += 1) expect((await post()).statusCode).toBe(200);
    const headBefore = await t.platform.eventStore.headPosition();
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    // Every 429 says when to come back, in the body and in the Retry-After header, and both agree.
    const seconds = (refused.json() as { retry_after_seconds?: unknown }).retry_after_seconds;
    expect(seconds).toEqual(expect.any(Number));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(seconds));
    expect(await t.platform.eventStore.headPosition()).toBe(headBefore);
  });
});
