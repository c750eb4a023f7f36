import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, nextAccountTimeZone, TimeZoneBody, TimeZoneName } from './time-zones.ts';

const set = (account_id: string, time_zone: string) => ({ type: 'AccountTimeZoneSet', data: { account_id, time_zone, at: '2026-06-03T04:30:00.000Z' } });

describe('nextAccountTimeZone (the published fold of an account’s time zone)', () => {
  it('the latest AccountTimeZoneSet wins; other events and malformed data change nothing', () => {
    const la = nextAccountTimeZone(null, set('a1', 'America/Los_Angeles'));
    expect(la).toEqual({ time_zone: 'America/Los_Angeles' });
    const ny = nextAccountTimeZone(la, set('a1', 'America/New_York'));
    expect(ny).toEqual({ time_zone: 'America/New_York' });
    expect(nextAccountTimeZone(ny, { type: 'AccountNameChanged', data: { account_id: 'a1', full_name: 'X', at: 't' } })).toBe(ny);
    expect(nextAccountTimeZone(ny, { type: 'AccountTimeZoneSet', data: { account_id: 'a1' } })).toBe(ny);
    expect(nextAccountTimeZone(null, { type: 'AccountRegistered', data: {} })).toBeNull();
  });
});

describe('TimeZoneName', () => {
  it('takes IANA names the runtime knows, refuses anything else with a clear message', () => {
    expect(TimeZoneBody.parse({ time_zone: ' America/New_York ' })).toEqual({ time_zone: 'America/New_York' });
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    const refused = TimeZoneName.safeParse('Mars/Olympus_Mons');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Unknown time zone: choose one from the list (an IANA name such as America/New_York).');
    for (const bad of ['', '+05:00', 'America/Los Angeles', 'a'.repeat(65)]) expect(TimeZoneName.safeParse(bad).success, bad).toBe(false);
  });
});
