import type { Liquid } from 'liquidjs';
import { DEFAULT_TIME_ZONE, formatCents, formatDateTime12, formatDateUs, formatLongDate, formatLongDateTime, isTimeZone } from '../formatting/index.ts';

/**
 * Liquid filters for a template that formats its own dates and money with the server's one formatter
 * (`platform/formatting`), in the recipient's zone passed as the filter's argument:
 * `{{ paid_at | long_date: time_zone }}` → "June 2, 2026", `{{ paid_at | date_us: time_zone }}` → "06-02-2026",
 * `{{ paid_at | date_time: time_zone }}` → "06-02-2026 09:30 PM", `{{ paid_at | long_date_time: time_zone }}` →
 * "Tuesday, June 2, 2026 at 9:30 PM PDT", `{{ amount_cents | usd }}` → "$1,234.50". A missing or unknown zone is the
 * default one (America/Los_Angeles); a value that is not a date renders as nothing.
 */
const zoneOf = (zone: unknown): string => (typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
const dateOf = (value: unknown): string | number => (typeof value === 'number' ? value : String(value ?? ''));

export const FORMAT_FILTERS: Record<string, (value: unknown, zone?: unknown) => string> = {
  long_date: (value, zone) => formatLongDate(dateOf(value), zoneOf(zone)),
  date_us: (value, zone) => formatDateUs(dateOf(value), zoneOf(zone)),
  date_time: (value, zone) => formatDateTime12(dateOf(value), zoneOf(zone)),
  long_date_time: (value, zone) => formatLongDateTime(dateOf(value), zoneOf(zone)),
  usd: (value) => formatCents(Number(value)),
};

/** Registers the format filters on a Liquid engine (`engine.ts` does, for both its HTML and its plain engine). */
export const registerFormatFilters = (engine: Liquid): void => {
  for (const [name, filter] of Object.entries(FORMAT_FILTERS)) engine.registerFilter(name, filter);
};
