import { beforeAll, describe, expect, it } from 'vitest';
import type { TemplateDetail, TemplateHistory, TemplateSummary } from '@acpg/contracts/email-templates';
import type { OutboxMessage } from '@acpg/contracts/notifications';
import { useTestApp } from '../../../../test/harness.ts';
import { outboxOf, signInWithOutboxCode } from '../../../../test/sign-in.ts';
import { SEEDED_ADMIN } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { templateStream } from './decider.ts';

const KEY = 'identity.sign-in-code';
const ADMIN_EMAIL = 'templates-admin@example.test';
const url = (path = '') => `/api/v1/admin/email-templates${path}`;

describe('email templates', () => {
  const t = useTestApp();
  let admin: string;
  beforeAll(async () => {
    await registerAccount(t, 'acc-templates-admin', { email: ADMIN_EMAIL, full_name: 'Tess Admin', roles: ['Super Admin'] });
    admin = await t.signInAs('Super Admin', 'acc-templates-admin');
  });

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token: string | null = admin) =>
    t.app.inject({ method, url: url(path), ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
  const detail = async () => {
    const res = await call('GET', `/${KEY}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TemplateDetail }).data;
  };

  it('lists every registered template, none edited at first', async () => {
    const res = await call('GET', '');
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { data: TemplateSummary[] }).data;
    expect(items.length).toBe(t.platform.templates.list().length);
    expect(items.find((i) => i.key === KEY)).toMatchObject({ module: 'identity', channel: 'email', edited: false, version: 0, updated_by: null });
  });

  it('shows one template with its parts, variables and sample', async () => {
    const data = await detail();
    expect(data.registered.subject).toBe('Your sign-in code');
    expect(data.current).toEqual(data.registered);
    expect(data.variables.map((v) => v.name)).toContain('code');
    expect(data.variables.find((v) => v.name === 'code')).toMatchObject({ type: 'string', optional: false });
    expect(data.sample).toHaveProperty('code');
  });

  it('previews an unsaved edit inside the layout, and refuses a bad one naming the part', async () => {
    const ok = await call('POST', `/${KEY}/preview`, { subject: 'Code: {{ code }}', html: '<p>Use <b>{{ code }}</b></p>' });
    expect(ok.statusCode, ok.body).toBe(200);
    const rendered = (ok.json() as { data: { subject: string; html: string } }).data;
    expect(rendered.subject).toMatch(/^Code: \d{6}$/);
    expect(rendered.html).toMatch(/<!DOCTYPE html>[\s\S]*ACPG[\s\S]*<p>Use <b>\d{6}<\/b><\/p>/);
    for (const [edit, part, code] of [
      [{ text: 'Code {{ nope }}' }, 'text', 'TEMPLATE_INVALID'],
      [{ subject: '{{ code | shout }}' }, 'subject', 'TEMPLATE_INVALID'],
      [{ html: '<p>{% if code %}open</p>' }, 'html', 'TEMPLATE_INVALID'],
      [{ html: '<p onclick="steal()">{{ code }}</p>' }, 'html', 'UNSAFE_HTML'],
      [{ html: '<script>alert(1)</script>' }, 'html', 'UNSAFE_HTML'],
    ] as const) {
      const res = await call('POST', `/${KEY}/preview`, edit);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, errors: [{ path: part }] });
    }
    expect((await call('POST', '/identity.nope/preview', { text: 'x' })).statusCode).toBe(404);
  });

  it('refuses a bad edit at save and stores nothing', async () => {
    const res = await call('PUT', `/${KEY}`, { subject: 'Hi', text: 'Your code: {{ nope }}', expected_version: 0 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TEMPLATE_INVALID', errors: [{ path: 'text', message: expect.stringContaining('nope') }] });
    expect(await t.platform.eventStore.readStream(templateStream(KEY))).toHaveLength(0);
  });

  it('saves an edit, and the next sign-in code email uses it without a restart', async () => {
    const before = await detail();
    const res = await call('PUT', `/${KEY}`, {
      subject: 'Edited: your code',
      html: before.current.html!.replace('<p>', '<p>EDITED BODY '),
      text: `EDITED BODY\n${before.current.text}`,
      expected_version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: TemplateDetail }).data).toMatchObject({ edited: true, version: 1, current: { subject: 'Edited: your code' } });
    await signInWithOutboxCode(t);
    const codeMail = ((await outboxOf(t, SEEDED_ADMIN.email)) as OutboxMessage[]).find((m) => /\b\d{6}\b/.test(m.text));
    expect(codeMail).toMatchObject({ subject: 'Edited: your code', text: expect.stringContaining('EDITED BODY') });
    expect((await t.platform.eventStore.readStream(templateStream(KEY))).at(-1)).toMatchObject({ type: 'MessageTemplateEdited' });
  });

  it('refuses a save at a stale version with 409', async () => {
    const res = await call('PUT', `/${KEY}`, { subject: 'Too late', expected_version: 0 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_VERSION' });
  });

  it('keeps the history, restores a version and resets to the default', async () => {
    expect((await call('PUT', `/${KEY}`, { subject: 'Second: {{ code }}', expected_version: 1 })).statusCode).toBe(200);
    const history = (await call('GET', `/${KEY}/history`)).json() as { data: TemplateHistory };
    expect(history.data.items.map((i) => [i.version, i.kind])).toEqual([[2, 'edited'], [1, 'edited']]);
    expect(history.data.items[0]).toMatchObject({ by: 'acc-templates-admin', parts: { subject: 'Second: {{ code }}' } });

    const restored = await call('POST', `/${KEY}/restore`, { version: 1, expected_version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as { data: TemplateDetail }).data).toMatchObject({ version: 3, current: { subject: 'Edited: your code' } });
    expect((await call('POST', `/${KEY}/restore`, { version: 9, expected_version: 3 })).json()).toMatchObject({ code: 'NO_SUCH_VERSION' });

    const reset = await call('POST', `/${KEY}/reset`, { expected_version: 3 });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = (reset.json() as { data: TemplateDetail }).data;
    expect(after).toMatchObject({ edited: false, version: 4 });
    expect(after.current).toEqual(after.registered);
    expect(await t.platform.templates.preview(KEY)).toMatchObject({ subject: 'Your sign-in code' });
  });

  it('sends a test to the caller, with the sample data, its subject starting with [Test]', async () => {
    const res = await call('POST', '/identity.sign-in-notice/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { channel: 'email', to: 'your email' } });
    const message = await waitFor(
      async () => (await outboxOf(t, ADMIN_EMAIL)).find((m) => m.subject?.startsWith('[Test]')),
      { timeoutMs: 15_000, what: 'the test email' },
    );
    expect(message.subject).toBe('[Test] New sign-in to your account');
    expect(message.text).toContain('Jane Doe');
  });

  it('is for Super Admins only', async () => {
    for (const role of ['Admin', 'Customer', 'Provider Admin'] as const) {
      const token = await t.signInAs(role);
      expect((await call('GET', '', undefined, token)).statusCode).toBe(403);
      expect((await call('PUT', `/${KEY}`, { subject: 'x', expected_version: 4 }, token)).statusCode).toBe(403);
    }
    expect((await call('GET', '', undefined, null)).statusCode).toBe(401);
  });
});
