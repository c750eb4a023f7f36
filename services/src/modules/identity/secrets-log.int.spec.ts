import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import { REFRESH_COOKIE_NAME } from '../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';
import { registerAccount } from './accounts.ts';
import { identityContext } from './context.ts';
import { orderReaches, placeAndPayOrder } from '../../../test/nhd.ts';
import { codeIn, outboxOf, waitForMessage } from '../../../test/outbox.ts';
import { signInWithOutboxCode } from '../../../test/sign-in.ts';
import { useTracedApp } from '../../../test/traced-app.ts';
import { waitFor } from '../../../test/wait-for.ts';

// Issue 20, item 10: secret tokens never reach the log, at any level. The whole app logs at trace into memory while a
// member signs in and refreshes, changes the email and undoes it from the notice, resets the password from the link, and
// an NHD report's recipient opens and downloads it through the emailed link; then no secret value is in the log.
describe('secret tokens in the log', () => {
  const { lines, running } = useTracedApp('secrets', { DEV_OUTBOX: 'true' });

  it('never appear: passwords, codes, access and refresh tokens, reset, undo and receipt link tokens', async () => {
    const started = running();
    const app = started.app;
    if (!app || !started.url) throw new Error('no http app');
    const secrets = new Map<string, string>();
    const keep = (what: string, value: string | undefined | null) => {
      if (!value) throw new Error(`no ${what}`);
      secrets.set(what, value);
      return value;
    };
    let address = 0;
    const call = (method: InjectOptions['method'], url: string, options: { token?: string; cookie?: string; payload?: Record<string, unknown> } = {}) =>
      app.inject({
        method,
        url,
        remoteAddress: `10.0.30.${++address % 250}`,
        ...(options.payload ? { payload: options.payload } : {}),
        ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
        ...(options.cookie ? { cookies: { [REFRESH_COOKIE_NAME]: options.cookie } } : {}),
      });

    // Sign in with a password and a code, then refresh with the cookie.
    const email = `secrets-${randomUUID().slice(0, 8)}@example.test`;
    const password = keep('password', `secret passphrase ${randomUUID()}`);
    const ctx = await identityContext(started.platform);
    await registerAccount(ctx, { email, fullName: 'Sam Secret', roles: ['Customer'], password }, systemMeta(started.platform, { actor: 'test' }));
    const signedIn = await signInWithOutboxCode({ url: started.url }, { account: { email, password }, beforeVerify: async (_id, code) => void keep('sign-in code', code) });
    keep('access token', signedIn.token);
    keep('refresh cookie', signedIn.cookie);
    const refreshed = await call('POST', '/api/v1/auth/refresh', { cookie: signedIn.cookie });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = keep('refreshed access token', (refreshed.json() as { data: { AccessToken: string } }).data.AccessToken);
    const cookie = keep('refreshed cookie', refreshed.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value);
    expect((await call('GET', '/api/v1/auth/me', { token })).statusCode).toBe(200);

    // Change the email, then undo it from the notice to the old address (the page, then the API).
    const newEmail = `taken-${randomUUID().slice(0, 8)}@example.test`;
    const sent = await call('POST', '/api/v1/account/email-change', { token, payload: { email: newEmail, current_password: password } });
    expect(sent.statusCode, sent.body).toBe(200);
    const changeId = (sent.json() as { data: { change_id: string } }).data.change_id;
    const changeCode = keep('contact change code', codeIn(await waitForMessage(app, newEmail, /Confirm your new email/)));
    expect((await call('POST', '/api/v1/account/email-change/verify', { token, payload: { change_id: changeId, code: changeCode } })).statusCode).toBe(200);
    const notice = await waitForMessage(app, email, /A security change to your ACPG account/);
    const undoLink = new URL(/(http\S+\/account\/undo-change\S+)/.exec(notice.text)?.[1] ?? 'http://x/');
    const undoToken = keep('undo token', undoLink.searchParams.get('token'));
    await call('GET', `${undoLink.pathname}${undoLink.search}`);
    const undone = await call('POST', '/api/v1/account/contact-change/undo', { payload: { change_id: changeId, token: undoToken } });
    expect(undone.statusCode, undone.body).toBe(200);

    // Reset the password: the page of the emailed link, a wrong token, then the right one.
    expect((await call('POST', '/api/v1/auth/forgot-password', { payload: { email } })).statusCode).toBe(200);
    const resetMail = await waitForMessage(app, email, /Reset your ACPG password/);
    keep('reset code', codeIn(resetMail));
    const resetToken = keep('reset token', /reset-password\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43})/.exec(resetMail.text)?.[1]);
    keep('reset token secret', resetToken.split('.')[1]);
    await call('GET', `/authentication/reset-password?token=${resetToken}`);
    const newPassword = keep('new password', `another passphrase ${randomUUID()}`);
    const wrongToken = keep('wrong reset token', `${resetToken.split('.')[0] ?? ''}.${'Z'.repeat(43)}`);
    expect((await call('POST', '/api/v1/auth/reset-password', { payload: { token: wrongToken, password: newPassword } })).statusCode).toBe(400);
    const reset = await call('POST', '/api/v1/auth/reset-password', { payload: { token: resetToken, password: newPassword }, cookie });
    expect(reset.statusCode, reset.body).toBe(200);

    // An NHD report's recipient opens the emailed link (the page, the API) and downloads the report.
    const signInAs = (role: Role, userId = `secrets-${role}`) => started.platform.tokens.issueAccessToken({ userId, roles: [role] });
    const buyer = `secrets-${randomUUID()}`;
    const { order } = await placeAndPayOrder({ app, signInAs }, buyer);
    const delivered = await orderReaches({ app, signInAs }, buyer, order.order_id, 'delivered', 60_000);
    const recipient = delivered.recipients[0]?.email ?? '';
    const mail = await waitFor(async () => (await outboxOf(app, recipient)).find((m) => /\/nhd-receipt\//.test(m.text)), { what: 'the report email', timeoutMs: 30_000 });
    const receiptToken = keep('receipt token', decodeURIComponent(/\/nhd-receipt\/([^\s"<]+)/.exec(mail.text)?.[1] ?? ''));
    keep('receipt token MAC', receiptToken.split('.').at(-1));
    await call('GET', `/nhd-receipt/${encodeURIComponent(receiptToken)}`);
    expect((await call('GET', `/api/v1/nhd/receipts/${receiptToken}`)).statusCode).toBe(200);
    const pdf = await call('GET', `/api/v1/nhd/receipts/${receiptToken}/report`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    // A body that is not JSON (its parser's message quotes it), a mistyped link, a token in a query, an encoded one.
    const broken = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: `{"email":"${email}","password":"${newPassword}"` });
    expect(broken.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/nhd/receipts/${receiptToken}/nope?code=${changeCode}`)).statusCode).toBe(404);
    await call('GET', `/api/v1/events/stream?token=${token}`);
    await call('GET', `/nhd-receipt/${[...receiptToken].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`);

    const log = lines.join('');
    // The requests were logged, at trace, with their paths.
    expect(log).toContain('/api/v1/auth/refresh');
    expect(log).toContain('/api/v1/nhd/receipts/');
    expect(log).toContain('/authentication/reset-password');
    const found = [...secrets].filter(([, value]) =>
      /^\d{6}$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?!\\d)`).test(log) : log.includes(value) || log.includes(encodeURIComponent(value)),
    );
    expect(found.map(([what]) => what)).toEqual([]);
  }, 120_000);
});
