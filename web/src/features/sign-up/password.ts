import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@acpg/contracts/identity';

export type Strength = 'too short' | 'weak' | 'fair' | 'strong';

/**
 * A hint, not a rule (DECISIONS.md: no composition rules; the server refuses common passwords): length counts most,
 * a mix of kinds of characters a little, one character repeated or a plain run of digits counts against.
 */
export function passwordStrength(password: string): Strength {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct <= 3 || /^\d+$/.test(password)) return 'weak';
  const score = length + kinds * 2 + (/\s/.test(password) ? 2 : 0);
  if (score >= 20) return 'strong';
  if (score >= 14) return 'fair';
  return 'weak';
}

/** The password field's message: empty when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (!length) return 'Choose a password';
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
