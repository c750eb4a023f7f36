import { OTP_RULES } from '@acpg/contracts/identity';
import { addSeconds, reached, refuse } from './decider.ts';

/**
 * A right one-time code is used up (claimed) by one request before the change it authorizes is applied: the claim is
 * appended at the stream's loaded version, so of two requests with the right code only one claims it, and wrong codes
 * racing it are counted on the same stream. The claimer applies the change and then finishes (or releases the claim
 * when the change is refused, so the code works again). A claimer that died on the way holds it `claimSeconds`; after
 * that the same code may claim it again and finish the change (each step of it is idempotent).
 */
export interface CodeClaim {
  id: string;
  at: string;
}

/** The claim still held by its request (another request is refused without comparing its code). */
export const claimHeld = (claim: CodeClaim | null, now: string): boolean => claim !== null && !reached(now, addSeconds(claim.at, OTP_RULES.claimSeconds));

export const codeInUse = () => refuse('conflict', 'OTP_IN_USE', 'This code is being used right now. Wait a moment, then check whether the change was made.');

/**
 * Retries of a try that lost the race on its stream to another try: it is decided again on the newer state. Each loss
 * means another try was recorded, so within `maxWrongTries` losses the code is locked or used and the try is refused in
 * words: parallel guesses are answered one by one, and at most the tries left are ever compared and counted.
 */
export const CODE_TRY_RETRIES = OTP_RULES.maxWrongTries;
