import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAZARD_FLAGS } from '../port.ts';
import { SAMPLE_COUNTIES } from './counties.ts';
import { loadSampleDataset, SAMPLE_DATASET_FILE } from './dataset.ts';
import { generateSampleDataset, renderSampleDataset } from './generate.ts';

const apnPattern = (format: string) => new RegExp(`^${format.replaceAll('#', '\\d')}$`);

describe('sample property dataset', () => {
  const dataset = loadSampleDataset();

  it('is what the generator writes, byte for byte (run `npm run properties:sample` after changing it)', () => {
    expect(renderSampleDataset(generateSampleDataset())).toBe(readFileSync(SAMPLE_DATASET_FILE, 'utf8'));
  });

  it('gives the same records on every run (deterministic)', () => {
    expect(generateSampleDataset()).toEqual(generateSampleDataset());
  });

  it('is marked as sample data', () => {
    const raw = JSON.parse(readFileSync(SAMPLE_DATASET_FILE, 'utf8')) as { sample_data: unknown; notice: string };
    expect(raw.sample_data).toBe(true);
    expect(raw.notice).toMatch(/^SAMPLE DATA/);
  });

  it('holds at least 2,000 California properties across at least five counties', () => {
    expect(dataset.properties.length).toBeGreaterThanOrEqual(2000);
    const counties = new Set(dataset.properties.map((p) => p.county));
    expect(counties.size).toBeGreaterThanOrEqual(5);
    expect(dataset.properties.every((p) => p.state === 'CA')).toBe(true);
  });

  it("writes each APN in its county's format, and no APN or id twice", () => {
    for (const county of SAMPLE_COUNTIES) {
      const own = dataset.properties.filter((p) => p.county === county.name);
      expect(own.length, county.name).toBe(county.properties);
      const pattern = apnPattern(county.apnFormat);
      expect(own.filter((p) => !pattern.test(p.apn)), county.name).toEqual([]);
    }
    expect(new Set(dataset.properties.map((p) => p.apn.replace(/\D/g, ''))).size).toBe(dataset.properties.length);
    expect(new Set(dataset.properties.map((p) => p.id)).size).toBe(dataset.properties.length);
  });

  it('places each property in a real city of its county, with one of that city’s ZIP codes', () => {
    for (const p of dataset.properties) {
      const city = SAMPLE_COUNTIES.find((c) => c.name === p.county)?.cities.find((c) => c.name === p.city);
      expect(city?.zips, `${p.id} ${p.city} ${p.zip}`).toContain(p.zip);
    }
  });

  it('gives every property an owner, a street address and a plausible year built', () => {
    for (const p of dataset.properties) {
      expect(p.owner_name).toMatch(/^[A-Z][\p{L}' -]+$/u);
      expect(p.address_line).toMatch(/^\d{3,4} [A-Z][A-Za-z ]+$/);
      expect(p.year_built).toBeGreaterThanOrEqual(1890);
      expect(p.year_built).toBeLessThanOrEqual(2020);
    }
    expect(new Set(dataset.properties.map((p) => p.owner_name)).size).toBeGreaterThan(1000);
  });

  it('sets each of the six hazard flags on some properties and not on others', () => {
    for (const flag of HAZARD_FLAGS) {
      const set = dataset.properties.filter((p) => p.hazards[flag]).length;
      expect(set, flag).toBeGreaterThan(20);
      expect(set, flag).toBeLessThan(dataset.properties.length / 2);
    }
  });
});
