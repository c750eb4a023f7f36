import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Captcha } from './port.ts';

export interface AltchaOptions {
  /** Signs challenges (HMAC), so the server keeps no state until a solution is redeemed. Same on every api process. */
  hmacSecret: string;
  /** Signs the derived key of a deterministic challenge (kept apart from hmacSecret). */
  hmacKeySecret: string;
  /** PBKDF2 iterations per try (CAPTCHA_COST). */
  cost: number;
  /** How long a challenge may be solved and submitted. */
  ttlSeconds?: number;
  clock?: () => Date;
}

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** The solver tries counters from 0 up to a secret one in this range: about 2,000 tries on average. */
const COUNTER_RANGE = [1_000, 3_000] as const;

/** The widget's payload: base64 of `{ challenge, solution }` (ALTCHA v2). */
const Payload = z.object({
  challenge: z.object({ parameters: z.looseObject({ nonce: z.string().min(1), algorithm: z.string() }), signature: z.string().optional() }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().min(1), time: z.number().optional() }),
});

const parsePayload = (payload: string) => {
  try {
    return Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    return null;
  }
};

/** ALTCHA (altcha-lib, proof of work v2): deterministic PBKDF2 challenges, HMAC-signed, expiring. */
export const altchaCaptcha = (options: AltchaOptions): Captcha => {
  const clock = options.clock ?? (() => new Date());
  const ttlMs = (options.ttlSeconds ?? 10 * 60) * 1000;
  return {
    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: options.cost,
        counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
        deriveKey,
        expiresAt: new Date(clock().getTime() + ttlMs),
        hmacSignatureSecret: options.hmacSecret,
        hmacKeySignatureSecret: options.hmacKeySecret,
      });
      return { ...challenge };
    },
    async verify(payload) {
      const parsed = parsePayload(payload);
      if (!parsed?.success) return { verified: false, reason: 'The human check could not be read.' };
      const { challenge, solution } = parsed.data;
      if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return { verified: false, reason: 'The human check is not one of ours.' };
      try {
        const result = await verifySolution({
          challenge: challenge as unknown as Challenge, // shape checked above; the library checks the signature over it
          solution: solution as Solution,
          deriveKey,
          hmacSignatureSecret: options.hmacSecret,
          hmacKeySignatureSecret: options.hmacKeySecret,
        });
        if (result.expired) return { verified: false, reason: 'The human check expired.' };
        if (!result.verified) return { verified: false, reason: 'The human check failed.' };
      } catch {
        return { verified: false, reason: 'The human check failed.' };
      }
      // The nonce is covered by the signature: one id per challenge the server issued.
      return { verified: true, id: createHash('sha256').update(challenge.parameters.nonce).digest('hex') };
    },
  };
};
