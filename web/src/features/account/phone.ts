/**
 * A phone typed by a person as E.164. Without a '+', the spec's default prefix '+1' applies (10 digits, or 11
 * starting with 1); with one, the digits stand as typed. Spaces, dots, dashes and parentheses are ignored.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return /^(?:1\d{10}|[2-9]\d{6,14})$/.test(digits) ? `+${digits}` : null; // +1: 10 digits after the 1
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}
