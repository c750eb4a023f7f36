import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { formatSignInTime, signInNoticeReaction } from './reaction.ts';

describe('sign-in notice wording', () => {
  it('states the time in US English, in the account holder’s time zone, and names it', () => {
    expect(formatSignInTime('2026-11-23T16:35:09.123Z', 'America/Los_Angeles')).toBe('Monday, November 23, 2026 at 8:35 AM PST');
    expect(formatSignInTime('2026-01-01T00:05:00.000Z', 'America/Los_Angeles')).toBe('Wednesday, December 31, 2025 at 4:05 PM PST');
    expect(formatSignInTime('2026-01-01T00:05:00.000Z', 'America/New_York')).toBe('Wednesday, December 31, 2025 at 7:05 PM EST');
    expect(formatSignInTime('2026-01-01T00:05:00.000Z', 'UTC')).toBe('Thursday, January 1, 2026 at 12:05 AM UTC');
  });

  it('names the browser and the system when the user agent says them', () => {
    const agents: [string, string | undefined][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Windows'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on macOS'],
      ['curl/8.5.0', undefined],
      ['', undefined],
    ];
    for (const [agent, expected] of agents) expect(describeDevice(agent), agent).toBe(expected);
    expect(describeDevice(undefined)).toBeUndefined();
  });
});

describe('sign-in notice after sign-up', () => {
  it('is not sent for the session a new account starts with (the person just made the account)', async () => {
    const event = { id: 'e1', type: 'SessionStarted', occurredAt: '2026-11-27T12:00:00.000Z', data: { account_id: 'a1', session_id: 's1', by: 'sign-up' } } as unknown as StoredEvent;
    const platform = { eventStore: { readStream: async () => { throw new Error('a sign-up session reads no account'); } } } as unknown as Platform;
    await expect(signInNoticeReaction.jobs(event, platform)).resolves.toEqual([]);
  });
});
