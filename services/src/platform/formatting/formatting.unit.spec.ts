import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatCents, formatCount, formatDateIso, formatDateTime12, formatDateUs, formatLongDate, formatLongDateTime, formatUsd, isTimeZone } from './index.ts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

describe('dates in the recipient’s time zone', () => {
  it('a US evening event is the evening’s day in Los Angeles, not UTC’s next day', () => {
    const evening = '2026-06-03T04:30:00Z'; // 9:30 PM on June 2 in Los Angeles (PDT)
    expect(formatLongDate(evening, LA)).toBe('June 2, 2026');
    expect(formatDateUs(evening, LA)).toBe('06-02-2026');
    expect(formatDateIso(evening, LA)).toBe('2026-06-02');
    expect(formatDateTime12(evening, LA)).toBe('06-02-2026 09:30 PM');
    expect(formatLongDateTime(evening, LA)).toBe('Tuesday, June 2, 2026 at 9:30 PM PDT');
    // The same instant is already June 3 in New York (12:30 AM EDT), and in UTC.
    expect(formatLongDate(evening, NY)).toBe('June 3, 2026');
    expect(formatDateTime12(evening, NY)).toBe('06-03-2026 12:30 AM');
    expect(formatLongDate(evening, 'UTC')).toBe('June 3, 2026');
    expect(formatLongDateTime(evening, 'UTC')).toBe('Wednesday, June 3, 2026 at 4:30 AM UTC');
  });

  it('follows daylight saving time (PST in winter, PDT in summer; the spring-forward night)', () => {
    expect(formatDateTime12('2026-01-15T20:00:00Z', LA)).toBe('01-15-2026 12:00 PM'); // UTC-8
    expect(formatDateTime12('2026-07-15T20:00:00Z', LA)).toBe('07-15-2026 01:00 PM'); // UTC-7
    expect(formatLongDateTime('2026-01-15T20:00:00Z', LA)).toBe('Thursday, January 15, 2026 at 12:00 PM PST');
    // 2026-03-08: 1:59 AM PST is followed by 3:00 AM PDT.
    expect(formatDateTime12('2026-03-08T09:59:00Z', LA)).toBe('03-08-2026 01:59 AM');
    expect(formatDateTime12('2026-03-08T10:00:00Z', LA)).toBe('03-08-2026 03:00 AM');
    // 2026-11-01: 1:30 AM comes twice, PDT then PST.
    expect(formatLongDateTime('2026-11-01T08:30:00Z', LA)).toBe('Sunday, November 1, 2026 at 1:30 AM PDT');
    expect(formatLongDateTime('2026-11-01T09:30:00Z', LA)).toBe('Sunday, November 1, 2026 at 1:30 AM PST');
  });

  it('midnight and noon on a 12-hour clock', () => {
    expect(formatDateTime12('2026-06-03T07:00:00Z', LA)).toBe('06-03-2026 12:00 AM');
    expect(formatDateTime12('2026-06-03T19:05:00Z', LA)).toBe('06-03-2026 12:05 PM');
  });

  it('a bare calendar day (YYYY-MM-DD) is that day in every zone', () => {
    expect(formatLongDate('2026-06-03', LA)).toBe('June 3, 2026');
    expect(formatLongDate('2026-06-03', 'Pacific/Kiritimati')).toBe('June 3, 2026');
    expect(formatDateUs('2026-12-31', 'Pacific/Honolulu')).toBe('12-31-2026');
  });

  it('takes a Date or epoch milliseconds too; not a date is empty', () => {
    expect(formatLongDate(new Date('2026-06-03T04:30:00Z'), LA)).toBe('June 2, 2026');
    expect(formatLongDate(Date.parse('2026-06-03T04:30:00Z'), NY)).toBe('June 3, 2026');
    expect(formatLongDate('not a date', LA)).toBe('');
    expect(formatDateTime12(Number.NaN, LA)).toBe('');
  });

  it('knows IANA zones only', () => {
    expect(DEFAULT_TIME_ZONE).toBe(LA);
    for (const zone of [LA, NY, 'UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+10']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus_Mons', '', '+05:00', 'America/Los Angeles', '../etc/passwd']) expect(isTimeZone(zone)).toBe(false);
  });
});

describe('money', () => {
  it('US dollars with cents and thousands', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(7400)).toBe('$74.00');
    expect(formatCents(-2599)).toBe('-$25.99');
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatCents(Number.NaN)).toBe('$0.00');
    expect(formatCount(12_345)).toBe('12,345');
  });
});
