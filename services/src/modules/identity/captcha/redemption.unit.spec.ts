import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { captchaStream, decide, evolve, initialState, type CaptchaCommand } from './redemption.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const redeem: CaptchaCommand = { type: 'RedeemCaptcha', data: { sign_up_id: 's1' }, metadata: metaAt(T0) };

describe('human check redemption decider', () => {
  it('given a solved check never used, when redeemed, then it is recorded for the sign-up', () => {
    expect(decide(redeem, initialState())).toEqual([{ type: 'CaptchaRedeemed', data: { sign_up_id: 's1', at: T0 } }]);
    expect(captchaStream('abc')).toBe('identity-captcha-abc');
  });

  it('given a redeemed check, when redeemed again, then 400 CAPTCHA_FAILED', () => {
    const state = evolve(initialState(), { type: 'CaptchaRedeemed', data: { sign_up_id: 's1', at: T0 } });
    expect(() => decide(redeem, state)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'CAPTCHA_FAILED' }));
  });
});
