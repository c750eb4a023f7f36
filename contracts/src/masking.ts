/**
 * Masks of personal data shown to users (spec section 5). Pure: used by the server when it answers with a masked value
 * and by the web app when it shows one it holds.
 */

const PHONE_VISIBLE = 5;
const PHONE_STARS = '********';

/** First 5 characters, then 8 asterisks (whatever the number's length, so the mask does not reveal it). */
export const maskPhone = (phone: string): string => {
  if (!phone) return '';
  return `${[...phone].slice(0, PHONE_VISIBLE).join('')}${PHONE_STARS}`;
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
