import { describe, expect, it } from 'vitest';
import { bundledPropertyData } from './bundled.ts';
import { propertyDataContract } from './contract.ts';
import type { PropertyRecord } from './port.ts';

const data = bundledPropertyData();
const first = async (): Promise<PropertyRecord> => {
  const record = await data.findById('ca-scl-00007');
  if (!record) throw new Error('the sample dataset has no ca-scl-00007');
  return record;
};

propertyDataContract('bundled sample dataset', () => data, first);

describe('bundled property data', () => {
  it('lists the eight sample counties alphabetically, counting 2,450 properties', async () => {
    const counties = await data.counties();
    expect(counties.map((c) => c.name)).toEqual(['Alameda', 'Los Angeles', 'Orange', 'Riverside', 'Sacramento', 'San Diego', 'San Francisco', 'Santa Clara']);
    expect(counties.reduce((n, c) => n + c.property_count, 0)).toBe(2450);
  });

  it('says it is sample data', () => {
    expect(data.notice).toMatch(/^SAMPLE DATA/);
  });

  it('answers a keystroke in well under a millisecond on average', async () => {
    const queries = ['1', '12', '123', '1234 ', '1234 o', '1234 oa', 'oak', 'mission', '0165-3', '95125'];
    const started = performance.now();
    for (let round = 0; round < 100; round++) for (const q of queries) await data.search(q, 8);
    const perQuery = (performance.now() - started) / (100 * queries.length);
    expect(perQuery).toBeLessThan(1);
  });
});
