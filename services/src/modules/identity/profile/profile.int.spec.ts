import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { expectCrashBefore } from '../../../../test/crash-once.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { codeIn, waitForMessage, wrongCodeFor } from '../../../../test/outbox.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { findAccountIdByEmail, loadAccount, registerAccount } from '../accounts.ts';
import { ACCOUNTS_COLLECTION } from '../accounts/projection.ts';
import { identityContext } from '../context.ts';
import { startSession } from '../session/flow.ts';
import { findAccountIdByPhone } from '../sign-up/uniqueness.ts';
import { photoKey } from './photo.ts';

const t = useTestApp();

const PASSWORD = 'profile tests passphrase';
let address = 0;
beforeEach(() => {
  address++;
});

interface Caller {
  id: string;
  email: string;
  token: string;
}
let n = 0;
const newAccount = async (phone: string | null = null): Promise<Caller> => {
  const email = `profile-${++n}-${Date.now()}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Pat Profile', roles: ['Customer'], password: PASSWORD, phone }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email, token: await t.platform.tokens.issueAccessToken({ userId: accountId, roles: ['Customer'] }) };
};

/**
 * A new access token at the account's session version, as the web's refresh gets after a 401: an email or phone
 * change moves the version on, so the token the change was made with is refused from then on.
 */
const renew = async (who: Caller) => {
  const account = await loadAccount(t.platform.eventStore, who.id);
  who.token = await t.platform.tokens.issueAccessToken({ userId: who.id, roles: ['Customer'], sessionVersion: account?.sessionVersion ?? 0 });
};

const call = (method: InjectOptions['method'], url: string, who: Caller | null, payload?: unknown, cookie?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: `10.0.4.${address}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
    ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}),
  });
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('profile: read and name', () => {
  it('refuses every profile route without a token (401)', async () => {
    expect((await call('GET', '/account/profile', null)).statusCode).toBe(401);
    expect((await call('PUT', '/account/profile', null, { full_name: 'X' })).statusCode).toBe(401);
    expect((await call('PUT', '/account/profile/photo', null, { data: 'AAAA' })).statusCode).toBe(401);
    expect((await call('DELETE', '/account/profile/photo', null)).statusCode).toBe(401);
    expect((await call('POST', '/account/email-change', null, { email: 'a@example.test' })).statusCode).toBe(401);
    expect((await call('POST', '/account/phone-change/verify', null, { change_id: 'x', code: '123456' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/change-password', null, { current_password: 'x', new_password: 'y' })).statusCode).toBe(401);
  });

  it('answers the profile and saves a new full name (trimmed), also in the accounts read model', async () => {
    const me = await newAccount();
    const read = await call('GET', '/account/profile', me);
    expect(read.json().data).toEqual({ id: me.id, full_name: 'Pat Profile', email: me.email, phone_masked: null, role: ['Customer'], profile_img: null, profile_img_srcset: null, brokerage_name: null, time_zone: 'America/Los_Angeles' });
    const saved = await call('PUT', '/account/profile', me, { full_name: '  Patricia   Profile ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.full_name).toBe('Patricia Profile');
    expect((await call('GET', '/auth/me', me)).json().data.user.full_name).toBe('Patricia Profile');
    await waitFor(async () => (await t.platform.documents.get(ACCOUNTS_COLLECTION, me.id))?.full_name === 'Patricia Profile', { what: 'the read model' });
  });

  it('refuses a blank or too long name and an unknown field with 400, changing nothing', async () => {
    const me = await newAccount();
    expect((await call('PUT', '/account/profile', me, { full_name: '   ' })).statusCode).toBe(400);
    expect((await call('PUT', '/account/profile', me, { full_name: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await call('PUT', '/account/profile', me, { full_name: 'Ok Name', email: 'sneaky@example.test' })).statusCode).toBe(400);
    expect((await call('GET', '/account/profile', me)).json().data.full_name).toBe('Pat Profile');
  });
});

describe('profile photo', () => {
  it('stores the photo at each image width up to its size, serves each as WebP with a srcset, and replaces it', async () => {
    const me = await newAccount();
    const saved = await call('PUT', '/account/profile/photo', me, { data: (await png(300, 200)).toString('base64') });
    expect(saved.statusCode).toBe(200);
    const profile = saved.json().data as { profile_img: string; profile_img_srcset: string };
    const widths = [16, 32, 48, 64, 96, 128];
    expect(profile.profile_img).toMatch(/\/api\/v1\/profile-photos\/[0-9a-f-]{36}\/128$/);
    expect(profile.profile_img_srcset.split(', ').map((s) => Number(/ (\d+)w$/.exec(s)?.[1]))).toEqual(widths);
    for (const entry of profile.profile_img_srcset.split(', ')) {
      const [url, w] = entry.split(' ');
      const image = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', parseInt(w ?? ''), parseInt(w ?? '')]);
    }
    expect((await call('GET', '/auth/me', me)).json().data.user.profile_img).toBe(profile.profile_img);

    // A new photo (a data: URL this time) replaces the old one, whose files are deleted.
    const oldId = /profile-photos\/([^/]+)\//.exec(profile.profile_img)?.[1] ?? '';
    const next = await call('PUT', '/account/profile/photo', me, { data: `data:image/png;base64,${(await png(800, 900)).toString('base64')}` });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.profile_img).toMatch(/\/384$/);
    expect(await t.platform.files.get(photoKey(oldId, 16))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: profile.profile_img })).statusCode).toBe(404);

    const removed = await call('DELETE', '/account/profile/photo', me);
    expect(removed.json().data).toMatchObject({ profile_img: null, profile_img_srcset: null });
  });

  it('refuses what is not an image by its content, a tiny image, and a file over 5 MB; the photo stays as it was', async () => {
    const me = await newAccount();
    const text = await call('PUT', '/account/profile/photo', me, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') });
    expect(answer(text)).toEqual([400, 'VALIDATION_FAILED']);
    expect(text.json()).toMatchObject({ errors: [{ path: 'data', message: expect.stringContaining('image') }] });
    const tiny = await call('PUT', '/account/profile/photo', me, { data: (await png(10, 40)).toString('base64') });
    expect(answer(tiny)).toEqual([400, 'PHOTO_REFUSED']);
    const big = Buffer.concat([await png(50, 50), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await call('PUT', '/account/profile/photo', me, { data: big.toString('base64') })).statusCode).toBe(400);
    const broken = (await png(300, 300)).subarray(0, 200);
    expect(answer(await call('PUT', '/account/profile/photo', me, { data: broken.toString('base64') }))).toEqual([400, 'PHOTO_REFUSED']);
    expect((await call('GET', '/account/profile', me)).json().data.profile_img).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile-photos/not-a-uuid/16' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/profile-photos/${crypto.randomUUID()}/16` })).statusCode).toBe(404);
  });
});

describe('email change', () => {
  it('sends a code to the new email; the right code changes it, frees the old one, and signs in by the new one', async () => {
    const me = await newAccount();
    const newEmail = `moved-${Date.now()}@example.test`;
    const sent = await call('POST', '/account/email-change', me, { email: newEmail.toUpperCase(), current_password: PASSWORD });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ resend_after_seconds: 60, expires_in_seconds: 600 });
    const { change_id } = sent.json().data as { change_id: string };
    const code = codeIn(await waitForMessage(t.app, newEmail, /Confirm your new email/));

    const wrong = await call('POST', '/account/email-change/verify', me, { change_id, code: wrongCodeFor(code) });
    expect([...answer(wrong), wrong.json().message]).toEqual([400, 'OTP_INCORRECT', 'The code is incorrect. 4 tries left.']);
    const other = await newAccount();
    expect(answer(await call('POST', '/account/email-change/verify', other, { change_id, code }))).toEqual([404, 'CHANGE_NOT_FOUND']);

    const done = await call('POST', '/account/email-change/verify', me, { change_id, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.email).toBe(newEmail);
    // The token the change was made with is refused at once; a refreshed one goes on.
    expect((await call('GET', '/account/profile', me)).statusCode).toBe(401);
    await renew(me);
    expect(answer(await call('POST', '/account/email-change/verify', me, { change_id, code }))).toEqual([410, 'CHANGE_USED']);
    expect(await findAccountIdByEmail(t.platform.eventStore, newEmail)).toBe(me.id);
    expect(await findAccountIdByEmail(t.platform.eventStore, me.email)).toBeNull();
    // The old address hears of it.
    const notice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/);
    expect(notice.text).toContain(`The email of your account was changed from this address to m`);
    expect((await call('POST', '/auth/sign-in', null, { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect((await call('POST', '/auth/sign-in', null, { email: me.email, password: PASSWORD })).statusCode).toBe(401);

    // The freed email can be taken by another account, by a change or by a new registration.
    const third = await newAccount();
    expect((await call('POST', '/account/email-change', third, { email: me.email, current_password: PASSWORD })).statusCode).toBe(200);
    const ctx = await identityContext(t.platform);
    const again = await registerAccount(ctx, { email: me.email, fullName: 'New Owner', roles: ['Customer'], password: PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
    expect(again.created).toBe(true);
    expect(again.accountId).not.toBe(me.id);
  });

  it('refuses the current email, a taken one only behind its code (also when taken between code and confirmation), and a resend within 60 s', async () => {
    const me = await newAccount();
    const other = await newAccount();
    expect(answer(await call('POST', '/account/email-change', me, { email: me.email, current_password: PASSWORD }))).toEqual([400, 'SAME_AS_CURRENT']);
    // Asking tells nothing: a taken address and a free one get the same answer, and the code goes to the address.
    const free = `free-${Date.now()}@example.test`;
    const [takenAsked, freeAsked] = [await call('POST', '/account/email-change', me, { email: other.email, current_password: PASSWORD }), await call('POST', '/account/email-change', me, { email: free, current_password: PASSWORD })];
    expect([takenAsked.statusCode, freeAsked.statusCode]).toEqual([200, 200]);
    expect(Object.keys(takenAsked.json().data as object).sort()).toEqual(Object.keys(freeAsked.json().data as object).sort());
    expect([takenAsked.json().message, freeAsked.json().message]).toEqual([expect.stringMatching(/^We sent a code to /), expect.stringMatching(/^We sent a code to /)]);
    const takenCode = codeIn(await waitForMessage(t.app, other.email, /Confirm your new email/));
    // Only who reads the code learns that the address is taken; nothing changes.
    expect(answer(await call('POST', '/account/email-change/verify', me, { change_id: takenAsked.json().data.change_id, code: takenCode }))).toEqual([409, 'EMAIL_TAKEN']);
    expect(await findAccountIdByEmail(t.platform.eventStore, other.email)).toBe(other.id);
    expect((await call('POST', '/account/email-change', me, { email: 'not an email', current_password: PASSWORD })).statusCode).toBe(400);

    const contested = `contested-${Date.now()}@example.test`;
    const mine = await call('POST', '/account/email-change', me, { email: contested, current_password: PASSWORD });
    const theirs = await call('POST', '/account/email-change', other, { email: contested, current_password: PASSWORD });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 429]); // the same new address: 60 s between codes
    expect(answer(await call('POST', '/account/email-change', me, { email: contested, current_password: PASSWORD }))).toEqual([429, 'OTP_RESEND_TOO_SOON']);
    const code = codeIn(await waitForMessage(t.app, contested, /Confirm your new email/));
    // Someone registers the address before the code comes back.
    const ctx = await identityContext(t.platform);
    await registerAccount(ctx, { email: contested, fullName: 'Quick', roles: ['Customer'], password: PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
    const late = await call('POST', '/account/email-change/verify', me, { change_id: mine.json().data.change_id, code });
    expect(answer(late)).toEqual([409, 'EMAIL_TAKEN']);
    expect((await call('GET', '/account/profile', me)).json().data.email).toBe(me.email);
  });

  it('locks the change on the 5th wrong code', async () => {
    const me = await newAccount();
    const target = `locked-${Date.now()}@example.test`;
    const { change_id } = (await call('POST', '/account/email-change', me, { email: target, current_password: PASSWORD })).json().data as { change_id: string };
    const code = codeIn(await waitForMessage(t.app, target, /Confirm your new email/));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(answer(await call('POST', '/account/email-change/verify', me, { change_id, code: wrongCodeFor(code) })));
    expect(answers).toEqual([...Array(4).fill([400, 'OTP_INCORRECT']), [400, 'CHANGE_LOCKED']]);
    expect(answer(await call('POST', '/account/email-change/verify', me, { change_id, code }))).toEqual([410, 'CHANGE_LOCKED']);
    expect(answer(await call('POST', '/account/email-change/verify', me, { change_id: 'nope', code }))).toEqual([404, 'CHANGE_NOT_FOUND']);
  });
});

describe('an email change cut short by a crash', () => {
  for (const step of ['AccountEmailChanged', 'EmailReleased', 'ContactChangeVerified']) {
    it(`is finished by sending the same code again (died before ${step})`, async () => {
      const me = await newAccount();
      const newEmail = `crash-${step.toLowerCase()}-${Date.now()}@example.test`;
      const { change_id } = (await call('POST', '/account/email-change', me, { email: newEmail, current_password: PASSWORD })).json().data as { change_id: string };
      const code = codeIn(await waitForMessage(t.app, newEmail, /Confirm your new email/));
      await expectCrashBefore(t.platform, step, () => call('POST', '/account/email-change/verify', me, { change_id, code }));
      await renew(me); // the web refreshes on the 401 when the email changed before the crash
      const retry = await call('POST', '/account/email-change/verify', me, { change_id, code });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.email).toBe(newEmail);
      expect(await findAccountIdByEmail(t.platform.eventStore, newEmail)).toBe(me.id);
      expect(await findAccountIdByEmail(t.platform.eventStore, me.email)).toBeNull();
      await renew(me);
      expect(answer(await call('POST', '/account/email-change/verify', me, { change_id, code }))).toEqual([410, 'CHANGE_USED']);
    });
  }
});

describe('a phone change cut short by a crash', () => {
  for (const step of ['AccountPhoneChanged', 'PhoneReleased', 'ContactChangeVerified']) {
    it(`is finished by sending the same code again (died before ${step})`, async () => {
      const oldPhone = `+1415556${String(Date.now()).slice(-4)}`;
      const me = await newAccount(oldPhone);
      const phone = `+1415557${String(Date.now()).slice(-4)}`;
      const { change_id } = (await call('POST', '/account/phone-change', me, { phone, current_password: PASSWORD })).json().data as { change_id: string };
      const code = codeIn(await waitForMessage(t.app, phone, /new phone number/));
      await expectCrashBefore(t.platform, step, () => call('POST', '/account/phone-change/verify', me, { change_id, code }));
      await renew(me);
      const retry = await call('POST', '/account/phone-change/verify', me, { change_id, code });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.phone_masked).toBe(`${phone.slice(0, 5)}********`);
      const ctx = await identityContext(t.platform);
      expect(await findAccountIdByPhone(ctx, phone)).toBe(me.id);
      expect(await findAccountIdByPhone(ctx, oldPhone)).toBeNull();
    });
  }
});

describe('phone change', () => {
  it('sends a code by SMS to the new phone; the right code changes it and keeps it unique', async () => {
    const me = await newAccount('+14155550111');
    const phone = `+1415555${String(Date.now()).slice(-4)}`;
    const sent = await call('POST', '/account/phone-change', me, { phone, current_password: PASSWORD });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.masked_destination).toBe(`${phone.slice(0, 5)}********`);
    const code = codeIn(await waitForMessage(t.app, phone, /new phone number/));
    const done = await call('POST', '/account/phone-change/verify', me, { change_id: sent.json().data.change_id, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.phone_masked).toBe(`${phone.slice(0, 5)}********`);
    await renew(me);

    const other = await newAccount();
    // Taken: the code goes to the number all the same, and confirming it is refused.
    const takenPhone = `+1415558${String(Date.now()).slice(-4)}`;
    await newAccount(takenPhone);
    const probe = await call('POST', '/account/phone-change', other, { phone: takenPhone, current_password: PASSWORD });
    expect(probe.statusCode).toBe(200);
    const probeCode = codeIn(await waitForMessage(t.app, takenPhone, /new phone number/));
    expect(answer(await call('POST', '/account/phone-change/verify', other, { change_id: probe.json().data.change_id, code: probeCode }))).toEqual([409, 'PHONE_TAKEN']);
    expect(answer(await call('POST', '/account/phone-change', me, { phone, current_password: PASSWORD }))).toEqual([400, 'SAME_AS_CURRENT']);
    expect((await call('POST', '/account/phone-change', me, { phone: '415-555-0100', current_password: PASSWORD })).statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('asks the current password, applies the policy, and ends every other session but keeps the caller', async () => {
    const me = await newAccount();
    const ctx = await identityContext(t.platform);
    const open = async () => {
      const meta = systemMeta(t.platform, { actor: 'test' });
      return (await startSession(ctx, { accountId: me.id, sessionId: meta.newId() }, meta)).token;
    };
    const mine = await open();
    const elsewhere = await open();
    const wrong = await call('POST', '/auth/change-password', me, { current_password: 'not my password', new_password: 'a fresh passphrase 9' }, mine);
    expect(answer(wrong)).toEqual([400, 'PASSWORD_INCORRECT']);
    expect(wrong.json().errors).toEqual([{ path: 'current_password', message: 'The current password is incorrect.' }]);
    expect(answer(await call('POST', '/auth/change-password', me, { current_password: PASSWORD, new_password: 'password1' }, mine))).toEqual([400, 'PASSWORD_REFUSED']);
    expect((await call('POST', '/auth/change-password', me, { current_password: PASSWORD, new_password: 'short' }, mine)).statusCode).toBe(400);

    const done = await call('POST', '/auth/change-password', me, { current_password: PASSWORD, new_password: 'a fresh passphrase 9' }, mine);
    expect(done.statusCode).toBe(200);
    expect((await call('POST', '/auth/refresh', null, undefined, mine)).statusCode).toBe(200);
    expect(answer(await call('POST', '/auth/refresh', null, undefined, elsewhere))).toEqual([401, 'SESSION_ENDED']);
    expect((await call('POST', '/auth/sign-in', null, { email: me.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/auth/sign-in', null, { email: me.email, password: 'a fresh passphrase 9' })).statusCode).toBe(200);
    expect((await waitForMessage(t.app, me.email, /A security change/)).text).toContain('Your password was changed, and your other devices were signed out.');
  });
});

describe('password hashing under an anonymous flood', () => {
  it('a signed-in password change still works, ahead of the queue, while anonymous hashing has filled its share (sign-in gets 429)', async () => {
    const me = await newAccount();
    const ctx = await identityContext(t.platform);
    const queue = ctx.passwords.queue;
    const meta = systemMeta(t.platform, { actor: 'test' });
    const session = (await startSession(ctx, { accountId: me.id, sessionId: meta.newId() }, meta)).token;
    // Sign-in, sign-up and reset floods fill the anonymous share (running and waiting), held until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const flood = Array.from({ length: queue.maxAnonymous - queue.anonymous }, () => queue.run(() => held, 'anonymous'));
    const floodWaiting = queue.waiting;
    try {
      expect(queue.anonymous).toBe(queue.maxAnonymous);
      expect(answer(await call('POST', '/auth/sign-in', null, { email: me.email, password: PASSWORD }))).toEqual([429, 'TOO_MANY_REQUESTS']);
      // The owner changes the password meanwhile: admitted (not 429), it waits for a worker, ahead of the anonymous queue.
      const changing = call('POST', '/auth/change-password', me, { current_password: PASSWORD, new_password: 'flood proof passphrase 3' }, session);
      await waitFor(() => queue.waiting > floodWaiting, { timeoutMs: 10_000, what: 'the password change waiting for a worker' });
      release();
      const changed = await changing;
      expect(changed.statusCode, changed.body).toBe(200);
      await Promise.all(flood);
    } finally {
      release();
      await Promise.allSettled(flood);
    }
  });
});
