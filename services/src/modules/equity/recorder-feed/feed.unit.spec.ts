import { describe, expect, it } from 'vitest';
import { RecordedDocument } from '@acpg/contracts/equity';
import { importChecker, isCaliforniaCounty } from './checks.ts';
import { fileFeed } from './file.ts';
import { matchKey, type RecorderFeed } from './port.ts';
import { recordingsCsv, sampleFeed } from './sample.ts';

const counties = [
  { name: 'Santa Clara', apn_format: '###-##-###', property_count: 1 },
  { name: 'San Francisco', apn_format: '####/###', property_count: 1 },
];
const protectedOne = { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA' as const, zip: '95112', apn: '264-12-087' };

const rowsOf = async (feed: RecorderFeed) => {
  const rows = [];
  for await (const row of feed.rows()) rows.push(row);
  return rows;
};

describe('recorder feed', () => {
  it('matches on county and APN whatever their punctuation and case, never on names', () => {
    expect(matchKey('LOS ANGELES COUNTY', '0165307174')).toBe(matchKey('Los Angeles', '0165-307-174'));
    expect(matchKey('Los Angeles', '0165-307-174')).not.toBe(matchKey('Orange', '0165-307-174'));
  });

  it('generates realistic recordings, the same for the same seed, the first ones on the protected parcels', () => {
    const options = { count: 200, seed: 7, counties, onProtected: [protectedOne], from: '2026-11-01', to: '2026-11-27' };
    const rows = [...sampleFeed(options).rows()];
    const again = [...sampleFeed(options).rows()];
    expect(rows).toEqual(again);
    const recordings = rows.map((r) => ('recording' in r ? r.recording : null));
    expect(recordings.every((r) => r !== null && RecordedDocument.safeParse(r).success)).toBe(true);
    expect(recordings[0]).toMatchObject({ apn: '264-12-087', county: 'Santa Clara' });
    expect(recordings.slice(1).every((r) => /^(\d{3}-\d{2}-\d{3}|\d{4}\/\d{3})$/.test(r?.apn ?? ''))).toBe(true);
    expect(new Set(recordings.map((r) => r?.document_type)).size).toBe(7);
    expect(recordings.every((r) => r && r.recorded_at >= '2026-11-01' && r.recorded_at <= '2026-11-27')).toBe(true);
  });

  it('reads its own CSV back row for row', async () => {
    const recordings = [...sampleFeed({ count: 20, seed: 3, counties, onProtected: [], from: '2026-11-01', to: '2026-11-02' }).rows()].flatMap((r) => ('recording' in r ? [r.recording] : []));
    const back = (await rowsOf(fileFeed(Buffer.from(recordingsCsv(recordings)), 'csv', 100))).map((r) => ('recording' in r ? r.recording : r));
    expect(back).toEqual(recordings);
  });

  it('refuses rows one by one, and a file it cannot read as a whole', async () => {
    const csv = 'document_number,county,apn,document_type,recorded_at,grantor,grantee,amount_cents\n1,Kern,123-45-678,lien,2026-01-01,A,B,12.5\n2,Kern,123-45-678,lien,2026-01-01,A,B,';
    const rows = await rowsOf(fileFeed(Buffer.from(csv), 'csv', 100));
    expect(rows[0]).toEqual({ row: 1, errors: ['amount_cents must be a whole number of cents'] });
    expect(rows[1]).toMatchObject({ row: 2, recording: { amount_cents: null } });
    await expect(rowsOf(fileFeed(Buffer.from('x,"unterminated\n'), 'csv', 100))).rejects.toThrow(/could not be read|first row/);
    await expect(rowsOf(fileFeed(Buffer.from(csv), 'csv', 1))).rejects.toThrow(/at most 1/);
    await expect(rowsOf(fileFeed(Buffer.from('a,b\n"x,y\n'), 'csv', 100))).rejects.toThrow(/line \d/);
    await expect(rowsOf(fileFeed(Buffer.from('{"a":1}\n{"a":2}\n'), 'jsonl', 1))).rejects.toThrow(/more than 1 lines/);
    expect(() => fileFeed(Buffer.alloc(0), 'jsonl', 100)).toThrow(/empty/);
  });
});

describe('the checks on a whole import', () => {
  const rec = (over: Partial<RecordedDocument> = {}): RecordedDocument => ({
    document_number: '2026-0000001',
    county: 'Los Angeles',
    apn: '0165-307-174',
    document_type: 'grant_deed',
    recorded_at: '2026-11-20',
    grantor: 'A',
    grantee: 'B',
    amount_cents: null,
    ...over,
  });

  it('accepts a California county however it is written, and a day up to today (a day of grace for time zones)', () => {
    const check = importChecker('2026-11-27');
    expect(check(rec({ county: 'LOS ANGELES COUNTY' }), 1)).toEqual([]);
    expect(check(rec({ document_number: '2', county: 'san  luis obispo', recorded_at: '2026-11-28' }), 2)).toEqual([]);
    expect(isCaliforniaCounty('Contra Costa County')).toBe(true);
  });

  it('refuses another state’s county, a day after today, and a document number an earlier row had in the same county', () => {
    const check = importChecker('2026-11-27');
    expect(check(rec(), 3)).toEqual([]);
    expect(check(rec({ county: 'Los Angeles County' }), 5)).toEqual(['document 2026-0000001 repeats row 3']);
    expect(check(rec({ county: 'Orange' }), 6)).toEqual([]); // another county's recorder
    expect(check(rec({ document_number: '9', county: 'Nowhere County' }), 7)).toEqual(['county "Nowhere County" is not a California county']);
    expect(check(rec({ document_number: '10', recorded_at: '2026-12-27' }), 8)).toEqual(['recorded_at 2026-12-27 is after today']);
  });
});
