import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, timeZoneChoices, withBrowserTimeZone } from './time-zone.ts';

describe('the browser’s time zone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is what Intl resolves, sent as time_zone', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/New_York' } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('America/New_York');
    expect(withBrowserTimeZone()).toEqual({ time_zone: 'America/New_York' });
  });

  it('sends nothing when the browser names no zone (the account keeps its own)', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions);
    expect(withBrowserTimeZone()).toEqual({});
  });

  it('offers every IANA zone the browser knows, and the account’s own even when the list lacks it', () => {
    const all = timeZoneChoices('America/Los_Angeles');
    expect(all).toContain('America/Los_Angeles');
    expect(all).toContain('America/New_York');
    expect(all.length).toBeGreaterThan(300);
    expect(timeZoneChoices('Etc/Legacy_Zone')[0]).toBe('Etc/Legacy_Zone');
  });
});
