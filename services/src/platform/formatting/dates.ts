// Dates the server writes for a person (emails, texts, PDFs, refusals), in the spec's formats (section 9; DECISIONS.md
// "Time"): MM-DD-YYYY, YYYY-MM-DD, 12-hour time with date, the long day "June 3, 2026". Named as the web's
// `web/src/lib/dates.ts`, but every function takes the recipient's IANA time zone: the server has no "local" time,
// and a US evening event is stored as the next day in UTC (2026-06-03T04:30Z is June 2 in Los Angeles).

export { DEFAULT_TIME_ZONE, isTimeZone } from '@acpg/contracts/time-zones';

export type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant, or null when the input is not a date. A bare YYYY-MM-DD is a calendar date (see `calendarDay`). */
const instantOf = (input: DateInput): Date | null => {
  const d = input instanceof Date ? input : new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The parts of one instant as a wall clock in `timeZone` shows it (cached formatter per zone). */
const wallClock = (d: Date, timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
};

/**
 * The calendar day of `input` in `timeZone`: a bare YYYY-MM-DD already is one (a coverage end, a due day: no zone moves
 * it); an instant is read on the recipient's wall clock. Null when the input is not a date.
 */
const calendarDay = (input: DateInput, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } | null => {
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input);
    if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0 };
  }
  const d = instantOf(input);
  return d ? wallClock(d, timeZone) : null;
};

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** MM-DD-YYYY in `timeZone`; '' when the input is not a date. */
export function formatDateUs(input: DateInput, timeZone: string): string {
  const c = calendarDay(input, timeZone);
  return c ? `${pad(c.month)}-${pad(c.day)}-${c.year}` : '';
}

/** YYYY-MM-DD in `timeZone`; '' when the input is not a date. */
export function formatDateIso(input: DateInput, timeZone: string): string {
  const c = calendarDay(input, timeZone);
  return c ? `${c.year}-${pad(c.month)}-${pad(c.day)}` : '';
}

/** 12-hour time with date in `timeZone`: MM-DD-YYYY hh:mm AM; '' when the input is not a date. */
export function formatDateTime12(input: DateInput, timeZone: string): string {
  const c = calendarDay(input, timeZone);
  if (!c) return '';
  const h = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${pad(c.month)}-${pad(c.day)}-${c.year} ${pad(h)}:${pad(c.minute)} ${c.hour < 12 ? 'AM' : 'PM'}`;
}

/** The long day in `timeZone`, as a letter writes it: "June 3, 2026"; '' when the input is not a date. */
export function formatLongDate(input: DateInput, timeZone: string): string {
  const c = calendarDay(input, timeZone);
  return c ? `${MONTHS[c.month - 1]} ${c.day}, ${c.year}` : '';
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();
/** The zone's short name at that instant (PDT, EST, GMT-10), so a time in a message says which clock it is on. */
export function timeZoneAbbreviation(input: DateInput, timeZone: string): string {
  const d = instantOf(input);
  if (!d) return '';
  let f = zoneNames.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, f);
  }
  return f.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The day, long, and the 12-hour time with the zone's name, as a notice writes when something happened:
 * "Tuesday, June 2, 2026 at 9:30 PM PDT"; '' when the input is not a date.
 */
export function formatLongDateTime(input: DateInput, timeZone: string): string {
  const d = instantOf(input);
  if (!d) return '';
  const c = wallClock(d, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay()];
  const h = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${weekday}, ${formatLongDate(d, timeZone)} at ${h}:${pad(c.minute)} ${c.hour < 12 ? 'AM' : 'PM'} ${timeZoneAbbreviation(d, timeZone)}`;
}
