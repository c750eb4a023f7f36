// The browser's IANA time zone, sent to the server at sign-in and sign-up (and chosen on the profile), so what the server
// writes for the person (emails, texts, PDFs) is dated on their own calendar (DECISIONS.md "Time").

/** The browser's zone (e.g. America/New_York), or undefined when the browser names none. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** `{ time_zone }` to spread into a sign-in or sign-up verification body; nothing when the browser names no zone. */
export const withBrowserTimeZone = (): { time_zone?: string } => {
  const zone = browserTimeZone();
  return zone ? { time_zone: zone } : {};
};

/** Every zone the browser knows, for the profile's picker (falls back to the current one on a browser without the list). */
export function timeZoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}
