// Spec section 5. contracts/src/masking.ts (maskPhone/maskEmail) is being written by the API team; when it lands,
// this file becomes `export { maskPhone, maskEmail } from '@acpg/contracts/masking'` and the tests stay as they are.

/** Phone shown masked: the first 5 characters, then 8 asterisks. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return `${phone.slice(0, 5)}********`;
}

/** Email masked: the local part keeps its first and last character; a 1-character local part is fully starred. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 1) return `${'*'.repeat(local.length)}${domain}`;
  const middle = '*'.repeat(Math.max(0, local.length - 2));
  return `${local[0]}${middle}${local[local.length - 1]}${domain}`;
}
