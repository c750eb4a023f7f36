/**
 * Masks of personal data shown to users (spec section 5). Pure: used by the server when it answers with a masked value
 * and by the web app when it shows one it holds.
 */

const DOT = '•';
/** Digits shown at the end of a masked phone: how people recognize their own number. */
const PHONE_VISIBLE = 4;
/** Fewer digits than this and the last four would be most of the number: it is hidden whole. */
const PHONE_MIN_DIGITS = 7;

/**
 * The phone with its last 4 digits shown: "(•••) •••-0144" for a US number (+1 and 10 digits), "••••••8750" for any
 * other (always 6 dots, so the mask does not tell the number's length), "••••••••" when it is too short to show a part.
 */
export const maskPhone = (phone: string): string => {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const last = digits.slice(-PHONE_VISIBLE);
  if (phone.trim().startsWith('+1') && digits.length === 11) return `(${DOT.repeat(3)}) ${DOT.repeat(3)}-${last}`;
  if (digits.length < PHONE_MIN_DIGITS) return DOT.repeat(8);
  return `${DOT.repeat(6)}${last}`;
};

/**
 * The local part keeps its first and last character with the middle starred (one star per character);
 * a 1-character local part is fully starred. The domain is kept.
 */
export const maskEmail = (email: string): string => {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  const local = [...(at === -1 ? email : email.slice(0, at))];
  const domain = at === -1 ? '' : email.slice(at);
  if (local.length === 0) return domain;
  if (local.length === 1) return `*${domain}`;
  const middle = '*'.repeat(local.length - 2);
  return `${local[0]}${middle}${local[local.length - 1]}${domain}`;
};
