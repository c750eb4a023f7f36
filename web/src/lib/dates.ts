// Date formats of spec section 9: MM-DD-YYYY, YYYY-MM-DD and local 12-hour time with date.

type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A bare YYYY-MM-DD is a calendar date, read in local time (Date would read it as UTC midnight). */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM-DD-YYYY in local time; '' when the input is not a date. */
export function formatDateUs(input: DateInput): string {
  const d = toDate(input);
  return d ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}` : '';
}

/** YYYY-MM-DD in local time. */
export function formatDateIso(input: DateInput): string {
  const d = toDate(input);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** Local 12-hour time with date: MM-DD-YYYY hh:mm AM. */
export function formatDateTime12(input: DateInput): string {
  const d = toDate(input);
  if (!d) return '';
  const h = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${formatDateUs(d)} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Start of the local day. */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Start of the local week; weeks start on Sunday in the US. */
export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  day.setDate(day.getDate() - day.getDay());
  return day;
}
