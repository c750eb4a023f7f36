import { refuse, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * A solved human check is good for one sign-up: its id (a digest of the challenge's signed nonce) names a stream whose
 * first event is appended at expected version 0, so a replayed payload is refused on every api process.
 */
export const captchaStream = (captchaId: string) => `identity-captcha-${captchaId}`;

export type CaptchaEvent = DomainEvent<'CaptchaRedeemed', { sign_up_id: string; at: string }>;
export type CaptchaCommand = Command<'RedeemCaptcha', { sign_up_id: string }>;
export type CaptchaState = { redeemed: boolean };

export const initialState = (): CaptchaState => ({ redeemed: false });

export const evolve = (state: CaptchaState, event: CaptchaEvent): CaptchaState => {
  switch (event.type) {
    case 'CaptchaRedeemed':
      return { redeemed: true };
    default:
      return unknownCommand(event.type);
  }
};

export const decide = (command: CaptchaCommand, state: CaptchaState): CaptchaEvent[] => {
  switch (command.type) {
    case 'RedeemCaptcha':
      if (state.redeemed) throw refuse('invalid', 'CAPTCHA_FAILED', 'This human check was used already. Complete a new one.');
      return [{ type: 'CaptchaRedeemed', data: { sign_up_id: command.data.sign_up_id, at: command.metadata.now.toISOString() } }];
    default:
      return unknownCommand(command.type);
  }
};

export const captchaDecider: Decider<CaptchaCommand, CaptchaEvent, CaptchaState> = { initialState, evolve, decide };
