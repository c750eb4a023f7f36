/** Default phone country prefix (spec section 9). */
export const DEFAULT_PHONE_PREFIX = '+1';

/** A '+1' prefix means US format, +1 (555) 123-4567; anything else keeps the international form, +44 2079460958. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const compact = phone.replace(/[^\d+]/g, '');
  if (compact.startsWith(DEFAULT_PHONE_PREFIX)) {
    const national = compact.slice(2);
    if (national.length !== 10) return compact;
    return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return compact;
}

export function isUsPhone(phone: string): boolean {
  return phone.replace(/[^\d+]/g, '').startsWith(DEFAULT_PHONE_PREFIX);
}
