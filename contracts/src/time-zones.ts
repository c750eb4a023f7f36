import { z } from 'zod';

// An account's time zone (DECISIONS.md "Time"): what the server writes for a person (emails, texts, PDFs, refusals)
// shows dates in it. The browser sends its IANA zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`) at sign-up
// and sign-in, and the profile lets the person change it; identity publishes `AccountTimeZoneSet`.

/**
 * The zone of an account that never sent one (accounts from before time zones were kept, a client that sent none):
 * the platform's home, California. Sending no zone keeps the account's current one.
 */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Is `zone` an IANA time zone name this runtime knows (America/New_York, UTC)? Offsets such as +05:00 are not. */
export const isTimeZone = (zone: string): boolean => {
  if (zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone name, checked against the runtime's zone data. */
export const TimeZoneName = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .refine(isTimeZone, { error: 'Unknown time zone: choose one from the list (an IANA name such as America/New_York).' });
export type TimeZoneName = z.infer<typeof TimeZoneName>;

/** `PUT /profile/time-zone`: the signed-in person picks the zone their emails, texts and documents use. */
export const TimeZoneBody = z.object({ time_zone: TimeZoneName });
export type TimeZoneBody = z.infer<typeof TimeZoneBody>;

/** Data of `AccountTimeZoneSet` (stream `identity-account-<id>`): a contract event other modules keep copies from. */
export const AccountTimeZoneSet = z.object({ account_id: z.string(), time_zone: z.string(), at: z.string() });
export type AccountTimeZoneSet = z.infer<typeof AccountTimeZoneSet>;

/** The identity events from which a module keeps its copy of an account's time zone (`AccountTimeZone`). */
export const ACCOUNT_TIME_ZONE_EVENTS = ['AccountTimeZoneSet'] as const;

/** What a module keeps of an account to date what it writes to it. No copy: `DEFAULT_TIME_ZONE`. */
export interface AccountTimeZone {
  time_zone: string;
}

/** The published fold of `ACCOUNT_TIME_ZONE_EVENTS`: the zone the latest event set; an event it cannot read changes nothing. */
export const nextAccountTimeZone = (copy: AccountTimeZone | null, event: { type: string; data: unknown }): AccountTimeZone | null => {
  if (event.type !== 'AccountTimeZoneSet') return copy;
  const d = AccountTimeZoneSet.safeParse(event.data);
  return d.success ? { time_zone: d.data.time_zone } : copy;
};
