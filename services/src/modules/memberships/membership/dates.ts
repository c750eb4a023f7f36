/**
 * `months` calendar months after `iso` (UTC), kept on the same day of the month when it exists, else the month's
 * last day: January 31 + 1 month = February 28 (29 in a leap year).
 */
export const addMonthsUtc = (iso: string, months: number): string => {
  const from = new Date(iso);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  ).toISOString();
};

/** `days` days of 24 hours after `iso` (UTC has no daylight saving). */
export const addDaysUtc = (iso: string, days: number): string => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
