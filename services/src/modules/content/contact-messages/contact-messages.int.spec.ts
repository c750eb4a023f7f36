import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { solveCaptcha } from '../../../../test/captcha.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';

const t = useTestApp({ CAPTCHA_COST: '1' });
let address = 10;
/** Each call from an address of its own, so the route's rate limit (5 in 10 minutes) binds only where a test wants it. */
const nextAddress = () => `198.51.100.${address++}`;

const challenge = async (remoteAddress = nextAddress()) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/cms/contact-messages/challenge', remoteAddress });
  expect(response.statusCode).toBe(200);
  return solveCaptcha((response.json() as { data: unknown }).data);
};
const send = (body: Record<string, unknown>, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/v1/cms/contact-messages', payload: body, remoteAddress });
const messageCount = async () => (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ContactMessageReceived'] })).length;
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Jane Visitor',
  email: `jane.${Math.random().toString(36).slice(2, 8)}@example.net`,
  phone: '(415) 555-0123',
  topic: 'membership',
  message: 'Hello,\nDoes the membership cover a water heater?',
  ...over,
});
/** The contact email the seeded contact details name (the team's inbox). */
const teamEmail = async () => ((await (await fetch(`${t.url}/api/v1/cms/content/contact`)).json()) as { data: { body: { email: string } } }).data.body.email;

describe('POST /cms/contact-messages (the public contact form)', () => {
  it('records the message and emails it to the contact email and a confirmation to the sender, through the notifications queue', async () => {
    const body = form();
    const before = await messageCount();
    const response = await send({ ...body, captcha: await challenge() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { message_id: expect.any(String) } });
    expect(await messageCount()).toBe(before + 1);

    const [event] = (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ContactMessageReceived'] })).slice(-1);
    expect(event?.stream).toMatch(/^content-contactmessage-[0-9a-f]{64}$/);
    expect(event?.data).toMatchObject({ name: 'Jane Visitor', email: body.email, phone: '(415) 555-0123', topic: 'membership', to: await teamEmail() });

    const team = await waitFor(async () => (await outboxOf(t, await teamEmail())).find((m) => m.text.includes(body.email)), { what: "the team's email" });
    expect(team.subject).toBe('Contact form: Membership plans from Jane Visitor');
    expect(team.text).toContain('Does the membership cover a water heater?');
    expect(team.text).toContain('Phone: (415) 555-0123');
    const confirmation = await waitFor(async () => (await outboxOf(t, body.email))[0], { what: "the sender's confirmation" });
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.text).toContain('Membership plans');
  });

  it('refuses a missing, wrong or reused human check with 400 CAPTCHA_FAILED, and records nothing more', async () => {
    const before = await messageCount();
    const wrong = await send({ ...form(), captcha: 'bm90IGEgcGF5bG9hZA==' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_FAILED', errors: [{ path: 'captcha' }] });
    const missing = await send({ ...form(), captcha: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ path: 'captcha' }] });

    // A sign-up challenge is not one for the contact form.
    const signUpChallenge = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/sign-up/challenge', remoteAddress: nextAddress() })).json() as { data: unknown };
    const foreign = await send({ ...form(), captcha: await solveCaptcha(signUpChallenge.data) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
    expect(await messageCount()).toBe(before);

    const captcha = await challenge();
    expect((await send({ ...form(), captcha })).statusCode).toBe(200);
    const reused = await send({ ...form(), captcha });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'CAPTCHA_FAILED', message: 'This human check was used already. Complete a new one.' });
    expect(await messageCount()).toBe(before + 1);
  });

  it('refuses bad fields with 400 naming each, before the human check is used up', async () => {
    const before = await messageCount();
    const captcha = await challenge();
    for (const [bad, path] of [
      [{ name: '' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '12' }, 'phone'],
      [{ topic: 'refund-me' }, 'topic'],
      [{ message: 'short' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ extra: 'field' }, ''],
    ] as const) {
      const response = await send({ ...form(bad), captcha });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      if (path) expect(response.json().errors, JSON.stringify(bad)).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect(await messageCount()).toBe(before);
    // The check was never reached, so it still sends one message; the phone may be left out.
    const { phone: _phone, ...withoutPhone } = form();
    expect((await send({ ...withoutPhone, captcha })).statusCode).toBe(200);
  });

  it('limits each address to 5 messages in 10 minutes (429 with Retry-After)', async () => {
    const from = nextAddress();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await send({ ...form(), captcha: 'bm90IGEgcGF5bG9hZA==' }, from)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('answers 502 CONTACT_NOT_SET and records nothing while no contact document is published', async () => {
    const token = await t.signInAs('Super Admin');
    const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
    const revision = () => admin('GET', '/cms/admin/content/contact').then((r) => (r.json() as { data: { revision: number } }).data.revision);
    expect((await admin('POST', '/cms/admin/content/contact/unpublish', { expected_revision: await revision() })).statusCode).toBe(200);
    try {
      const before = await messageCount();
      const response = await send({ ...form(), captcha: await challenge() });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'CONTACT_NOT_SET' });
      expect(await messageCount()).toBe(before);
    } finally {
      expect((await admin('POST', '/cms/admin/content/contact/publish', { expected_revision: await revision() })).statusCode).toBe(200);
    }
  });
});
