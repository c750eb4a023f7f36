import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Solves an ALTCHA challenge as the browser's widget does and answers the widget's payload (base64 JSON). */
export const solveCaptcha = async (challenge: unknown): Promise<string> => {
  const { parameters, signature } = challenge as Challenge;
  const solution = await solveChallenge({ challenge: { parameters, ...(signature ? { signature } : {}) }, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the ALTCHA challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
};
