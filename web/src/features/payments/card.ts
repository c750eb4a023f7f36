// Card fields as typed into the payment form, checked before anything is sent. The card number goes only to the
// gateway's payment-method route; nothing here keeps it.

export interface CardInput {
  number: string;
  /** MM/YY as typed (MM/YYYY and MMYY are accepted too). */
  expiry: string;
  cvc: string;
  name: string;
}

/** What the gateway's payment-method route takes (contracts: POST /payments/test-gateway/payment-methods). */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The number in groups of four as it is typed (4242 4242 4242 4242), at most 19 digits. */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as it is typed: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const d = digitsOf(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The Luhn checksum every card number carries: catches a mistyped digit before the gateway does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Month and four-digit year from MM/YY, MM/YYYY or MMYY; null when it is not a month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Every field's problem in words that say what to do; an empty object when the card may be sent. */
export function validateCard(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(card.number);
  if (!number) errors.number = 'Enter the card number';
  else if (number.length < 13 || number.length > 19 || !passesLuhn(number)) errors.number = 'Check the card number: it is not a valid card number';

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date as MM/YY';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY, for example 04/29';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) errors.expiry = 'This card has expired';
  else if (expiry.year > now.getFullYear() + 20) errors.expiry = 'Check the expiry year';

  const cvc = card.cvc.trim();
  if (!cvc) errors.cvc = 'Enter the 3 or 4 digit security code';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'The security code is 3 or 4 digits';

  if (!card.name.trim()) errors.name = 'Enter the name on the card';
  else if (card.name.trim().length > 100) errors.name = 'The name on the card is at most 100 characters';
  return errors;
}

/** The fields as the gateway takes them; call only when validateCard found nothing. */
export function toCardDetails(card: CardInput): CardDetails {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) throw new Error('toCardDetails: the expiry is not valid');
  return { number: digitsOf(card.number), exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc.trim(), name: card.name.trim() };
}
