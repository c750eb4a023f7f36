import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { codeIn, outboxOf, waitForMessage } from '../../../../test/outbox.ts';
import { findAccountIdByEmail, registerAccount } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { identityContext } from '../context.ts';
import { findAccountIdByPhone } from '../sign-up/uniqueness.ts';
import { SIGN_IN_FAILURE_RULES } from '../sign-in-guard/decider.ts';
import { refreshSession, startSession } from '../session/flow.ts';

// Issue 20, items 3 and 10: what a stolen access token (15 minutes) can no longer do, and sessions that end when they should.
const t = useTestApp();
const sockets = socketClients(() => t);

const PASSWORD = 'stolen token tests passphrase';
const DAY_MS = 86_400_000;
let address = 0;

const newAccount = async () => {
  const email = `stolen-${randomUUID().slice(0, 8)}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Sam Stolen', roles: ['Customer'], password: PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email };
};

/** A signed-in device: its refresh cookie, as the code step sets it. */
const newSession = async (accountId: string, at?: Date) => {
  const ctx = await identityContext(t.platform);
  const meta = { ...systemMeta(t.platform, { actor: 'test' }), ...(at ? { now: at } : {}) };
  return (await startSession(ctx, { accountId, sessionId: randomUUID() }, meta)).token;
};

const call = (method: InjectOptions['method'], url: string, options: { token?: string; cookie?: string; payload?: unknown } = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: `10.0.20.${++address % 250}`,
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
    ...(options.cookie ? { cookies: { [REFRESH_COOKIE_NAME]: options.cookie } } : {}),
  });
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];

/** The access token a device gets from its refresh cookie (as every page load does), and its next cookie. */
const tokenOf = async (cookie: string) => {
  const r = await call('POST', '/auth/refresh', { cookie });
  expect(r.statusCode, r.body).toBe(200);
  return { token: (r.json() as { data: { AccessToken: string } }).data.AccessToken, cookie: r.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value ?? '' };
};

describe('step-up before an email or phone change', () => {
  it('a stolen access token cannot change the email without the password, and guessing it spends the sign-in failure budget', async () => {
    const victim = await newAccount();
    const { token } = await tokenOf(await newSession(victim.id));
    const attacker = `attacker-${randomUUID().slice(0, 8)}@example.test`;

    expect(answer(await call('POST', '/account/email-change', { token, payload: { email: attacker } }))).toEqual([400, 'STEP_UP_REQUIRED']);
    expect(answer(await call('POST', '/account/phone-change', { token, payload: { phone: '+14155550177' } }))).toEqual([400, 'STEP_UP_REQUIRED']);
    for (let i = 0; i < SIGN_IN_FAILURE_RULES.maxFailures; i++) {
      expect(answer(await call('POST', '/account/email-change', { token, payload: { email: attacker, current_password: `guess ${i}` } }))).toEqual([400, 'PASSWORD_INCORRECT']);
    }
    // The budget is spent: the right password is not checked now, at step-up or at sign-in.
    expect(answer(await call('POST', '/account/email-change', { token, payload: { email: attacker, current_password: PASSWORD } }))).toEqual([400, 'PASSWORD_INCORRECT']);
    expect((await call('POST', '/auth/sign-in', { payload: { email: victim.email, password: PASSWORD } })).statusCode).toBe(401);
    expect(await outboxOf(t.app, attacker)).toEqual([]);
    expect(await findAccountIdByEmail(t.platform.eventStore, victim.email)).toBe(victim.id);
  });
});

describe('a contact change ends the other sessions', () => {
  it('keeps the device that made it (after a refresh), ends every other one, and refuses every older access token at once', async () => {
    const me = await newAccount();
    const here = await tokenOf(await newSession(me.id));
    const elsewhere = await tokenOf(await newSession(me.id));
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.test`;
    const sent = await call('POST', '/account/email-change', { token: here.token, payload: { email: newEmail, current_password: PASSWORD } });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = codeIn(await waitForMessage(t.app, newEmail, /Confirm your new email/));
    const done = await call('POST', '/account/email-change/verify', { token: here.token, payload: { change_id: (sent.json() as { data: { change_id: string } }).data.change_id, code } });
    expect(done.statusCode, done.body).toBe(200);

    expect((await call('GET', '/auth/me', { token: elsewhere.token })).statusCode).toBe(401);
    expect(answer(await call('POST', '/auth/refresh', { cookie: elsewhere.cookie }))).toEqual([401, 'SESSION_ENDED']);
    expect((await call('GET', '/auth/me', { token: here.token })).statusCode).toBe(401);
    const renewed = await tokenOf(here.cookie);
    expect((await call('GET', '/auth/me', { token: renewed.token })).json()).toMatchObject({ data: { user: { email: newEmail } } });
  });
});

describe('access tokens end with their session (session version)', () => {
  it('refuses a token right after its session signs out; the other device refreshes and goes on', async () => {
    const me = await newAccount();
    const phone = await tokenOf(await newSession(me.id));
    const laptop = await tokenOf(await newSession(me.id));
    expect((await call('GET', '/auth/me', { token: phone.token })).statusCode).toBe(200);
    expect((await call('POST', '/auth/sign-out', { cookie: phone.cookie })).statusCode).toBe(200);
    expect(answer(await call('GET', '/auth/me', { token: phone.token }))).toEqual([401, 'UNAUTHORIZED']);
    expect((await call('GET', '/account/profile', { token: phone.token })).statusCode).toBe(401);
    expect(answer(await call('POST', '/auth/refresh', { cookie: phone.cookie }))).toEqual([401, 'SESSION_ENDED']);
    // The laptop's token is refused too (one version per account), and its refresh cookie still works.
    expect((await call('GET', '/auth/me', { token: laptop.token })).statusCode).toBe(401);
    const again = await tokenOf(laptop.cookie);
    expect((await call('GET', '/auth/me', { token: again.token })).statusCode).toBe(200);
  });

  it('a live-update socket cannot connect with a token of a signed-out session', async () => {
    const me = await newAccount();
    const device = await tokenOf(await newSession(me.id));
    await sockets.open(device.token); // connects while the session lives
    expect((await call('POST', '/auth/sign-out', { cookie: device.cookie })).statusCode).toBe(200);
    await expect(sockets.open(device.token)).rejects.toThrow();
  });

  it('refuses a token right after a password reset', async () => {
    const me = await newAccount();
    const device = await tokenOf(await newSession(me.id));
    expect((await call('GET', '/auth/me', { token: device.token })).statusCode).toBe(200);
    const ctx = await identityContext(t.platform);
    const meta = systemMeta(t.platform, { actor: 'test' });
    const password_hash = await ctx.passwords.hash('a brand new passphrase 4', 'signed-in');
    await handleCommand(t.platform.eventStore, accountStream(me.id), accountDecider, { type: 'SetPassword', data: { password_hash, reason: 'password-reset', kept_session_id: null }, metadata: meta });
    expect((await call('GET', '/auth/me', { token: device.token })).statusCode).toBe(401);
    expect(answer(await call('POST', '/auth/refresh', { cookie: device.cookie }))).toEqual([401, 'SESSION_ENDED']);
  });

  it('refuses a token whose roles are no longer the account\'s (a role change), and a forged older version', async () => {
    const me = await newAccount();
    const { token } = await tokenOf(await newSession(me.id));
    expect((await call('GET', '/auth/me', { token })).statusCode).toBe(200);
    const asAdmin = await t.platform.tokens.issueAccessToken({ userId: me.id, roles: ['Super Admin'], sessionId: randomUUID(), sessionVersion: 0 });
    expect((await call('GET', '/auth/me', { token: asAdmin })).statusCode).toBe(401);
    await call('POST', '/auth/sign-out', { cookie: await newSession(me.id) });
    const older = await t.platform.tokens.issueAccessToken({ userId: me.id, roles: ['Customer'], sessionVersion: 0 });
    expect((await call('GET', '/auth/me', { token: older })).statusCode).toBe(401);
  });
});

describe('absolute session lifetime (SESSION_MAX_AGE_DAYS, 30 by default)', () => {
  it('refuses a refresh past 30 days from the sign-in, even when the session was refreshed every few days', async () => {
    const me = await newAccount();
    const signedInAt = new Date(Date.now() - 31 * DAY_MS);
    let cookie = await newSession(me.id, signedInAt);
    const ctx = await identityContext(t.platform);
    // Used all along: refreshed every 5 days, the last time two days ago.
    for (const daysAgo of [26, 21, 16, 11, 6, 2]) {
      const meta = { ...systemMeta(t.platform, { actor: 'test' }), now: new Date(Date.now() - daysAgo * DAY_MS) };
      const [familyId, secret] = cookie.split('.') as [string, string];
      cookie = (await refreshSession(ctx, { familyId, secret }, meta)).token;
    }
    const refused = await call('POST', '/auth/refresh', { cookie });
    expect(answer(refused)).toEqual([401, 'SESSION_ENDED']);
    // A session well inside its lifetime refreshes, and its cookie lives no longer than the session may.
    const young = await call('POST', '/auth/refresh', { cookie: await newSession(me.id, new Date(Date.now() - 29 * DAY_MS)) });
    expect(young.statusCode).toBe(200);
    const maxAge = young.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.maxAge ?? 0;
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(DAY_MS / 1000);
  });
});

describe('the undo link in the notice to the old address', () => {
  it('puts the old email back, signs out every device, and works once; a forged link changes nothing', async () => {
    const me = await newAccount();
    const device = await tokenOf(await newSession(me.id));
    const attacker = `taker-${randomUUID().slice(0, 8)}@example.test`;
    const sent = await call('POST', '/account/email-change', { token: device.token, payload: { email: attacker, current_password: PASSWORD } });
    const change_id = (sent.json() as { data: { change_id: string } }).data.change_id;
    const code = codeIn(await waitForMessage(t.app, attacker, /Confirm your new email/));
    expect((await call('POST', '/account/email-change/verify', { token: device.token, payload: { change_id, code } })).statusCode).toBe(200);
    const attackerDevice = await tokenOf(device.cookie); // the session that made the change stays signed in

    const notice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/);
    expect(notice.text).toContain('The email of your account was changed from this address to');
    const link = new URL(/(http\S+\/account\/undo-change\S+)/.exec(notice.text)?.[1] ?? 'http://x/');
    expect(link.searchParams.get('change')).toBe(change_id);
    const token = link.searchParams.get('token') ?? '';

    expect(answer(await call('POST', '/account/contact-change/undo', { payload: { change_id, token: token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) } }))).toEqual([404, 'UNDO_NOT_FOUND']);
    expect(await findAccountIdByEmail(t.platform.eventStore, attacker)).toBe(me.id);

    const undone = await call('POST', '/account/contact-change/undo', { payload: { change_id, token } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ data: { channel: 'email', restored: true }, message: expect.stringContaining('Reset your password') });
    expect(await findAccountIdByEmail(t.platform.eventStore, me.email)).toBe(me.id);
    expect(await findAccountIdByEmail(t.platform.eventStore, attacker)).toBeNull();
    // Every session ended, the attacker's included: its access token at once, its refresh cookie too.
    expect((await call('GET', '/auth/me', { token: attackerDevice.token })).statusCode).toBe(401);
    expect(answer(await call('POST', '/auth/refresh', { cookie: attackerDevice.cookie }))).toEqual([401, 'SESSION_ENDED']);
    expect(answer(await call('POST', '/account/contact-change/undo', { payload: { change_id, token } }))).toEqual([410, 'UNDO_USED']);
    expect((await call('POST', '/auth/sign-in', { payload: { email: me.email, password: PASSWORD } })).statusCode).toBe(200);
  });
});

describe('the undo link of a phone change', () => {
  it('goes to the account email, puts the old phone back and releases the new one', async () => {
    const email = `phone-${randomUUID().slice(0, 8)}@example.test`;
    const ctx = await identityContext(t.platform);
    const oldPhone = `+1415559${String(Date.now()).slice(-4)}`;
    const { accountId } = await registerAccount(ctx, { email, fullName: 'Pia Phone', roles: ['Customer'], password: PASSWORD, phone: oldPhone }, systemMeta(t.platform, { actor: 'test' }));
    const device = await tokenOf(await newSession(accountId));
    const newPhone = `+1415554${String(Date.now()).slice(-4)}`;
    const sent = await call('POST', '/account/phone-change', { token: device.token, payload: { phone: newPhone, current_password: PASSWORD } });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = codeIn(await waitForMessage(t.app, newPhone, /new phone number/));
    const change_id = (sent.json() as { data: { change_id: string } }).data.change_id;
    expect((await call('POST', '/account/phone-change/verify', { token: device.token, payload: { change_id, code } })).statusCode).toBe(200);
    expect(await findAccountIdByPhone(ctx, newPhone)).toBe(accountId);

    const notice = await waitForMessage(t.app, email, /A security change to your ACPG account/);
    expect(notice.text).toContain('The phone number of your account was changed');
    const link = new URL(/(http\S+\/account\/undo-change\S+)/.exec(notice.text)?.[1] ?? 'http://x/');
    const undone = await call('POST', '/account/contact-change/undo', { payload: { change_id, token: link.searchParams.get('token') ?? '' } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ data: { channel: 'phone', restored: true, restored_masked: `${oldPhone.slice(0, 5)}********` } });
    expect(await findAccountIdByPhone(ctx, oldPhone)).toBe(accountId);
    expect(await findAccountIdByPhone(ctx, newPhone)).toBeNull();
  });
});

describe('in the OpenAPI document', () => {
  type Operation = { description?: string; responses?: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
  it('documents the step-up field and refusals, the undo route, and the session ending on a contact change', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    for (const channel of ['email', 'phone']) {
      const request = doc.paths[`/api/v1/account/${channel}-change`]?.post;
      expect(request?.description).toContain('STEP_UP_REQUIRED');
      expect(Object.keys(request?.requestBody?.content['application/json']?.schema.properties ?? {})).toContain('current_password');
      expect(doc.paths[`/api/v1/account/${channel}-change/verify`]?.post?.description).toContain('ends every other session');
    }
    const undo = doc.paths['/api/v1/account/contact-change/undo']?.post;
    expect(undo?.description).toMatch(/UNDO_NOT_FOUND.*UNDO_USED, UNDO_EXPIRED/s);
    expect(Object.keys(undo?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '410']));
  });
});
