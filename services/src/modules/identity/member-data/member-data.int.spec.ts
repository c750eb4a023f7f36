import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { PIN_RULES } from '@acpg/contracts/member-data';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { outboxOf, waitForMessage } from '../../../../test/outbox.ts';
import { registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { signUpStream } from '../sign-up/decider.ts';
import { signUpField } from '../sign-up/events.ts';

const t = useTestApp();

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
const newMember = async (): Promise<Caller> => {
  const ctx = await identityContext(t.platform);
  const email = `member-data-${++n}-${Date.now()}@example.test`;
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Morgan Member', roles: ['Customer'], password: 'member data passphrase', phone: null }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email, token: await t.platform.tokens.issueAccessToken({ userId: accountId, roles: ['Customer'] }) };
};

const call = (method: InjectOptions['method'], url: string, who: Caller | null, payload?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: `10.0.9.${address % 250}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
  });
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];
const dataOf = async (who: Caller) => {
  const r = await call('GET', '/account/data', who);
  expect(r.statusCode).toBe(200);
  return r.json().data;
};

const PIN = '4826';
const people = (shares: number[]) => shares.map((share_percent, i) => ({ full_name: `Heir ${i + 1}`, relationship: 'Child', share_percent }));
const png = (colour: number) => sharp({ create: { width: 32, height: 32, channels: 3, background: { r: colour, g: 80, b: 40 } } }).png().toBuffer();

describe('My Account data: who may read and change it', () => {
  it('refuses every route without a token (401)', async () => {
    expect((await call('GET', '/account/data', null)).statusCode).toBe(401);
    expect((await call('GET', '/account/face-signature/face', null)).statusCode).toBe(401);
    expect((await call('PUT', '/account/beneficiaries', null, { beneficiaries: people([100]), pin: PIN })).statusCode).toBe(401);
    expect((await call('PUT', '/account/mailing-address', null, { address: { line1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' } })).statusCode).toBe(401);
    expect((await call('PUT', '/account/face-signature', null, { face: { data: 'AAAA' } })).statusCode).toBe(401);
    expect((await call('PUT', '/account/pin', null, { new_pin: PIN })).statusCode).toBe(401);
  });

  it("answers each member only their own data and images", async () => {
    const owner = await newMember();
    const other = await newMember();
    expect((await call('PUT', '/account/pin', owner, { new_pin: PIN })).statusCode).toBe(200);
    expect((await call('PUT', '/account/beneficiaries', owner, { beneficiaries: people([60, 40]), pin: PIN })).statusCode).toBe(200);
    const face = await png(200);
    expect((await call('PUT', '/account/face-signature', owner, { face: { data: face.toString('base64') } })).statusCode).toBe(200);

    expect(await dataOf(other)).toEqual({ beneficiaries: null, mailing_address: null, face_signature: null, pin: null, payout_details: null });
    expect(answer(await call('GET', '/account/face-signature/face', other))).toEqual([404, 'IMAGE_NOT_FOUND']);
    // The other account's PIN is not the owner's: it has none, so nothing of the owner's can be changed with it.
    expect(answer(await call('PUT', '/account/beneficiaries', other, { beneficiaries: people([100]), pin: PIN }))).toEqual([409, 'PIN_NOT_SET']);

    const own = await call('GET', '/account/face-signature/face', owner);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(face)).toBe(true);
    expect((await dataOf(owner)).beneficiaries.list.map((b: { share_percent: number }) => b.share_percent)).toEqual([60, 40]);
  });
});

describe('My Account data: the PIN', () => {
  it('sets a first PIN, refuses easy ones, and asks the current one to change it', async () => {
    const me = await newMember();
    for (const weak of ['1234', '0000', '1212', '98765', '12a4', '123']) {
      expect(answer(await call('PUT', '/account/pin', me, { new_pin: weak }))).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await dataOf(me)).pin).toBeNull();

    const set = await call('PUT', '/account/pin', me, { new_pin: PIN });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.pin).toEqual({ set_at: expect.any(String), locked_until: null });

    expect(answer(await call('PUT', '/account/pin', me, { new_pin: '5937' }))).toEqual([400, 'VALIDATION_FAILED']);
    const wrong = await call('PUT', '/account/pin', me, { current_pin: '9999', new_pin: '5937' });
    expect(answer(wrong)).toEqual([400, 'PIN_INCORRECT']);
    expect(wrong.json().message).toContain(`${PIN_RULES.maxWrongTries - 1} tries left`);
    // Not changed: the old PIN still works, the one refused does not.
    expect(answer(await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: '5937' }))).toEqual([400, 'PIN_INCORRECT']);
    expect((await call('PUT', '/account/pin', me, { current_pin: PIN, new_pin: '5937' })).statusCode).toBe(200);
    expect(answer(await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: PIN }))).toEqual([400, 'PIN_INCORRECT']);
    expect((await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: '5937' })).statusCode).toBe(200);
  });

  it('locks the PIN after too many wrong tries, even for the right one, until the lock ends', async () => {
    const me = await newMember();
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    for (let i = 1; i <= PIN_RULES.maxWrongTries; i++) {
      expect(answer(await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: '1357' }))).toEqual([400, 'PIN_INCORRECT']);
    }
    const locked = await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: PIN });
    expect(answer(locked)).toEqual([429, 'PIN_LOCKED']);
    expect(locked.json().retry_after_seconds).toBeGreaterThan(0);
    expect(answer(await call('PUT', '/account/pin', me, { current_pin: PIN, new_pin: '5937' }))).toEqual([429, 'PIN_LOCKED']);
    expect((await dataOf(me)).pin.locked_until).toEqual(expect.any(String));
    expect((await dataOf(me)).beneficiaries).toBeNull();

    const realClock = t.platform.clock;
    try {
      const later = new Date(Date.now() + (PIN_RULES.lockSeconds + 5) * 1000);
      t.platform.clock = () => later;
      expect((await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: PIN })).statusCode).toBe(200);
    } finally {
      t.platform.clock = realClock;
    }
  });
});

describe('My Account data: beneficiaries, mailing address, face and signature', () => {
  it('shows what the sign-up stored, and its PIN guards the change', async () => {
    const me = await newMember();
    const ctx = await identityContext(t.platform);
    const meta = systemMeta(t.platform, { actor: 'test' });
    const at = new Date(Date.now() - 60_000).toISOString();
    const saved = people([70, 30]);
    await t.platform.eventStore.append(signUpStream(me.id), 'any', [
      eventEnvelope(meta.newId(), 'SignUpBeneficiariesSaved', { sign_up_id: me.id, count: 2, beneficiaries_encrypted: ctx.cipher.encrypt(JSON.stringify(saved), signUpField(me.id, 'beneficiaries')), saved_at: at }, meta),
      eventEnvelope(meta.newId(), 'SignUpPinSet', { sign_up_id: me.id, pin_hash: await ctx.passwords.hash('7391'), at }, meta),
    ]);
    expect(await dataOf(me)).toMatchObject({ beneficiaries: { list: saved, changed_at: at }, pin: { set_at: at } });

    expect(answer(await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([50, 50]), pin: PIN }))).toEqual([400, 'PIN_INCORRECT']);
    const changed = await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([50, 50]), pin: '7391' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.beneficiaries.list).toEqual(people([50, 50]));
  });

  it('refuses bad beneficiaries and changes nothing', async () => {
    const me = await newMember();
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    expect((await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: PIN })).statusCode).toBe(200);
    const bad = [
      { beneficiaries: people([60, 30]), pin: PIN },
      { beneficiaries: [], pin: PIN },
      { beneficiaries: [{ full_name: '', relationship: 'Son', share_percent: 100 }], pin: PIN },
      { beneficiaries: people([100]) },
      { beneficiaries: people([100]), pin: '12' },
    ];
    for (const body of bad) expect(answer(await call('PUT', '/account/beneficiaries', me, body))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await dataOf(me)).beneficiaries.list).toEqual(people([100]));
  });

  it('changes the mailing address, refusing a bad one', async () => {
    const me = await newMember();
    expect(answer(await call('PUT', '/account/mailing-address', me, { address: { line1: '1 Main St', city: 'Fresno', state: 'CA', zip: '937' } }))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await dataOf(me)).mailing_address).toBeNull();
    const address = { line1: '1 Main St', line2: 'Apt 4', city: 'Fresno', state: 'CA', zip: '93701' };
    const saved = await call('PUT', '/account/mailing-address', me, { address });
    expect(saved.statusCode).toBe(200);
    expect((await dataOf(me)).mailing_address).toEqual({ address, changed_at: expect.any(String) });
  });

  it('changes the face photo and the signature, refusing what is not an image', async () => {
    const me = await newMember();
    expect(answer(await call('PUT', '/account/face-signature', me, {}))).toEqual([400, 'VALIDATION_FAILED']);
    expect(answer(await call('PUT', '/account/face-signature', me, { signature: { data: Buffer.from('not an image at all').toString('base64') } }))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await dataOf(me)).face_signature).toBeNull();

    const [face, signature] = await Promise.all([png(10), png(250)]);
    expect((await call('PUT', '/account/face-signature', me, { face: { data: face.toString('base64') }, signature: { data: signature.toString('base64') } })).statusCode).toBe(200);
    const newSignature = await png(120);
    expect((await call('PUT', '/account/face-signature', me, { signature: { data: `data:image/png;base64,${newSignature.toString('base64')}` } })).statusCode).toBe(200);
    expect((await dataOf(me)).face_signature).toEqual({ face: true, signature: true, changed_at: expect.any(String) });
    expect((await call('GET', '/account/face-signature/face', me)).rawPayload.equals(face)).toBe(true);
    expect((await call('GET', '/account/face-signature/signature', me)).rawPayload.equals(newSignature)).toBe(true);
    expect((await call('GET', '/account/face-signature/passport', me)).statusCode).toBe(400);
  });
});

describe('My Account data: the member hears of each change', () => {
  it('emails the account holder once when the beneficiaries change, and not for a refused PIN', async () => {
    const me = await newMember();
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    const pinNotice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/);
    expect(pinNotice.text).toContain('The security PIN of your account was set or changed.');
    expect(answer(await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: '1357' }))).toEqual([400, 'PIN_INCORRECT']);
    expect((await call('PUT', '/account/beneficiaries', me, { beneficiaries: people([100]), pin: PIN })).statusCode).toBe(200);
    const notice = await waitForMessage(t.app, me.email, /A security change to your ACPG account/, pinNotice);
    expect(notice.text).toContain('The beneficiaries of your membership were changed');
    expect((await outboxOf(t.app, me.email)).filter((m) => (m.subject ?? '').includes('security change'))).toHaveLength(2);
  });
});

describe('the PIN under parallel tries', () => {
  let ip = 0;
  /** Each try from its own address: an attacker with many addresses, past the per-address limits. */
  const from = (who: Caller, pin: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/beneficiaries',
      remoteAddress: `10.66.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload: { beneficiaries: people([100]), pin },
    });
  const rejections = async (who: Caller) =>
    (await t.platform.eventStore.readAll({ after: 0, limit: 100_000, types: ['MemberPinRejected'] })).filter((e) => (e.data as { account_id?: string }).account_id === who.id).length;

  it('20 wrong PINs at once: at most 5 counted, then even the right PIN is refused (locked) and nothing changed', async () => {
    const me = await newMember();
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    const wrong = Array.from({ length: 20 }, (_, i) => String(1000 + i));
    const answers = (await Promise.all(wrong.map((pin) => from(me, pin)))).map(answer);
    expect(answers.filter(([status]) => status === 400).length).toBeLessThanOrEqual(PIN_RULES.maxWrongTries);
    expect(answers.every(([status, code]) => (status === 400 && code === 'PIN_INCORRECT') || (status === 429 && code === 'PIN_LOCKED'))).toBe(true);
    expect(await rejections(me)).toBe(PIN_RULES.maxWrongTries);
    expect(answer(await from(me, PIN))).toEqual([429, 'PIN_LOCKED']);
    expect((await dataOf(me)).beneficiaries).toBeNull();
  });

  it('the right PIN among 19 wrong ones at once changes the beneficiaries only if that request was told so', async () => {
    const me = await newMember();
    expect((await call('PUT', '/account/pin', me, { new_pin: PIN })).statusCode).toBe(200);
    const tries = [...Array.from({ length: 19 }, (_, i) => String(2000 + i)), PIN];
    const answers = (await Promise.all(tries.map((pin) => from(me, pin)))).map(answer);
    const changed = (await dataOf(me)).beneficiaries !== null;
    expect(changed).toBe(answers.at(-1)?.[0] === 200);
    expect(await rejections(me)).toBeLessThanOrEqual(PIN_RULES.maxWrongTries);
  });
});
