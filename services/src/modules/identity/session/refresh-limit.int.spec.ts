import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
const REFRESH_LIMIT_PER_SESSION = 60;
import { startSession } from './flow.ts';

const t = useTestApp();

const OFFICE = '203.0.113.7';

let accountId: Promise<string> | null = null;
/** A signed-in person's session (its refresh cookie, as the code step makes it); each its own, of one account. */
const newSession = async () => {
  const ctx = await identityContext(t.platform);
  const meta = systemMeta(t.platform, { actor: 'test' });
  accountId ??= registerAccount(ctx, { email: `office-${randomUUID().slice(0, 8)}@example.test`, fullName: 'Office Worker', roles: ['Customer'], password: 'correct horse battery staple 9', phone: null }, meta).then((a) => a.accountId);
  return (await startSession(ctx, { accountId: await accountId, sessionId: randomUUID() }, meta)).token;
};

/** POST /auth/refresh from `address` with `cookie`; answers the response and the rotated cookie. */
const refresh = async (cookie: string | null, address = OFFICE): Promise<{ response: LightMyRequestResponse; next: string }> => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', remoteAddress: address, ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}) });
  return { response, next: response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value ?? '' };
};

describe('POST /auth/refresh is limited per session, not per address', () => {
  it('lets 24 people behind one office address each load pages, where the 21st refresh from the address was refused', async () => {
    const cookies = await Promise.all(Array.from({ length: 24 }, newSession));
    for (const cookie of cookies) {
      const { response } = await refresh(cookie);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it(`refuses one session's refresh past ${REFRESH_LIMIT_PER_SESSION} a minute with 429 and when to come back; others carry on`, async () => {
    let cookie = await newSession();
    for (let i = 0; i < REFRESH_LIMIT_PER_SESSION; i += 1) {
      const { response, next } = await refresh(cookie);
      expect(response.statusCode, `refresh ${i + 1}: ${response.body}`).toBe(200);
      cookie = next;
    }
    const { response } = await refresh(cookie);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // The session is intact: the same cookie still works once the minute is over (it was not rotated or revoked).
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)).toBeUndefined();
    expect((await refresh(await newSession())).response.statusCode).toBe(200);
  });

  it('counts requests without a cookie per address', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push((await refresh(null, address)).response.statusCode);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
