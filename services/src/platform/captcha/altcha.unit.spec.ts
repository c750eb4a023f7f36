import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../test/captcha.ts';
import { altchaCaptcha } from './altcha.ts';

const secrets = { hmacSecret: 'challenge-secret', hmacKeySecret: 'key-secret' };
const captcha = altchaCaptcha({ ...secrets, cost: 1 });
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: { parameters: Record<string, unknown>; signature: string }; solution: { counter: number; derivedKey: string } };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('ALTCHA captcha adapter', () => {
  it('issues a signed, expiring PBKDF2 challenge and verifies its solution, naming it by an id', async () => {
    const challenge = await captcha.challenge();
    expect(challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256', cost: 1, expiresAt: expect.any(Number) }, signature: expect.any(String) });
    const payload = await solveCaptcha(challenge);
    const result = await captcha.verify(payload);
    expect(result).toEqual({ verified: true, id: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await captcha.verify(await solveCaptcha(await captcha.challenge()))).not.toEqual(result); // each challenge its own id
  });

  it('refuses a wrong solution, a tampered challenge, another server\'s challenge and garbage', async () => {
    const payload = decode(await solveCaptcha(await captcha.challenge()));
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    expect(await captcha.verify(encode(wrongKey))).toEqual({ verified: false, reason: 'The human check failed.' });
    const cheaper = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 0 } } };
    expect((await captcha.verify(encode(cheaper))).verified).toBe(false);
    const other = altchaCaptcha({ hmacSecret: 'another', hmacKeySecret: 'another-key', cost: 1 });
    expect((await other.verify(encode(payload))).verified).toBe(false);
    expect(await captcha.verify('not base64 json')).toEqual({ verified: false, reason: 'The human check could not be read.' });
    expect(await captcha.verify(encode({ challenge: {}, solution: {} }))).toMatchObject({ verified: false });
  });

  it('refuses a challenge past its expiry', async () => {
    const past = altchaCaptcha({ ...secrets, cost: 1, clock: () => new Date(Date.now() - 11 * 60 * 1000) });
    const payload = await solveCaptcha(await past.challenge());
    expect(await captcha.verify(payload)).toEqual({ verified: false, reason: 'The human check expired.' });
  });
});
