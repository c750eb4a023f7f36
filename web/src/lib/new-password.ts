import { NewPassword } from '@acpg/contracts/identity';

/** Why a new password (and its confirmation) cannot be sent yet, in words; null when the form may go. The server also refuses common passwords. */
export function newPasswordProblems(password: string, confirmation: string): { password: string | null; confirmation: string | null } {
  const parsed = NewPassword.safeParse(password);
  return {
    password: password === '' ? 'Enter a new password' : parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Choose another password'),
    confirmation: confirmation === '' ? 'Enter the new password again' : confirmation !== password ? 'The two passwords do not match' : null,
  };
}

export const NEW_PASSWORD_HINT = 'At least 8 characters. A few unrelated words make a strong one; common passwords are refused.';
