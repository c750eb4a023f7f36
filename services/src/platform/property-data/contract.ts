import { describe, expect, it } from 'vitest';
import type { PropertyData, PropertyRecord } from './port.ts';

/** What every PropertyData adapter must do; `known` is a record the adapter holds. */
export const propertyDataContract = (name: string, make: () => PropertyData, known: () => Promise<PropertyRecord>) => {
  describe(`PropertyData contract: ${name}`, () => {
    const data = make();

    it('finds a property by the start of its address, in any case, within the limit', async () => {
      const record = await known();
      const number = record.address_line.split(' ')[0] ?? '';
      const results = await data.search(`${number} ${record.address_line.slice(number.length + 1, number.length + 4).toUpperCase()}`, 20);
      expect(results.map((r) => r.id)).toContain(record.id);
      expect(results.length).toBeLessThanOrEqual(20);
      const few = await data.search(number.slice(0, 1), 3);
      expect(few).toHaveLength(3);
    });

    it('finds it by the whole address with city and ZIP, punctuated as people write it', async () => {
      const record = await known();
      const results = await data.search(`${record.address_line}, ${record.city}, CA ${record.zip}`, 5);
      expect(results[0]?.id).toBe(record.id);
    });

    it('finds "St" for "Street", and the street name before the number', async () => {
      const record = { ...(await known()) };
      const abbreviated = record.address_line.replace(/ Street$/, ' St').replace(/ Avenue$/, ' Ave').replace(/ Drive$/, ' Dr').replace(/ Lane$/, ' Ln');
      expect(abbreviated).not.toBe(record.address_line);
      expect((await data.search(abbreviated, 20)).map((r) => r.id)).toContain(record.id);
      const [number, ...street] = record.address_line.split(' ');
      expect((await data.search(`${street.join(' ')} ${number}`, 20)).map((r) => r.id)).toContain(record.id);
    });

    it('finds a property by its APN, with or without punctuation, and by the start of it', async () => {
      const record = await known();
      expect((await data.search(record.apn, 5)).map((r) => r.id)).toEqual([record.id]);
      expect((await data.search(record.apn.replace(/\D/g, ''), 5))[0]?.id).toBe(record.id);
      expect((await data.findByApn(record.apn.replace(/\D/g, '')))?.id).toBe(record.id);
      const start = record.apn.slice(0, 6);
      const byStart = await data.search(start, 20);
      expect(byStart.length).toBeGreaterThan(0);
      expect(byStart.every((r) => r.apn.replace(/\D/g, '').startsWith(start.replace(/\D/g, '')))).toBe(true);
    });

    it('returns each property once and nothing for an unknown address', async () => {
      const results = await data.search('1', 20);
      expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
      expect(await data.search('zzzz nowhere lane', 10)).toEqual([]);
      expect(await data.search('!!!', 10)).toEqual([]);
    });

    it('finds a property by id, and answers null for unknown ids and APNs', async () => {
      const record = await known();
      expect(await data.findById(record.id)).toEqual(record);
      expect(await data.findById('no-such-id')).toBeNull();
      expect(await data.findByApn('000-000-000-000-000')).toBeNull();
    });

    it('lists its counties with their APN formats and property counts', async () => {
      const counties = await data.counties();
      expect(counties.length).toBeGreaterThanOrEqual(1);
      const record = await known();
      const own = counties.find((c) => c.name === record.county);
      expect(own?.property_count).toBeGreaterThan(0);
      expect(own?.apn_format).toMatch(/#/);
    });
  });
};
