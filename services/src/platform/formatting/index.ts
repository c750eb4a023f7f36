// The one formatter of what the server writes for a person: dates in the recipient's time zone, money in US dollars.
export { DEFAULT_TIME_ZONE, formatDateIso, formatDateTime12, formatDateUs, formatLongDate, formatLongDateTime, isTimeZone, timeZoneAbbreviation, type DateInput } from './dates.ts';
export { formatCents, formatCount, formatUsd, roundDollars } from './money.ts';
